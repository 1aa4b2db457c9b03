import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from '../../../domain/clients';
import { activityLogs } from '../activity/schema';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('clients API', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    orgAdmin = await asUser(t, 'organization_admin', { fullName: 'Olive Owner' });
    const organizationId = orgAdmin.organizationId;
    admin = await asUser(t, 'admin', { organizationId });
    executive = await asUser(t, 'account_executive', { organizationId, fullName: 'Eve Exec' });
    developer = await asUser(t, 'developer', { organizationId });
    outsider = await asUser(t, 'organization_admin');
  });
  afterAll(() => t.close());

  const create = (user: TestUser, payload: Record<string, unknown>) =>
    user.inject({ method: 'POST', url: '/api/clients', payload });

  it('lets every staff role create a client, saving empty values as null and logging create_client', async () => {
    for (const user of [orgAdmin, admin, executive]) {
      const res = await create(user, {
        name: `Acme ${user.role}`,
        description: '',
        contactName: 'Dana',
        contactEmail: 'dana@acme.example',
        website: 'acme.example',
      });
      expect(res.statusCode).toBe(201);
      const client = res.json();
      expect(client).toMatchObject({ name: `Acme ${user.role}`, description: null, contactPhone: null, website: 'acme.example' });
    }
    const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.organizationId, orgAdmin.organizationId));
    expect(logs.filter((l) => l.action === 'create_client')).toHaveLength(3);
    expect(logs[0]!.details).toMatchObject({ contact_name: 'Dana', contact_email: 'dana@acme.example' });
  });

  it('refuses bad input with the spec message and writes nothing', async () => {
    const before = (await orgAdmin.inject({ method: 'GET', url: '/api/clients' })).json().total;
    const short = await create(orgAdmin, { name: 'A' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(CLIENT_MESSAGES.nameTooShort.message);
    const email = await create(orgAdmin, { name: 'Acme', contactEmail: 'nope' });
    expect(email.statusCode).toBe(400);
    expect(email.json().error.message).toBe(CLIENT_MESSAGES.emailInvalid.message);
    const missing = await create(orgAdmin, {});
    expect(missing.statusCode).toBe(400);
    expect((await orgAdmin.inject({ method: 'GET', url: '/api/clients' })).json().total).toBe(before);
  });

  it('says a validation error in the language asked for, with the same code (issue 48)', async () => {
    const invalid = (acceptLanguage: string) =>
      orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'A' }, headers: { 'accept-language': acceptLanguage } });
    const german = await invalid('de-AT,de;q=0.9');
    expect(german.statusCode).toBe(400);
    expect(german.json().error).toEqual({ code: 'validation_error', message: 'Der Kundenname muss mindestens 2 Zeichen lang sein.', field: 'name' });
    const spanish = await invalid('es');
    expect(spanish.json().error).toEqual({ code: 'validation_error', message: 'El nombre del cliente debe tener al menos 2 caracteres.', field: 'name' });
    // A language it does not speak: the English words, never the text's id.
    expect((await invalid('fr')).json().error).toEqual({ code: 'validation_error', message: CLIENT_MESSAGES.nameTooShort.message, field: 'name' });
  });

  it('shows the owner name to admins only', async () => {
    const asAdmin = (await orgAdmin.inject({ method: 'GET', url: '/api/clients' })).json();
    expect(asAdmin.items.find((c: { name: string }) => c.name === 'Acme account_executive').ownerName).toBe('Eve Exec');
    const asExec = (await executive.inject({ method: 'GET', url: '/api/clients' })).json();
    expect(asExec.items.every((c: { ownerName: unknown }) => c.ownerName === null)).toBe(true);
  });

  it('searches and paginates newest first', async () => {
    for (let i = 0; i < 5; i++) await create(admin, { name: `Paged ${i}` });
    const first = (await admin.inject({ method: 'GET', url: '/api/clients?search=paged&limit=2' })).json();
    expect(first.total).toBe(5);
    expect(first.items.map((c: { name: string }) => c.name)).toEqual(['Paged 4', 'Paged 3']);
    const second = (
      await admin.inject({ method: 'GET', url: `/api/clients?search=paged&limit=2&cursor=${first.nextCursor}` })
    ).json();
    expect(second.items.map((c: { name: string }) => c.name)).toEqual(['Paged 2', 'Paged 1']);
    const none = (await admin.inject({ method: 'GET', url: '/api/clients?search=zzz-nothing' })).json();
    expect(none).toMatchObject({ items: [], total: 0, nextCursor: null });
    const bad = await admin.inject({ method: 'GET', url: '/api/clients?cursor=garbage' });
    expect(bad.statusCode).toBe(400);
  });

  it('updates a client with the edit rules', async () => {
    const client = (await create(executive, { name: 'Before' })).json();
    const res = await executive.inject({
      method: 'PATCH',
      url: `/api/clients/${client.id}`,
      payload: { name: 'B', website: '', contactEmail: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'B', website: null, contactEmail: null });
    const empty = await executive.inject({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: { name: '' } });
    expect(empty.json().error.message).toBe(CLIENT_MESSAGES.nameRequired.message);
    const website = await executive.inject({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: { name: 'B', website: 'not a site' } });
    expect(website.json().error.message).toBe(CLIENT_MESSAGES.websiteInvalid.message);
  });

  it('keeps developers out: 403 for the tab, 404 for a client', async () => {
    const client = (await create(orgAdmin, { name: 'Secret' })).json();
    expect((await developer.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(403);
    expect((await create(developer, { name: 'Dev client' })).statusCode).toBe(403);
    expect((await developer.inject({ method: 'GET', url: '/api/clients/options' })).statusCode).toBe(403);
    const patch = await developer.inject({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: { name: 'Hacked' } });
    expect(patch.statusCode).toBe(404);
  });

  it('walls organizations off from each other', async () => {
    const client = (await create(orgAdmin, { name: 'Walled' })).json();
    const list = (await outsider.inject({ method: 'GET', url: '/api/clients?search=walled' })).json();
    expect(list.total).toBe(0);
    const patch = await outsider.inject({ method: 'PATCH', url: `/api/clients/${client.id}`, payload: { name: 'Stolen' } });
    expect(patch.statusCode).toBe(404);
    const options = (await outsider.inject({ method: 'GET', url: '/api/clients/options' })).json();
    expect(options.items).toEqual([]);
  });

  it('answers 401 when signed out and 404 for a malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
    expect((await orgAdmin.inject({ method: 'PATCH', url: '/api/clients/not-a-uuid', payload: { name: 'x' } })).statusCode).toBe(404);
  });

  it('lists client names ordered by name for pickers', async () => {
    await create(orgAdmin, { name: 'Zeta Picker' });
    await create(orgAdmin, { name: 'Alpha Picker' });
    const names: string[] = (await orgAdmin.inject({ method: 'GET', url: '/api/clients/options?search=picker' }))
      .json()
      .items.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Alpha Picker', 'Zeta Picker']);
  });

  it('reads one client for staff of its organization (a search result opens it); 404 for a developer and another organization', async () => {
    const id = (await create(executive, { name: 'Opened From Search', contactName: 'Sam' })).json().id;
    const one = await admin.inject({ method: 'GET', url: `/api/clients/${id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, name: 'Opened From Search', contactName: 'Sam' });
    expect((await developer.inject({ method: 'GET', url: `/api/clients/${id}` })).statusCode).toBe(404);
    expect((await outsider.inject({ method: 'GET', url: `/api/clients/${id}` })).statusCode).toBe(404);
  });
});

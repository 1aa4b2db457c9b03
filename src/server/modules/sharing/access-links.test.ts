import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARING_MESSAGES } from '../../../domain/sharing';
import { verifyPassword } from '../../platform/auth/password';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { projectAccessOpens, projectAccessTokens } from './schema';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;

describe('share links API (staff)', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { orgAdmin: 'Olive Owner', project: 'Shared Project' });
  });
  afterAll(() => t.close());

  const base = (projectId = a.projectId) => `/api/projects/${projectId}/access-links`;
  const create = (user: TestUser, payload: Record<string, unknown> = {}, projectId = a.projectId) =>
    user.inject({ method: 'POST', url: base(projectId), payload });
  const list = async (user: TestUser = a.orgAdmin) => (await user.inject({ method: 'GET', url: base() })).json().items;
  const linkRows = () => t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.projectId, a.projectId));
  const logs = (action: string) =>
    t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, action)));
  const open = (token: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: `/api/project-access/${token}/session`, payload: {}, headers: cookie ? { cookie } : {} });

  it('lets staff create, list, revoke and read opens; a developer who sees the project gets 403, others 404', async () => {
    for (const user of [a.orgAdmin, a.admin, a.executive]) {
      clock.advance(1000);
      const created = await create(user, { name: `By ${user.role}` });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ name: `By ${user.role}`, createdByName: user.fullName, hasPassword: false, openCount: 0, isExpired: false });
      const id = created.json().id;
      expect((await user.inject({ method: 'GET', url: base() })).statusCode).toBe(200);
      expect((await user.inject({ method: 'GET', url: `${base()}/${id}/opens` })).json()).toEqual({ items: [], nextCursor: null, total: 0 });
      expect((await user.inject({ method: 'POST', url: `${base()}/${id}/revoke` })).json()).toEqual({ revoked: true });
    }
    const [someLink] = await linkRows();
    const before = (await linkRows()).length;
    for (const [user, status] of [[a.developer, 403], [a.unassigned, 404], [a.outsider, 404]] as const) {
      expect((await user.inject({ method: 'GET', url: base() })).statusCode).toBe(status);
      expect((await create(user, { name: 'Nope' })).statusCode).toBe(status);
      expect((await user.inject({ method: 'POST', url: `${base()}/${someLink!.id}/revoke` })).statusCode).toBe(status);
      expect((await user.inject({ method: 'GET', url: `${base()}/${someLink!.id}/opens` })).statusCode).toBe(status);
    }
    expect((await t.app.inject({ method: 'GET', url: base() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: base(), payload: {} })).statusCode).toBe(401);
    expect((await a.orgAdmin.inject({ method: 'GET', url: base('00000000-0000-4000-8000-000000000000') })).statusCode).toBe(404);
    expect((await a.orgAdmin.inject({ method: 'GET', url: base('not-a-uuid') })).statusCode).toBe(404);
    expect((await linkRows()).length).toBe(before);
    expect(await logs('create_access_link')).toHaveLength(3);
    expect(await logs('revoke_access_link')).toHaveLength(3);
  });

  it('makes long, unique, URL-safe tokens', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const { token } = (await create(a.executive)).json();
      expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
      tokens.add(token);
    }
    expect(tokens.size).toBe(20);
  });

  it('hashes the password with Argon2id, sets the expiry from the clock, and logs create_access_link', async () => {
    const res = await create(a.orgAdmin, { name: '  Client review  ', password: 'open sesame', expiresInDays: 7 });
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(link).toMatchObject({ name: 'Client review', hasPassword: true, expiresAt: new Date(clock.now().getTime() + 7 * DAY).toISOString() });
    const [row] = await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.id, link.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash!, 'open sesame')).toBe(true);
    const [log] = (await logs('create_access_link')).filter((l) => (l.details as { link_name?: string }).link_name === 'Client review');
    expect(log).toMatchObject({ organizationId: a.orgAdmin.organizationId, userId: a.orgAdmin.profileId });
    expect(JSON.stringify(log!.details)).not.toContain('open sesame');
    // An empty password or name means none.
    expect((await create(a.orgAdmin, { name: '', password: '' })).json()).toMatchObject({ name: null, hasPassword: false, expiresAt: null });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = (await linkRows()).length;
    for (const payload of [
      { expiresInDays: 3 },
      { expiresInDays: '7' },
      { name: 'x'.repeat(101) },
      { password: 'p'.repeat(201) },
      { password: 42 },
    ]) {
      const res = await create(a.orgAdmin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect((await create(a.orgAdmin, { expiresInDays: 3 })).json().error.message).toContain('Choose an expiry');
    expect((await linkRows()).length).toBe(before);
  });

  it('lists only active links, newest first, with open counts and the last open', async () => {
    clock.advance(60_000);
    const older = (await create(a.orgAdmin, { name: 'Older' })).json();
    clock.advance(60_000);
    const newer = (await create(a.orgAdmin, { name: 'Newer' })).json();
    clock.advance(60_000);
    expect((await open(older.token)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await open(older.token, a.outsider.cookie)).statusCode).toBe(200);

    const items = await list();
    expect(items.slice(0, 2).map((l: { name: string }) => l.name)).toEqual(['Newer', 'Older']);
    expect(items.every((l: { id: string }) => l.id)).toBe(true);
    expect(items[0]).toMatchObject({ openCount: 0, lastOpenedAt: null });
    expect(items[1]).toMatchObject({ openCount: 2, lastOpenedAt: clock.now().toISOString() });
    const active = (await linkRows()).filter((r) => r.isActive).length;
    expect(items).toHaveLength(active);
    expect(items.map((l: { id: string }) => l.id)).toContain(newer.id);
  });

  it('shows who opened a link: signed-in viewers by name and email, anonymous ones as null, newest first', async () => {
    const link = (await create(a.orgAdmin, { name: 'Watched' })).json();
    clock.advance(1000);
    await open(link.token);
    clock.advance(1000);
    await open(link.token, a.developer.cookie);
    clock.advance(1000);
    await open(link.token, a.outsider.cookie);
    const res = await a.executive.inject({ method: 'GET', url: `${base()}/${link.id}/opens` });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(3);
    expect(res.json().items.map((o: { viewerName: string | null; viewerEmail: string | null }) => [o.viewerName, o.viewerEmail])).toEqual([
      [a.outsider.fullName, a.outsider.email],
      [a.developer.fullName, a.developer.email],
      [null, null],
    ]);
    // Issue 36: the whole log, a page at a time: 130 more entries, several in one millisecond.
    const base0 = clock.now().getTime();
    await t.db.insert(projectAccessOpens).values(
      Array.from({ length: 130 }, (_, i) => ({ projectId: a.projectId, accessTokenId: link.id, kind: 'view' as const, openedAt: new Date(base0 + 1000 + Math.floor(i / 4)) })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: { id: string; openedAt: string }[]; nextCursor: string | null; total: number } = (
        await a.executive.inject({ method: 'GET', url: `${base()}/${link.id}/opens?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}` })
      ).json();
      expect(page.total).toBe(133);
      seen.push(...page.items.map((o) => o.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(133);
    expect((await a.executive.inject({ method: 'GET', url: `${base()}/${link.id}/opens?cursor=nonsense` })).statusCode).toBe(400);
    // A link of another project is not found under this one.
    const other = (await create(a.orgAdmin, { name: 'Elsewhere' }, a.otherProjectId)).json();
    expect((await a.orgAdmin.inject({ method: 'GET', url: `${base()}/${other.id}/opens` })).statusCode).toBe(404);
    expect((await a.orgAdmin.inject({ method: 'POST', url: `${base()}/${other.id}/revoke` })).statusCode).toBe(404);
    expect((await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.id, other.id)))[0]!.isActive).toBe(true);
    expect(await t.db.select().from(projectAccessOpens).where(eq(projectAccessOpens.accessTokenId, other.id))).toEqual([]);
  });

  it('revokes for good: the link stops working, leaves the list, and revoking again is 404', async () => {
    const link = (await create(a.admin, { name: 'Short lived' })).json();
    expect((await open(link.token)).statusCode).toBe(200);
    clock.advance(1000);
    const res = await a.admin.inject({ method: 'POST', url: `${base()}/${link.id}/revoke` });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.id, link.id));
    expect(row).toMatchObject({ isActive: false, revokedAt: clock.now() });
    const gone = await open(link.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toEqual({ code: 'invalid_link', message: SHARING_MESSAGES.invalidLink.message });
    expect((await list()).map((l: { id: string }) => l.id)).not.toContain(link.id);
    const again = await a.admin.inject({ method: 'POST', url: `${base()}/${link.id}/revoke` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(SHARING_MESSAGES.linkNotFound.message);
    expect((await a.admin.inject({ method: 'POST', url: `${base()}/00000000-0000-4000-8000-000000000000/revoke` })).statusCode).toBe(404);
    const logged = (await logs('revoke_access_link')).filter((l) => (l.details as { link_id?: string }).link_id === link.id);
    expect(logged.map((l) => l.details)).toEqual([{ link_id: link.id, link_name: 'Short lived' }]);
    // Opens of a revoked link stay readable.
    expect((await a.admin.inject({ method: 'GET', url: `${base()}/${link.id}/opens` })).json().total).toBe(1);
  });

  it('lists an expired link as expired until revoked; the link itself stops working on time', async () => {
    const link = (await create(a.orgAdmin, { name: 'One day', expiresInDays: 1 })).json();
    clock.advance(DAY - 1000);
    expect((await open(link.token)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await open(link.token)).statusCode).toBe(404);
    expect((await list()).find((l: { id: string }) => l.id === link.id)).toMatchObject({ isExpired: true });
  });

  it('documents the sharing routes in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths);
    for (const route of [
      '/api/projects/{projectId}/access-links',
      '/api/projects/{projectId}/access-links/{linkId}/revoke',
      '/api/projects/{projectId}/access-links/{linkId}/opens',
      '/api/projects/{projectId}/developers',
      '/api/projects/{projectId}/developers/available',
      '/api/projects/{projectId}/developers/{profileId}',
      '/api/project-access/{token}/session',
      '/api/project-access/{token}',
      '/api/project-access/{token}/tasks/{taskId}',
      '/api/project-access/{token}/files/{fileId}/download',
      '/api/project-access/{token}/notes/{noteId}',
    ]) {
      expect(paths).toContain(route);
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/roles';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { asUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function organizationName(id: string) {
  const [row] = await t.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id));
  return row?.name;
}

describe('Renaming the organization', () => {
  it.each<Role>(['organization_admin', 'admin'])('is allowed to %s, on their own organization only', async (role) => {
    const user = await asUser(t, role, { organizationName: 'Old Name' });
    const other = await asUser(t, 'organization_admin', { organizationName: 'Someone Else' });
    const res = await user.inject({
      method: 'PATCH',
      url: '/api/organization',
      // An organization id in the body is ignored: the session decides.
      payload: { name: '  New Name  ', id: other.organizationId, organizationId: other.organizationId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.organizationId, name: 'New Name' });
    expect(await organizationName(user.organizationId)).toBe('New Name');
    expect(await organizationName(other.organizationId)).toBe('Someone Else');
    expect((await user.inject({ method: 'GET', url: '/api/me' })).json().organization.name).toBe('New Name');
  });

  it.each<Role>(['account_executive', 'developer'])('is refused to %s with 403', async (role) => {
    const user = await asUser(t, role, { organizationName: 'Kept Name' });
    const res = await user.inject({ method: 'PATCH', url: '/api/organization', payload: { name: 'Renamed' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(await organizationName(user.organizationId)).toBe('Kept Name');
  });

  it('refuses a too short name and anonymous callers', async () => {
    const user = await asUser(t, 'organization_admin', { organizationName: 'Kept Name' });
    const short = await user.inject({ method: 'PATCH', url: '/api/organization', payload: { name: ' a ' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Organization name must be at least 2 characters.');
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/organization', payload: { name: 'Renamed' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await organizationName(user.organizationId)).toBe('Kept Name');
  });
});

describe("The organization's language (issue 48)", () => {
  it.each<Role>(['organization_admin', 'admin'])('is set by %s, on their own organization only, and /api/me tells it', async (role) => {
    const user = await asUser(t, role);
    const other = await asUser(t, 'organization_admin');
    expect((await user.inject({ method: 'GET', url: '/api/me' })).json().organization.locale).toBe('en');
    const res = await user.inject({ method: 'PUT', url: '/api/organization/locale', payload: { locale: 'de', organizationId: other.organizationId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ locale: 'de' });
    expect((await user.inject({ method: 'GET', url: '/api/me' })).json().organization.locale).toBe('de');
    expect((await other.inject({ method: 'GET', url: '/api/me' })).json().organization.locale).toBe('en');
  });

  it.each<Role>(['account_executive', 'developer'])('is refused to %s with 403', async (role) => {
    const user = await asUser(t, role);
    const res = await user.inject({ method: 'PUT', url: '/api/organization/locale', payload: { locale: 'es' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    const [row] = await t.db.select({ locale: organizations.locale }).from(organizations).where(eq(organizations.id, user.organizationId));
    expect(row?.locale).toBe('en');
  });

  it('refuses a language Brieflane does not speak, and none, with 400; a new member saves no language', async () => {
    const user = await asUser(t, 'organization_admin');
    for (const payload of [{ locale: 'fr' }, { locale: null }, {}]) {
      const res = await user.inject({ method: 'PUT', url: '/api/organization/locale', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const fr = await user.inject({ method: 'PUT', url: '/api/organization/locale', payload: { locale: 'fr' }, headers: { 'accept-language': 'en' } });
    expect(fr.json().error.message).toContain('Choose English, Deutsch or Español.');
    await user.inject({ method: 'PUT', url: '/api/organization/locale', payload: { locale: 'es' } });
    const added = await user.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'New Hire', email: `new-hire-${Date.now()}@example.com`, role: 'developer' } });
    expect(added.statusCode, added.body).toBe(201);
    const [profile] = await t.db.select({ locale: profiles.locale }).from(profiles).where(eq(profiles.id, added.json().id));
    expect(profile?.locale).toBeNull();
  });
});

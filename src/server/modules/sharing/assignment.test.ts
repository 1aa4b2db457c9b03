import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARING_MESSAGES } from '../../../domain/sharing';
import { createMember } from '../../platform/auth/accounts';
import { fixedClock } from '../../platform/clock';
import { emailOutbox } from '../../platform/db/schema/platform';
import { activityLogs } from '../activity/schema';
import { developerProjectAccess } from './schema';
import { projectAccessTokens } from './schema';
import { asUser, type TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { lastEmailTo } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('developer assignment API', () => {
  let t: TestApp;
  let a: Agency;
  let newcomer: TestUser;
  let offline: { profileId: string };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { orgAdmin: 'Olive Owner', developer: 'Dana Dev', project: 'Assigned Project' });
    await a.orgAdmin.inject({
      method: 'PATCH',
      url: `/api/projects/${a.projectId}`,
      payload: { name: 'Assigned Project', description: 'Build the new site', companyOverview: 'Acme sells rockets', status: 'active', dueDate: null },
    });
    newcomer = await asUser(t, 'developer', { organizationId: a.orgAdmin.organizationId, fullName: 'Nia Newcomer' });
    // Decision 6: a member without an email has no login and gets no email.
    offline = await createMember(t.db, { organizationId: a.orgAdmin.organizationId, role: 'developer', fullName: 'Sam Offline' });
  });
  afterAll(() => t.close());

  const url = (projectId = a.projectId) => `/api/projects/${projectId}/developers`;
  const assign = (user: TestUser, payload: Record<string, unknown>, projectId = a.projectId) =>
    user.inject({ method: 'POST', url: url(projectId), payload });
  const accessRows = () => t.db.select().from(developerProjectAccess).where(eq(developerProjectAccess.projectId, a.projectId));
  const logs = (action: string) =>
    t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, action)));
  const visibleIds = async (user: TestUser) => (await user.inject({ method: 'GET', url: '/api/projects' })).json().items.map((p: { id: string }) => p.id);

  it('lists assigned and assignable developers of the organization for staff only', async () => {
    for (const user of [a.orgAdmin, a.admin, a.executive]) {
      const res = await user.inject({ method: 'GET', url: url() });
      expect(res.statusCode).toBe(200);
      const assigned = res.json();
      expect(assigned.items.map((d: { fullName: string }) => d.fullName)).toEqual(['Dana Dev']);
      expect(assigned.items[0]).toMatchObject({ profileId: a.developer.profileId, email: a.developer.email });
      expect(assigned.nextCursor).toBeNull();
      const availablePage = (await user.inject({ method: 'GET', url: `${url()}/available` })).json();
      expect(availablePage.nextCursor).toBeNull();
      const available = availablePage.items.map((d: { profileId: string }) => d.profileId);
      expect(available.sort()).toEqual([a.unassigned.profileId, newcomer.profileId, offline.profileId].sort());
      // Only developers; nobody of another organization.
      expect(available).not.toContain(a.executive.profileId);
    }
    for (const path of [url(), `${url()}/available`]) {
      expect((await a.developer.inject({ method: 'GET', url: path })).statusCode).toBe(403);
      expect((await a.unassigned.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      expect((await a.outsider.inject({ method: 'GET', url: path })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    }
  });

  it('refuses a missing or wrong developer and writes nothing', async () => {
    const outsiderDev = await asUser(t, 'developer', { organizationId: a.outsider.organizationId });
    const before = { access: (await accessRows()).length, links: (await t.db.select().from(projectAccessTokens)).length };
    for (const payload of [{}, { developerProfileId: '' }, { developerProfileId: 'abc' }, { developerProfileId: null }]) {
      const res = await assign(a.orgAdmin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(SHARING_MESSAGES.selectDeveloper.message);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', outsiderDev.profileId]) {
      expect((await assign(a.orgAdmin, { developerProfileId: id })).statusCode).toBe(404);
    }
    const notDev = await assign(a.orgAdmin, { developerProfileId: a.executive.profileId });
    expect(notDev.statusCode).toBe(400);
    expect(notDev.json().error).toEqual({ code: 'not_a_developer', message: SHARING_MESSAGES.notADeveloper.message });
    expect((await assign(a.orgAdmin, { developerProfileId: newcomer.profileId, password: 'x'.repeat(201) })).statusCode).toBe(400);
    for (const [user, status] of [[a.developer, 403], [a.unassigned, 404], [a.outsider, 404]] as const) {
      expect((await assign(user, { developerProfileId: newcomer.profileId })).statusCode).toBe(status);
    }
    expect((await accessRows()).length).toBe(before.access);
    expect((await t.db.select().from(projectAccessTokens)).length).toBe(before.links);
    expect(await lastEmailTo(t.db, newcomer.email, 'assign_developer')).toBeUndefined();
  });

  it('assigns: access, their own link with the password, activity and the assignment email, all at once', async () => {
    expect(await visibleIds(newcomer)).toEqual([]);
    const res = await assign(a.executive, { developerProfileId: newcomer.profileId, password: 'dev-secret', message: 'Welcome aboard' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      developer: { profileId: newcomer.profileId, fullName: 'Nia Newcomer', email: newcomer.email, assignedAt: clock.now().toISOString() },
      link: { name: 'Nia Newcomer', hasPassword: true, expiresAt: null, projectId: a.projectId, createdByName: a.executive.fullName },
      emailed: true,
    });
    const [row] = (await accessRows()).filter((r) => r.developerProfileId === newcomer.profileId);
    expect(row!.accessTokenId).toBe(body.link.id);

    const email = await lastEmailTo(t.db, newcomer.email, 'assign_developer');
    expect(email).toBeDefined();
    expect(email!.organizationId).toBe(a.orgAdmin.organizationId);
    expect(email!.subject).toContain('Assigned Project');
    for (const text of ['Nia Newcomer', 'Assigned Project', 'Build the new site', 'Acme sells rockets', `http://localhost:3000/project/${a.projectId}`]) {
      expect(email!.text).toContain(text);
    }
    expect(email!.text).not.toContain('dev-secret');
    expect(email!.text).not.toContain('Welcome aboard');
    expect((await logs('assign_developer')).map((l) => [l.userId, (l.details as { developer_name: string }).developer_name])).toEqual([
      [a.executive.profileId, 'Nia Newcomer'],
    ]);

    // The developer now sees the project, and the link works with its password.
    expect(await visibleIds(newcomer)).toEqual([a.projectId]);
    expect((await newcomer.inject({ method: 'GET', url: `/api/projects/${a.projectId}` })).statusCode).toBe(200);
    const opened = await t.app.inject({ method: 'POST', url: `/api/project-access/${body.link.token}/session`, payload: { password: 'dev-secret' } });
    expect(opened.statusCode).toBe(200);
    const listed = (await a.orgAdmin.inject({ method: 'GET', url: url() })).json();
    expect(listed.items.map((d: { profileId: string }) => d.profileId)).toContain(newcomer.profileId);
    const available = (await a.orgAdmin.inject({ method: 'GET', url: `${url()}/available` })).json();
    expect(available.items.map((d: { profileId: string }) => d.profileId)).not.toContain(newcomer.profileId);
  });

  it('answers 409 for a developer already assigned, creating no second link', async () => {
    const links = (await t.db.select().from(projectAccessTokens)).length;
    const res = await assign(a.orgAdmin, { developerProfileId: newcomer.profileId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SHARING_MESSAGES.alreadyAssigned.message);
    expect((await assign(a.orgAdmin, { developerProfileId: a.developer.profileId })).statusCode).toBe(409);
    expect((await t.db.select().from(projectAccessTokens)).length).toBe(links);
  });

  it('sends no email to a developer without one', async () => {
    const outboxBefore = (await t.db.select().from(emailOutbox)).length;
    const res = await assign(a.admin, { developerProfileId: offline.profileId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ developer: { fullName: 'Sam Offline', email: null }, link: { hasPassword: false }, emailed: false });
    expect((await t.db.select().from(emailOutbox)).length).toBe(outboxBefore);
  });

  it("unassigns: removes the access, revokes the developer's link, and logs it", async () => {
    const [row] = (await accessRows()).filter((r) => r.developerProfileId === newcomer.profileId);
    const [link] = await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.id, row!.accessTokenId!));
    for (const [user, status] of [[a.developer, 403], [a.outsider, 404]] as const) {
      expect((await user.inject({ method: 'DELETE', url: `${url()}/${newcomer.profileId}` })).statusCode).toBe(status);
    }
    const res = await a.orgAdmin.inject({ method: 'DELETE', url: `${url()}/${newcomer.profileId}` });
    expect(res.statusCode).toBe(204);
    expect((await accessRows()).map((r) => r.developerProfileId)).not.toContain(newcomer.profileId);
    expect((await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.id, link!.id)))[0]).toMatchObject({ isActive: false });
    expect((await t.app.inject({ method: 'POST', url: `/api/project-access/${link!.token}/session`, payload: { password: 'dev-secret' } })).statusCode).toBe(404);
    expect(await visibleIds(newcomer)).toEqual([]);
    expect((await logs('unassign_developer')).map((l) => (l.details as { developer_name: string }).developer_name)).toEqual(['Nia Newcomer']);

    const again = await a.orgAdmin.inject({ method: 'DELETE', url: `${url()}/${newcomer.profileId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(SHARING_MESSAGES.notAssigned.message);
    // A seeded assignment without a link unassigns too.
    expect((await a.orgAdmin.inject({ method: 'DELETE', url: `${url()}/${a.developer.profileId}` })).statusCode).toBe(204);
    // And may be assigned again afterwards.
    expect((await assign(a.orgAdmin, { developerProfileId: newcomer.profileId })).statusCode).toBe(201);
  });
});

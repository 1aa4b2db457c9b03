import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergeTagSuggestions, SUGGESTED_SKILL_TAGS, TEAM_MESSAGES } from '../../../domain/team';
import { accounts, sessions, users } from '../../platform/db/schema/auth';
import { emailOutbox } from '../../platform/db/schema/platform';
import { profiles } from '../../platform/db/schema/tenancy';
import { activityLogs } from '../activity/schema';
import { projects } from '../projects/schema';
import { developerProjectAccess } from '../sharing/schema';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { lastEmailTo } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let a: Agency;
let address = 0;
let emailCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = await seedAgency(t, { orgAdmin: 'Olive Owner', developer: 'Dev Assigned' });
});
afterAll(() => t.close());

const newEmail = (label: string) => `${label}-${++emailCounter}@team.test`;

function signIn(email: string, password: string) {
  address += 1;
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: `10.3.0.${address}` });
}

function add(user: TestUser, payload: Record<string, unknown>) {
  return user.inject({ method: 'POST', url: '/api/team', payload });
}

function list(user: TestUser, query = '') {
  return user.inject({ method: 'GET', url: `/api/team${query}` });
}

async function rowCounts() {
  const [p] = await t.db.select({ n: count() }).from(profiles);
  const [u] = await t.db.select({ n: count() }).from(users);
  const [e] = await t.db.select({ n: count() }).from(emailOutbox);
  const [l] = await t.db.select({ n: count() }).from(activityLogs);
  return { profiles: p!.n, users: u!.n, emails: e!.n, logs: l!.n };
}

function tokenFrom(text: string): string {
  const token = text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)$/m)?.[1];
  if (!token) throw new Error('no set-password link in the email');
  return token;
}

describe('Team API: who may use it', () => {
  it('refuses developers with 403 on every endpoint and anonymous callers with 401', async () => {
    const id = a.executive.profileId;
    const calls = [
      { method: 'GET', url: '/api/team' },
      { method: 'GET', url: '/api/team/tags' },
      { method: 'GET', url: `/api/team/${id}` },
      { method: 'GET', url: `/api/team/${id}/projects` },
      { method: 'POST', url: '/api/team', payload: { fullName: 'Nope' } },
      { method: 'PATCH', url: `/api/team/${id}`, payload: { fullName: 'Nope' } },
      { method: 'DELETE', url: `/api/team/${id}` },
    ] as const;
    const before = await rowCounts();
    for (const call of calls) {
      expect((await a.developer.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('answers 404 for a member of another organization, on read, edit and remove', async () => {
    const id = a.developer.profileId;
    expect((await a.outsider.inject({ method: 'GET', url: `/api/team/${id}` })).statusCode).toBe(404);
    expect((await a.outsider.inject({ method: 'PATCH', url: `/api/team/${id}`, payload: { fullName: 'Hijack' } })).statusCode).toBe(404);
    expect((await a.outsider.inject({ method: 'DELETE', url: `/api/team/${id}` })).statusCode).toBe(404);
    expect((await a.outsider.inject({ method: 'GET', url: '/api/team/not-a-uuid' })).statusCode).toBe(404);
    const outsiders = (await list(a.outsider)).json();
    expect(outsiders.items.map((m: { id: string }) => m.id)).toEqual([a.outsider.profileId]);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, id));
    expect(row!.fullName).toBe('Dev Assigned');
  });
});

describe('Team API: listing', () => {
  it('shows admins every member of their organization, newest first', async () => {
    for (const user of [a.orgAdmin, a.admin]) {
      const page = (await list(user)).json();
      expect(page.items.map((m: { id: string }) => m.id)).toEqual(
        expect.arrayContaining([a.orgAdmin.profileId, a.admin.profileId, a.executive.profileId, a.developer.profileId]),
      );
      expect(page.items).not.toContainEqual(expect.objectContaining({ id: a.outsider.profileId }));
    }
  });

  it('shows account executives only developers and account executives (spec 6), and hides the others from them', async () => {
    const page = (await list(a.executive)).json();
    const roles = new Set(page.items.map((m: { role: string }) => m.role));
    expect([...roles].sort()).toEqual(['account_executive', 'developer']);
    expect((await a.executive.inject({ method: 'GET', url: `/api/team/${a.admin.profileId}` })).statusCode).toBe(404);
    expect((await a.executive.inject({ method: 'DELETE', url: `/api/team/${a.admin.profileId}` })).statusCode).toBe(404);
  });

  it('filters by any of the chosen tags, ignoring case, and searches name and email', async () => {
    const vue = (await add(a.admin, { fullName: 'Vera Vue', tags: ['Vue', 'Figma'] })).json();
    const py = (await add(a.admin, { fullName: 'Pete Python', tags: ['python'] })).json();
    await add(a.admin, { fullName: 'Nora None' });
    const ids = async (query: string) => (await list(a.admin, query)).json().items.map((m: { id: string }) => m.id).sort();

    expect(await ids('?tag=vue')).toEqual([vue.id]);
    expect(await ids('?tag=Vue&tag=Python')).toEqual([vue.id, py.id].sort());
    expect(await ids('?search=pete')).toEqual([py.id]);
    expect(await ids('?search=pete&tag=Vue')).toEqual([]);
    const total = (await list(a.admin, '?tag=Vue&tag=Python')).json().total;
    expect(total).toBe(2);
  });

  it('pages with a cursor', async () => {
    const first = (await list(a.orgAdmin, '?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await list(a.orgAdmin, `?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items[0].id).not.toBe(first.items[0].id);
    expect(second.items.map((m: { id: string }) => m.id)).not.toContain(first.items[1].id);
    expect((await list(a.orgAdmin, '?cursor=garbage')).statusCode).toBe(400);
    expect((await list(a.orgAdmin, '?limit=1000')).statusCode).toBe(400);
  });

  it('lists the tags the organization uses, each once, in order, and not another organization’s; the web puts the spec’s first', async () => {
    await add(a.outsider, { fullName: 'Secret Tagger', tags: ['SecretSauce'] });
    const page = (await a.executive.inject({ method: 'GET', url: '/api/team/tags' })).json();
    expect(page).toEqual({ items: ['Figma', 'Python', 'Vue'], nextCursor: null });
    const offered = mergeTagSuggestions(page.items);
    expect(offered.slice(0, SUGGESTED_SKILL_TAGS.length)).toEqual([...SUGGESTED_SKILL_TAGS]);
    expect(offered.filter((tag) => tag === 'Python')).toHaveLength(1);
    expect(offered).toContain('Vue');
  });
});

describe('Team API: adding members', () => {
  it('adds a developer with an email: a login without a password, a set-password link by email, an activity row, together', async () => {
    const email = newEmail('invitee');
    const res = await add(a.admin, { fullName: '  Ivy Invitee ', email: email.toUpperCase(), tags: [' react ', 'React', 'Webflow'], website: 'ivy.dev' });
    expect(res.statusCode).toBe(201);
    const member = res.json();
    expect(member).toMatchObject({ fullName: 'Ivy Invitee', email, role: 'developer', tags: ['React', 'Webflow'], website: 'ivy.dev', canSignIn: true });

    const mail = await lastEmailTo(t.db, email, 'team_invitation');
    expect(mail?.subject).toContain('You have been added to');
    expect(mail?.text).toContain(a.admin.fullName);
    expect(mail?.organizationId).toBe(a.orgAdmin.organizationId);
    const [log] = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'add_team_member'), eq(activityLogs.organizationId, a.orgAdmin.organizationId)))
      .orderBy(activityLogs.createdAt);
    expect(log).toBeDefined();

    // No password yet: signing in fails until the link is used.
    expect((await signIn(email, 'anything-at-all')).statusCode).toBe(401);
    const token = tokenFrom(mail!.text);
    address += 1;
    const validate = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/validate', payload: { token }, remoteAddress: `10.3.1.${address}` });
    expect(validate.json()).toMatchObject({ valid: true });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/complete',
      payload: { token, password: 'ivy-chosen-1' },
      remoteAddress: `10.3.1.${address}`,
    });
    expect(done.statusCode).toBe(200);
    const signedIn = await signIn(email, 'ivy-chosen-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().profile).toMatchObject({ id: member.id, role: 'developer', organizationId: a.orgAdmin.organizationId });
  });

  it('with an initial password, the member signs in with it and the email does not contain it', async () => {
    const email = newEmail('withpass');
    const res = await add(a.executive, { fullName: 'Pat Password', email, role: 'account_executive', password: 'initial-pw-9' });
    expect(res.statusCode).toBe(201);
    const mail = await lastEmailTo(t.db, email, 'team_member_added');
    expect(mail?.text).not.toContain('initial-pw-9');
    expect(await lastEmailTo(t.db, email, 'team_invitation')).toBeUndefined();
    const [login] = await t.db.select({ password: accounts.password }).from(accounts).innerJoin(users, eq(users.id, accounts.userId)).where(eq(users.email, email));
    expect(login!.password).toMatch(/^\$argon2id\$/);
    expect((await signIn(email, 'initial-pw-9')).statusCode).toBe(200);
  });

  it('adds a member without an email as a profile with no login and sends nothing', async () => {
    const before = await rowCounts();
    const res = await add(a.orgAdmin, { fullName: 'Offline Olga', tags: ['Content'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: null, canSignIn: false, role: 'developer' });
    const after = await rowCounts();
    expect(after).toEqual({ ...before, profiles: before.profiles + 1, logs: before.logs + 1 });
  });

  it('limits roles by the caller: account executives cannot add admins, nobody adds an organization admin', async () => {
    const before = await rowCounts();
    const attempts: [TestUser, string][] = [
      [a.executive, 'admin'],
      [a.executive, 'organization_admin'],
      [a.admin, 'organization_admin'],
      [a.orgAdmin, 'organization_admin'],
    ];
    for (const [user, role] of attempts) {
      const res = await add(user, { fullName: 'Role Climber', email: newEmail('climber'), role });
      expect(res.statusCode, `${user.role} adding ${role}`).toBe(403);
      expect(res.json().error.message).toBe(TEAM_MESSAGES.roleNotAllowed.message);
    }
    expect(await rowCounts()).toEqual(before);
    expect((await add(a.admin, { fullName: 'New Admin', role: 'admin' })).statusCode).toBe(201);
    expect((await add(a.executive, { fullName: 'New Exec', role: 'account_executive' })).statusCode).toBe(201);
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const before = await rowCounts();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ fullName: '   ' }, 400, TEAM_MESSAGES.fullNameRequired.message],
      [{}, 400, TEAM_MESSAGES.fullNameRequired.message],
      [{ fullName: 'A', email: 'not-an-email' }, 400, TEAM_MESSAGES.emailInvalid.message],
      [{ fullName: 'A', email: newEmail('short'), password: '12345' }, 400, TEAM_MESSAGES.passwordTooShort.message],
      [{ fullName: 'A', password: 'long-enough' }, 400, TEAM_MESSAGES.passwordNeedsEmail.message],
      [{ fullName: 'A', website: 'no way' }, 400, TEAM_MESSAGES.websiteInvalid.message],
      [{ fullName: 'A', tags: ['x'.repeat(41)] }, 400, TEAM_MESSAGES.tagTooLong.message],
      [{ fullName: 'A', role: 'superuser' }, 400, 'Choose a valid role'],
      [{ fullName: 'A', email: a.outsider.email.toUpperCase() }, 409, TEAM_MESSAGES.emailTaken.message],
    ];
    for (const [payload, status, message] of cases) {
      const res = await add(a.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await rowCounts()).toEqual(before);
  });
});

describe('Team API: member detail', () => {
  it('lists assigned projects (id, name, status) for developer members only', async () => {
    const projectsOf = async (user: TestUser, memberId: string) => (await user.inject({ method: 'GET', url: `/api/team/${memberId}/projects` })).json();
    expect(await projectsOf(a.orgAdmin, a.developer.profileId)).toEqual({ items: [{ id: a.projectId, name: 'Agency Project', status: 'active' }], nextCursor: null });
    expect(await projectsOf(a.executive, a.unassigned.profileId)).toEqual({ items: [], nextCursor: null });
    // Even if an access row exists for a non-developer, it is not shown (spec 6).
    await t.db.insert(developerProjectAccess).values({ projectId: a.projectId, developerProfileId: a.executive.profileId });
    expect(await projectsOf(a.admin, a.executive.profileId)).toEqual({ items: [], nextCursor: null });
    await t.db.delete(developerProjectAccess).where(eq(developerProjectAccess.developerProfileId, a.executive.profileId));
    // The member alone, without the list.
    const dev = (await a.orgAdmin.inject({ method: 'GET', url: `/api/team/${a.developer.profileId}` })).json();
    expect(dev).toMatchObject({ id: a.developer.profileId, role: 'developer' });
    expect(dev).not.toHaveProperty('assignedProjects');
    // Someone the caller may not see is not found, here as on their page.
    expect((await a.outsider.inject({ method: 'GET', url: `/api/team/${a.developer.profileId}/projects` })).statusCode).toBe(404);
  });
});

describe('Team API: editing members', () => {
  it('updates name, email, website, tags and role; the login follows the email; a new password signs them out', async () => {
    const email = newEmail('editee');
    const member = (await add(a.admin, { fullName: 'Ed Itee', email, password: 'first-pass-1' })).json();
    const session = await signIn(email, 'first-pass-1');
    expect(session.statusCode).toBe(200);
    const newAddress = newEmail('edited');
    const res = await a.admin.inject({
      method: 'PATCH',
      url: `/api/team/${member.id}`,
      payload: { fullName: 'Ed Edited', email: newAddress, website: '', tags: ['Figma'], role: 'account_executive', password: 'second-pass-2' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'Ed Edited', email: newAddress, website: null, tags: ['Figma'], role: 'account_executive' });
    expect((await signIn(email, 'first-pass-1')).statusCode).toBe(401);
    expect((await signIn(newAddress, 'first-pass-1')).statusCode).toBe(401);
    expect((await signIn(newAddress, 'second-pass-2')).statusCode).toBe(200);
    const [log] = await t.db.select().from(activityLogs).where(eq(activityLogs.action, 'update_team_member'));
    expect(log!.details).toMatchObject({ previous_role: 'developer', role: 'account_executive', password_changed: true });
  });

  it('ignores an empty new password and refuses a short one', async () => {
    const email = newEmail('keeper');
    const member = (await add(a.admin, { fullName: 'Kay Keeper', email, password: 'keep-this-1' })).json();
    const patch = (password: string) =>
      a.admin.inject({ method: 'PATCH', url: `/api/team/${member.id}`, payload: { fullName: 'Kay Keeper', email, password } });
    expect((await patch('')).statusCode).toBe(200);
    const short = await patch('12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(TEAM_MESSAGES.passwordTooShort.message);
    expect((await signIn(email, 'keep-this-1')).statusCode).toBe(200);
  });

  it('gives a member without a login one when an email is added, with a set-password link', async () => {
    const member = (await add(a.admin, { fullName: 'Late Mail' })).json();
    const email = newEmail('latemail');
    const res = await a.admin.inject({ method: 'PATCH', url: `/api/team/${member.id}`, payload: { fullName: 'Late Mail', email } });
    expect(res.json()).toMatchObject({ email, canSignIn: true });
    expect(await lastEmailTo(t.db, email, 'team_invitation')).toBeDefined();
  });

  it('refuses role changes outside the rules, a blank name, a taken email, and writes nothing', async () => {
    const target = (await add(a.admin, { fullName: 'Target Dev', email: newEmail('target') })).json();
    const before = await rowCounts();
    const patch = (user: TestUser, id: string, payload: Record<string, unknown>) =>
      user.inject({ method: 'PATCH', url: `/api/team/${id}`, payload });
    const cases: [TestUser, string, Record<string, unknown>, number, string][] = [
      [a.executive, target.id, { fullName: 'T', email: target.email, role: 'admin' }, 403, TEAM_MESSAGES.roleNotAllowed.message],
      [a.admin, target.id, { fullName: 'T', email: target.email, role: 'organization_admin' }, 403, TEAM_MESSAGES.roleNotAllowed.message],
      [a.admin, a.admin.profileId, { fullName: 'Me', email: a.admin.email, role: 'developer' }, 403, TEAM_MESSAGES.cannotChangeOwnRole.message],
      [a.orgAdmin, a.orgAdmin.profileId, { fullName: 'Me', email: a.orgAdmin.email, role: 'admin' }, 403, TEAM_MESSAGES.cannotChangeOwnRole.message],
      [a.admin, a.orgAdmin.profileId, { fullName: 'Boss', email: a.orgAdmin.email, password: 'takeover-1' }, 403, TEAM_MESSAGES.orgAdminOnly.message],
      [a.admin, a.admin.profileId, { fullName: 'Me', email: a.admin.email, password: 'bypass-12' }, 400, TEAM_MESSAGES.ownPasswordInSettings.message],
      [a.admin, target.id, { fullName: '  ', email: target.email }, 400, TEAM_MESSAGES.fullNameRequired.message],
      [a.admin, target.id, { fullName: 'T', email: '' }, 400, TEAM_MESSAGES.emailRequiredForLogin.message],
      [a.admin, target.id, { fullName: 'T', email: a.executive.email }, 409, TEAM_MESSAGES.emailTaken.message],
    ];
    for (const [user, id, payload, status, message] of cases) {
      const res = await patch(user, id, payload);
      expect(res.statusCode, `${user.role} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await rowCounts()).toEqual(before);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, target.id));
    expect(row).toMatchObject({ fullName: 'Target Dev', role: 'developer' });
  });

  it('lets an organization admin edit themself without changing their role', async () => {
    const res = await a.orgAdmin.inject({
      method: 'PATCH',
      url: `/api/team/${a.orgAdmin.profileId}`,
      payload: { fullName: 'Olive Owner', email: a.orgAdmin.email, role: 'organization_admin', tags: ['Design'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'organization_admin', tags: ['Design'] });
  });
});

describe('Team API: removing members', () => {
  it('removes the profile, its login, sessions and project access; authored rows stay with no author', async () => {
    const email = newEmail('leaver');
    const leaver = (await add(a.admin, { fullName: 'Lee Leaver', email, password: 'leaver-pw-1' })).json();
    const signedIn = await signIn(email, 'leaver-pw-1');
    expect(signedIn.statusCode).toBe(200);
    const [login] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const [project] = await t.db
      .insert(projects)
      .values({ name: 'Leaver Project', organizationId: a.orgAdmin.organizationId, clientId: a.clientId, createdBy: leaver.id })
      .returning();
    await t.db.insert(developerProjectAccess).values({ projectId: project!.id, developerProfileId: leaver.id });

    const res = await a.executive.inject({ method: 'DELETE', url: `/api/team/${leaver.id}` });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(profiles).where(eq(profiles.id, leaver.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, login!.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, login!.id))).toEqual([]);
    expect(await t.db.select().from(developerProjectAccess).where(eq(developerProjectAccess.developerProfileId, leaver.id))).toEqual([]);
    const [kept] = await t.db.select().from(projects).where(eq(projects.id, project!.id));
    expect(kept!.createdBy).toBeNull();
    expect((await signIn(email, 'leaver-pw-1')).statusCode).toBe(401);
    const cookie = signedIn.headers['set-cookie'];
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: String(Array.isArray(cookie) ? cookie[0] : cookie).split(';')[0] } });
    expect(me.statusCode).toBe(401);
    const [log] = await t.db.select().from(activityLogs).where(eq(activityLogs.action, 'remove_team_member'));
    expect(log!.details).toMatchObject({ member_name: 'Lee Leaver', member_email: email });
    expect((await a.executive.inject({ method: 'DELETE', url: `/api/team/${leaver.id}` })).statusCode).toBe(404);
  });

  it('never removes an organization admin, nor yourself', async () => {
    const owner = await a.admin.inject({ method: 'DELETE', url: `/api/team/${a.orgAdmin.profileId}` });
    expect(owner.statusCode).toBe(403);
    expect(owner.json().error).toEqual({ code: 'organization_admin', message: TEAM_MESSAGES.cannotDelete.message });
    const ownerSelf = await a.orgAdmin.inject({ method: 'DELETE', url: `/api/team/${a.orgAdmin.profileId}` });
    expect(ownerSelf.json().error.message).toBe(TEAM_MESSAGES.cannotDelete.message);
    const self = await a.admin.inject({ method: 'DELETE', url: `/api/team/${a.admin.profileId}` });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe(TEAM_MESSAGES.cannotRemoveSelf.message);
    const remaining = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.organizationId, a.orgAdmin.organizationId));
    expect(remaining.map((r) => r.id)).toEqual(expect.arrayContaining([a.orgAdmin.profileId, a.admin.profileId]));
  });

  it('lets an organization admin remove a member without a login', async () => {
    const offline = (await add(a.orgAdmin, { fullName: 'No Login' })).json();
    expect((await a.orgAdmin.inject({ method: 'DELETE', url: `/api/team/${offline.id}` })).statusCode).toBe(204);
  });
});

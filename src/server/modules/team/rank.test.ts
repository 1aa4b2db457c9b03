// Decision 006: team changes follow rank (organization_admin > admin > account_executive >
// developer). Every caller × target × action through the real app; refusals change nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outranks, type Role } from '../../../domain/roles';
import { MEMBER_ACTIONS, settableRoles, TEAM_MESSAGES, type MemberAction } from '../../../domain/team';
import { accounts, sessions, users } from '../../platform/db/schema/auth';
import { emailOutbox } from '../../platform/db/schema/platform';
import { profiles } from '../../platform/db/schema/tenancy';
import { asUser, type TestUser } from '../../test/as-user';
import { lastEmailTo } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let organizationId: string;
let cast: Record<'owner' | 'admin' | 'executive' | 'peerAdmin' | 'peerExecutive' | 'developer', TestUser>;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await asUser(t, 'organization_admin', { fullName: 'Olive Owner' });
  organizationId = owner.organizationId;
  const member = (role: Role, fullName: string) => asUser(t, role, { organizationId, fullName });
  cast = {
    owner,
    admin: await member('admin', 'Ada Admin'),
    executive: await member('account_executive', 'Eve Executive'),
    peerAdmin: await member('admin', 'Pat Peer Admin'),
    peerExecutive: await member('account_executive', 'Pia Peer Executive'),
    developer: await member('developer', 'Dev Doer'),
  };
});
afterAll(() => t.close());

/** The request for `action` on `target`; a role change gives `newRole` (by default another role). */
function attempt(caller: TestUser, target: TestUser, action: MemberAction, newRole?: Role) {
  const url = `/api/team/${target.profileId}`;
  const keep = { fullName: target.fullName, email: target.email };
  switch (action) {
    case 'edit':
      return caller.inject({ method: 'PATCH', url, payload: { ...keep, fullName: 'Renamed By Someone', tags: ['Figma'] } });
    case 'set_password':
      return caller.inject({ method: 'PATCH', url, payload: { ...keep, password: 'taken-over-123' } });
    case 'change_role':
      return caller.inject({ method: 'PATCH', url, payload: { ...keep, role: newRole ?? (target.role === 'developer' ? 'account_executive' : 'developer') } });
    case 'remove':
      return caller.inject({ method: 'DELETE', url });
  }
}

async function snapshot(target: TestUser) {
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, target.profileId));
  const [login] = await t.db.select().from(users).where(eq(users.id, target.userId));
  const [credential] = await t.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, target.userId));
  const liveSessions = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, target.userId));
  const mail = await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, target.email));
  return { profile, login, credential, sessions: liveSessions.length, mail: mail.length };
}

const roleOf = {
  owner: 'organization_admin',
  admin: 'admin',
  executive: 'account_executive',
  peerAdmin: 'admin',
  peerExecutive: 'account_executive',
  developer: 'developer',
} as const satisfies Record<keyof typeof cast, Role>;
const callers = ['owner', 'admin', 'executive'] as const;
const targets = ['owner', 'peerAdmin', 'peerExecutive', 'developer'] as const;
// Every pair where the caller does not outrank the target (none of them is the caller).
const refusals = callers.flatMap((caller) =>
  targets
    .filter((target) => target !== caller && !outranks(roleOf[caller], roleOf[target]))
    .flatMap((target) => MEMBER_ACTIONS.map((action) => [caller, target, action] as const)),
);

describe('Team rank: refusals change nothing', () => {
  it('covers every pair where the caller does not outrank the target', () => {
    // owner: none; admin: owner, peer admin; executive: owner, peer admin, peer executive.
    expect(refusals).toHaveLength((0 + 2 + 3) * MEMBER_ACTIONS.length);
  });

  it.each(refusals)('%s → %s, %s', async (callerKey, targetKey, action) => {
    const caller = cast[callerKey];
    const target = cast[targetKey];
    const before = await snapshot(target);
    const res = await attempt(caller, target, action);
    // Account executives do not even see admins (spec 6): those answer 404 like a stranger.
    const hidden = caller.role === 'account_executive' && (target.role === 'admin' || target.role === 'organization_admin');
    expect(res.statusCode).toBe(hidden ? 404 : 403);
    expect(res.json().error.message).toBe(
      hidden
        ? TEAM_MESSAGES.notFound.message
        : target.role === 'organization_admin'
          ? { remove: TEAM_MESSAGES.cannotDelete.message, edit: TEAM_MESSAGES.orgAdminOnly.message, set_password: TEAM_MESSAGES.orgAdminOnly.message, change_role: TEAM_MESSAGES.orgAdminOnly.message }[action]
          : TEAM_MESSAGES.outranked.message,
    );
    expect(await snapshot(target)).toEqual(before);
    expect((await target.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });
});

describe('Team rank: what a higher rank may do', () => {
  // Every role below the caller's, every action; a role change needs a role the caller may give
  // other than the current one (an account executive gives only developer: see the next tests).
  const allowed = callers.flatMap((caller) =>
    (['admin', 'account_executive', 'developer'] as const)
      .filter((targetRole) => outranks(roleOf[caller], targetRole))
      .flatMap((targetRole) =>
        MEMBER_ACTIONS.filter((action) => action !== 'change_role' || settableRoles(roleOf[caller]).some((r) => r !== targetRole)).map(
          (action) => [caller, targetRole, action] as const,
        ),
      ),
  );

  it.each(allowed)('%s → a %s, %s', async (callerKey, targetRole, action) => {
    const caller = cast[callerKey];
    const target = await asUser(t, targetRole, { organizationId });
    const newRole = settableRoles(caller.role).find((role) => role !== targetRole);
    const res = await attempt(caller, target, action, newRole);
    expect(res.statusCode, res.body).toBe(action === 'remove' ? 204 : 200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, target.profileId));
    if (action === 'remove') expect(row).toBeUndefined();
    if (action === 'edit') expect(row).toMatchObject({ fullName: 'Renamed By Someone', tags: ['Figma'] });
    if (action === 'change_role') expect(row!.role).toBe(newRole);
  });

  it('sets roles only below the caller’s own: an admin cannot make a developer an admin', async () => {
    const target = await asUser(t, 'developer', { organizationId });
    const before = await snapshot(target);
    const res = await cast.admin.inject({
      method: 'PATCH',
      url: `/api/team/${target.profileId}`,
      payload: { fullName: target.fullName, email: target.email, role: 'admin' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'role_not_allowed', message: TEAM_MESSAGES.roleNotAllowed.message });
    expect(await snapshot(target)).toEqual(before);
    const promoted = await cast.owner.inject({
      method: 'PATCH',
      url: `/api/team/${target.profileId}`,
      payload: { fullName: target.fullName, email: target.email, role: 'admin' },
    });
    expect(promoted.json()).toMatchObject({ role: 'admin' });
  });

  it('an account executive may demote nobody but may give a developer only the developer role', async () => {
    const target = await asUser(t, 'developer', { organizationId });
    const res = await cast.executive.inject({
      method: 'PATCH',
      url: `/api/team/${target.profileId}`,
      payload: { fullName: target.fullName, email: target.email, role: 'account_executive' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(TEAM_MESSAGES.roleNotAllowed.message);
    const [row] = await t.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, target.profileId));
    expect(row!.role).toBe('developer');
  });
});

describe('Team rank: setting another member’s password', () => {
  it('ends their sessions and emails them who changed it, without the password', async () => {
    const target = await asUser(t, 'account_executive', { organizationId, fullName: 'Sam Signedin' });
    expect((await target.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    const res = await cast.admin.inject({
      method: 'PATCH',
      url: `/api/team/${target.profileId}`,
      payload: { fullName: target.fullName, email: target.email, password: 'fresh-secret-9' },
    });
    expect(res.statusCode).toBe(200);
    expect((await target.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, target.userId))).toEqual([]);
    const email = await lastEmailTo(t.db, target.email, 'password_set_by_member');
    expect(email).toBeDefined();
    expect(email!.subject).toBe('Your Brieflane password was changed by Ada Admin');
    expect(email!.text).toContain('Ada Admin set a new password');
    expect(email!.text).not.toContain('fresh-secret-9');
    expect(email!.organizationId).toBe(organizationId);
  });

  it('sends no such email when only the profile changes', async () => {
    const target = await asUser(t, 'developer', { organizationId });
    await cast.admin.inject({ method: 'PATCH', url: `/api/team/${target.profileId}`, payload: { fullName: 'New Name', email: target.email } });
    const rows = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, target.email), eq(emailOutbox.kind, 'password_set_by_member')));
    expect(rows).toEqual([]);
  });
});

// The organization's two-factor requirement (issue 31 item 2): the organization admin requires it
// of staff or of everyone; members it applies to get the grace period, then may only set it up;
// setting it up opens everything again at once; it cannot be turned off while required.
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../../domain/auth';
import {
  TWO_FACTOR_ENROLMENT_REQUIRED,
  TWO_FACTOR_ERRORS,
  TWO_FACTOR_GRACE_DAYS,
  TWO_FACTOR_POLICY_MESSAGES,
  twoFactorRequirement,
  type TwoFactorPolicyState,
  type TwoFactorSetup,
} from '../../../domain/two-factor';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date());
const DAY_MS = 24 * 60 * 60 * 1000;

describe('the two-factor requirement, as a rule', () => {
  const since = new Date('2026-11-01T00:00:00Z');
  const at = (days: number) => new Date(since.getTime() + days * DAY_MS);
  it('applies by role, counts the grace period from when it was set, and never to a member who has it on', () => {
    const staff = { policy: 'staff' as const, since };
    expect(twoFactorRequirement({ role: 'account_executive', twoFactorOn: false }, staff, at(1))).toEqual({ required: true, deadline: at(TWO_FACTOR_GRACE_DAYS), overdue: false });
    expect(twoFactorRequirement({ role: 'account_executive', twoFactorOn: false }, staff, at(TWO_FACTOR_GRACE_DAYS)).overdue).toBe(true);
    expect(twoFactorRequirement({ role: 'developer', twoFactorOn: false }, staff, at(30)).required).toBe(false);
    expect(twoFactorRequirement({ role: 'developer', twoFactorOn: false }, { policy: 'everyone', since }, at(30)).overdue).toBe(true);
    expect(twoFactorRequirement({ role: 'organization_admin', twoFactorOn: true }, { policy: 'everyone', since }, at(30)).required).toBe(false);
    expect(twoFactorRequirement({ role: 'admin', twoFactorOn: false }, { policy: 'off', since: null }, at(30)).required).toBe(false);
  });
});

describe('the two-factor requirement', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    owner = await asUser(t, 'organization_admin');
    const org = { organizationId: owner.organizationId };
    admin = await asUser(t, 'admin', org);
    executive = await asUser(t, 'account_executive', org);
    developer = await asUser(t, 'developer', org);
  });
  afterAll(() => t.close());

  const policy = (user: TestUser) => user.inject({ method: 'GET', url: '/api/organization/two-factor-policy' });
  const require = (user: TestUser, value: string) => user.inject({ method: 'PUT', url: '/api/organization/two-factor-policy', payload: { policy: value } });
  const me = async (user: TestUser) => ((await user.inject({ method: 'GET', url: '/api/me' })).json() as Me).twoFactor;
  const projects = (user: TestUser) => user.inject({ method: 'GET', url: '/api/projects' });
  const enrol = async (user: TestUser) => {
    const { secret } = (await user.inject({ method: 'POST', url: '/api/settings/two-factor/setup', payload: { password: user.password } })).json() as TwoFactorSetup;
    clock.advance(30_000);
    const code = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({ timestamp: clock.now().getTime() });
    const enabled = await user.inject({ method: 'POST', url: '/api/settings/two-factor/enable', payload: { code } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
  };

  it('is read by the organization admin and admins, and set by the organization admin only', async () => {
    expect((await policy(owner)).json()).toEqual({ policy: 'off', since: null, deadline: null, membersWithout: 0 });
    expect((await policy(admin)).statusCode).toBe(200);
    expect((await policy(executive)).statusCode).toBe(403);
    expect((await policy(developer)).statusCode).toBe(403);
    const refused = await require(admin, 'staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(TWO_FACTOR_POLICY_MESSAGES.onlyOrganizationAdmin.message);
    expect((await require(owner, 'sometimes')).statusCode).toBe(400);
    expect((await policy(owner)).json().policy).toBe('off');
  });

  it('leads staff to set it up for the grace period, then lets them only set it up; setting it up opens everything at once', async () => {
    const set = await require(owner, 'staff');
    expect(set.statusCode, set.body).toBe(200);
    const state = set.json() as TwoFactorPolicyState;
    const deadline = new Date(clock.now().getTime() + TWO_FACTOR_GRACE_DAYS * DAY_MS).toISOString();
    // The owner, the admin and the executive lack it; the developer is not asked.
    expect(state).toEqual({ policy: 'staff', since: clock.now().toISOString(), deadline, membersWithout: 3 });
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.organizationId, owner.organizationId), eq(activityLogs.action, 'change_two_factor_policy')));
    expect(entry).toMatchObject({ userId: owner.profileId, details: { from: 'off', to: 'staff' } });

    expect(await me(executive)).toEqual({ on: false, required: true, deadline, overdue: false });
    expect(await me(developer)).toEqual({ on: false, required: false, deadline: null, overdue: false });
    expect((await projects(executive)).statusCode).toBe(200);

    clock.advance(TWO_FACTOR_GRACE_DAYS * DAY_MS);
    const blocked = await projects(executive);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toEqual({ code: TWO_FACTOR_ENROLMENT_REQUIRED, message: TWO_FACTOR_POLICY_MESSAGES.enrolmentRequired.message });
    expect(await me(executive)).toMatchObject({ required: true, overdue: true });
    expect((await executive.inject({ method: 'GET', url: '/api/settings/two-factor' })).statusCode).toBe(200);
    // A developer is not asked under 'staff'.
    expect((await developer.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(200);

    await enrol(executive);
    expect((await projects(executive)).statusCode).toBe(200);
    expect(await me(executive)).toEqual({ on: true, required: false, deadline: null, overdue: false });
    expect((await policy(owner)).json().membersWithout).toBe(2);

    // While required it stays on.
    const off = await executive.inject({ method: 'POST', url: '/api/settings/two-factor/disable', payload: { password: executive.password, code: '123456' } });
    expect(off.statusCode).toBe(400);
    expect(off.json().error).toEqual({ code: TWO_FACTOR_ERRORS.requiredByOrganization, message: TWO_FACTOR_POLICY_MESSAGES.cannotTurnOff.message });
  });

  it('gives developers their own grace period when it widens to everyone, and frees everyone when turned off', async () => {
    const widened = (await require(owner, 'everyone')).json() as TwoFactorPolicyState;
    expect(widened.since).toBe(clock.now().toISOString());
    expect((await projects(developer)).statusCode).toBe(200);
    expect((await me(developer)).required).toBe(true);
    // The same policy again keeps its date.
    clock.advance(DAY_MS);
    expect((await require(owner, 'everyone')).json().since).toBe(widened.since);
    clock.advance(TWO_FACTOR_GRACE_DAYS * DAY_MS);
    expect((await projects(developer)).json().error.code).toBe(TWO_FACTOR_ENROLMENT_REQUIRED);
    expect((await projects(owner)).json().error.code).toBe(TWO_FACTOR_ENROLMENT_REQUIRED);
    // The organization admin, overdue too, may still set the requirement (and set two-factor up).
    expect((await require(owner, 'off')).json()).toEqual({ policy: 'off', since: null, deadline: null, membersWithout: 0 });
    expect((await projects(developer)).statusCode).toBe(200);
    expect((await projects(admin)).statusCode).toBe(200);
  });

  it('holds for a personal API token of an overdue member too', async () => {
    const other = await asUser(t, 'organization_admin');
    const token = await other.inject({ method: 'POST', url: '/api/settings/api-tokens', payload: { name: 'CI', scope: 'read', expiresInDays: 30 } });
    expect(token.statusCode, token.body).toBe(201);
    const bearer = { authorization: `Bearer ${token.json().token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/projects', headers: bearer })).statusCode).toBe(200);
    await require(other, 'staff');
    clock.advance((TWO_FACTOR_GRACE_DAYS + 1) * DAY_MS);
    const refused = await t.app.inject({ method: 'GET', url: '/api/projects', headers: bearer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(TWO_FACTOR_ENROLMENT_REQUIRED);
  });
});

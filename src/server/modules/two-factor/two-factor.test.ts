// Two-factor sign-in (issue 31 item 1): set-up with the password and a code, sign-in asking for
// an app code or a recovery code, codes good once, the window's edges, guesses limited, turning it
// off, and an admin's reset by rank. Codes come from the otpauth library's generator; the clock is
// the platform's, moved by the test.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SIGN_IN_ERRORS } from '../../../domain/auth';
import type { MemberSession } from '../../../domain/sessions';
import { TWO_FACTOR_ERRORS, TWO_FACTOR_MESSAGES, TWO_FACTOR_SIGN_IN_MESSAGES, type TwoFactorSetup, type TwoFactorStatus } from '../../../domain/two-factor';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { RATE_LIMITS } from '../../platform/auth/rate-limit';
import { rateLimits, sessions } from '../../platform/db/schema/auth';
import { twoFactorRecoveryCodes, twoFactors } from './schema';
import { asUser, sessionCookie, type TestUser } from '../../test/as-user';
import { lastEmailTo, signInCodeFor } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date());
const STEP_MS = 30_000;

describe('two-factor sign-in', () => {
  let t: TestApp;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const codeAt = (secret: string, at: Date) =>
    new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({ timestamp: at.getTime() });
  /** A code for the step after the newest one used: each code is good once. */
  const freshCode = (secret: string) => {
    clock.advance(STEP_MS);
    return codeAt(secret, clock.now());
  };

  const signIn = (user: TestUser, extra: Record<string, string> = {}) => {
    address += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password, ...extra },
      remoteAddress: `198.51.100.${address % 250}`,
    });
  };
  const post = (user: TestUser, url: string, payload: object) => user.inject({ method: 'POST', url, payload });
  const status = async (user: TestUser) => (await user.inject({ method: 'GET', url: '/api/settings/two-factor' })).json() as TwoFactorStatus;
  /** How the session a sign-in answered was signed in, as Settings -> Sessions lists it (issue 49 item 21). */
  const signInWayOf = async (res: Awaited<ReturnType<typeof signIn>>) => {
    const listed = (await t.app.inject({ method: 'GET', url: '/api/settings/sessions', headers: { cookie: sessionCookie(res)! } })).json() as MemberSession[];
    return listed.find((s) => s.current)!.signIn;
  };

  /** Sets two-factor up for `user`: the secret and the recovery codes. */
  const enrol = async (user: TestUser) => {
    const setup = await post(user, '/api/settings/two-factor/setup', { password: user.password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as TwoFactorSetup;
    const enabled = await post(user, '/api/settings/two-factor/enable', { code: freshCode(secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    return { secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
  };

  it("answers a validation message and a refusal in the caller's language with the same code (issue 48)", async () => {
    const user = await asUser(t, 'admin');
    const ask = (url: string, payload: object, acceptLanguage: string) => user.inject({ method: 'POST', url, payload, headers: { 'accept-language': acceptLanguage } });

    // The code's validation (zod carries the sign-in part's id).
    const [english, german] = await Promise.all([
      ask('/api/settings/two-factor/enable', { code: '12345' }, 'en'),
      ask('/api/settings/two-factor/enable', { code: '12345' }, 'de-DE,de;q=0.9'),
    ]);
    expect(english.json().error).toEqual({ code: 'validation_error', message: TWO_FACTOR_SIGN_IN_MESSAGES.codeRequired.message, field: 'code' });
    expect(german.statusCode).toBe(400);
    expect(german.json().error).toEqual({ code: english.json().error.code, message: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.', field: 'code' });

    // A refusal of the service (an AppError with a Settings text): no set-up started.
    const late = await ask('/api/settings/two-factor/enable', { code: '123456' }, 'de');
    expect(late.json().error).toEqual({ code: TWO_FACTOR_ERRORS.setupMissing, message: 'Beginnen Sie die Einrichtung erneut: Sie wurde nicht begonnen oder ist abgelaufen.' });
  });

  it('sets up with the password and a code from the app, and shows ten recovery codes once', async () => {
    const user = await asUser(t, 'admin');
    expect(await status(user)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    const wrongPassword = await post(user, '/api/settings/two-factor/setup', { password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toEqual({ code: 'wrong_password', message: AUTH_MESSAGES.currentPasswordWrong.message });

    const setup = await post(user, '/api/settings/two-factor/setup', { password: user.password });
    expect(setup.statusCode).toBe(200);
    const body = setup.json() as TwoFactorSetup;
    expect(body.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const plain = body.secret.replace(/ /g, '');
    expect(body.uri).toBe(`otpauth://totp/Brieflane:${encodeURIComponent(user.email)}?issuer=Brieflane&secret=${plain}&algorithm=SHA1&digits=6&period=30`);
    expect(body.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(body.qrSvg).not.toMatch(/<script|on\w+=/i);
    // Stored sealed, never as the app reads it; nothing changes for sign-in until a code proves it.
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.userId));
    expect(row!.secretSealed).not.toContain(plain);
    expect(row!.enabledAt).toBeNull();
    expect((await signIn(user)).statusCode).toBe(200);

    const wrong = await post(user, '/api/settings/two-factor/enable', { code: codeAt(plain, new Date(clock.now().getTime() + 10 * STEP_MS)) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: TWO_FACTOR_ERRORS.invalid, message: TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid.message });
    const malformed = await post(user, '/api/settings/two-factor/enable', { code: '12345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe(TWO_FACTOR_SIGN_IN_MESSAGES.codeRequired.message);
    expect((await status(user)).enabled).toBe(false);

    // Apps show the code as "123 456"; the space does not matter.
    const code = freshCode(plain);
    const enabled = await post(user, '/api/settings/two-factor/enable', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await t.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.userId));
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) expect(recoveryCodes.map((c) => c.replace('-', ''))).not.toContain(codeHash);
    expect(await status(user)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await lastEmailTo(t.db, user.email, 'two_factor_on'))?.subject).toBe('Two-factor sign-in is on for your Brieflane account');

    // On is on: a second set-up or enable is a conflict, and the secret stays.
    expect((await post(user, '/api/settings/two-factor/setup', { password: user.password })).statusCode).toBe(409);
    expect((await post(user, '/api/settings/two-factor/enable', { code: freshCode(plain) })).statusCode).toBe(409);
  });

  it('refuses to turn on without a set-up, or after the set-up has expired', async () => {
    const user = await asUser(t, 'admin');
    const none = await post(user, '/api/settings/two-factor/enable', { code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('two_factor_setup_missing');
    const { secret } = (await post(user, '/api/settings/two-factor/setup', { password: user.password })).json() as TwoFactorSetup;
    clock.advance(61 * 60 * 1000);
    const late = await post(user, '/api/settings/two-factor/enable', { code: codeAt(secret, clock.now()) });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toEqual({ code: 'two_factor_setup_missing', message: TWO_FACTOR_MESSAGES.noSetup.message });
  });

  it('asks for a code after the right password, and signs in with one, each code once', async () => {
    const user = await asUser(t, 'account_executive');
    const { secret } = await enrol(user);
    const sessionsBefore = await t.db.$count(sessions, eq(sessions.userId, user.userId));

    const required = await signIn(user);
    expect(required.statusCode).toBe(401);
    expect(required.json().error).toEqual({ code: TWO_FACTOR_ERRORS.required, message: TWO_FACTOR_SIGN_IN_MESSAGES.codeRequired.message });
    expect(sessionCookie(required)).toBeUndefined();
    // The wrong password still says only that.
    const wrongPassword = await signIn({ ...user, password: 'nope-nope' }, { twoFactorCode: codeAt(secret, clock.now()) });
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');

    const wrong = await signIn(user, { twoFactorCode: codeAt(secret, new Date(clock.now().getTime() + 20 * STEP_MS)) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: TWO_FACTOR_ERRORS.invalid, message: TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid.message });
    expect(sessionCookie(wrong)).toBeUndefined();
    // No session was left behind by the refused attempts.
    expect(await t.db.$count(sessions, eq(sessions.userId, user.userId))).toBe(sessionsBefore);

    const code = freshCode(secret);
    const ok = await signIn(user, { twoFactorCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    const cookie = sessionCookie(ok)!;
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.email).toBe(user.email);
    // The session says it took the app's code; only a recovery code's answer counts what is left.
    expect(await signInWayOf(ok)).toEqual({ method: 'password', factor: 'app_code', provider: null });
    expect(ok.json()).not.toHaveProperty('recoveryCodesLeft');
    // The same code again (someone looking over a shoulder): refused.
    const replay = await signIn(user, { twoFactorCode: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe(TWO_FACTOR_ERRORS.invalid);
  });

  it('accepts a code one step either side of now, and no further', async () => {
    const user = await asUser(t, 'admin');
    const { secret } = await enrol(user);
    const at = (steps: number) => codeAt(secret, new Date(clock.now().getTime() + steps * STEP_MS));
    // Steps are used oldest first, since each success makes every older step unusable.
    clock.advance(10 * STEP_MS);
    expect((await signIn(user, { twoFactorCode: at(-2) })).statusCode).toBe(401);
    expect((await signIn(user, { twoFactorCode: at(2) })).statusCode).toBe(401);
    expect((await signIn(user, { twoFactorCode: at(-1) })).statusCode).toBe(200);
    expect((await signIn(user, { twoFactorCode: at(0) })).statusCode).toBe(200);
    expect((await signIn(user, { twoFactorCode: at(1) })).statusCode).toBe(200);
    // After the step ahead was used, the current one is spent too.
    expect((await signIn(user, { twoFactorCode: at(0) })).statusCode).toBe(401);
  });

  it('signs in with a recovery code once, whatever its case or hyphen', async () => {
    const user = await asUser(t, 'developer');
    const { recoveryCodes } = await enrol(user);
    const typed = recoveryCodes[3]!.replace('-', '').toUpperCase();
    const ok = await signIn(user, { recoveryCode: ` ${typed} ` });
    expect(ok.statusCode, ok.body).toBe(200);
    // Issue 49 item 21: the answer says how many are left, and the session that it took one.
    expect(ok.json()).toMatchObject({ user: { email: user.email }, recoveryCodesLeft: 9 });
    expect(await signInWayOf(ok)).toEqual({ method: 'password', factor: 'recovery_code', provider: null });
    const again = await signIn(user, { recoveryCode: recoveryCodes[3]! });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toEqual({ code: TWO_FACTOR_ERRORS.invalid, message: TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeInvalid.message });
    expect((await status(user)).recoveryCodesLeft).toBe(9);
    // Another user's code is not this user's.
    const other = await asUser(t, 'developer');
    const theirs = await enrol(other);
    expect((await signIn(user, { recoveryCode: theirs.recoveryCodes[0]! })).statusCode).toBe(401);
  });

  it('past the per-email limit, asks for the emailed code, then the second factor, and uses the emailed code only once both pass', async () => {
    const user = await asUser(t, 'developer');
    const { secret } = await enrol(user);
    // The account is past its per-email sign-in limit (issue 26): a new address needs an emailed code.
    const row = { count: RATE_LIMITS['sign-in'].email.max, lastRequest: clock.now().getTime() };
    await t.db
      .insert(rateLimits)
      .values({ id: randomUUID(), key: `brieflane:sign-in:email:${user.email}`, ...row })
      .onConflictDoUpdate({ target: rateLimits.key, set: row });

    expect((await signIn(user)).json().error.code).toBe(SIGN_IN_ERRORS.codeRequired);
    const emailed = await signInCodeFor(t.db, user.email);
    const required = await signIn(user, { code: emailed });
    expect(required.json().error.code).toBe(TWO_FACTOR_ERRORS.required);
    // A mistyped app code does not use up the emailed one either.
    const wrong = await signIn(user, { code: emailed, twoFactorCode: codeAt(secret, new Date(clock.now().getTime() + 30 * STEP_MS)) });
    expect(wrong.json().error.code).toBe(TWO_FACTOR_ERRORS.invalid);
    const ok = await signIn(user, { code: emailed, twoFactorCode: freshCode(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(sessionCookie(ok)).toBeDefined();
    // The app's code is what the session names, beside which the emailed one counts for less.
    expect(await signInWayOf(ok)).toEqual({ method: 'password', factor: 'app_code', provider: null });
    // Used now: it does not sign in a second time.
    expect((await signIn(user, { code: emailed, twoFactorCode: freshCode(secret) })).json().error.code).toBe(SIGN_IN_ERRORS.codeInvalid);
  });

  it('limits code guesses per account, wherever they come from', async () => {
    const user = await asUser(t, 'admin');
    const { secret } = await enrol(user);
    const wrong = codeAt(secret, new Date(clock.now().getTime() + 40 * STEP_MS));
    for (let guess = 0; guess < 10; guess++) expect((await signIn(user, { twoFactorCode: wrong })).statusCode).toBe(401);
    // The eleventh, even a right one, waits for the window to end.
    expect((await signIn(user, { twoFactorCode: freshCode(secret) })).statusCode).toBe(429);
    expect((await post(user, '/api/settings/two-factor/recovery-codes', { code: freshCode(secret) })).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000);
    expect((await signIn(user, { twoFactorCode: freshCode(secret) })).statusCode).toBe(200);
  });

  it('makes new recovery codes for an app code; the old ones stop working', async () => {
    const user = await asUser(t, 'admin');
    const { secret, recoveryCodes } = await enrol(user);
    expect((await post(user, '/api/settings/two-factor/recovery-codes', { code: '000000' })).statusCode).toBe(400);
    const renewed = await post(user, '/api/settings/two-factor/recovery-codes', { code: freshCode(secret) });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await signIn(user, { recoveryCode: recoveryCodes[0]! })).statusCode).toBe(401);
    expect((await signIn(user, { recoveryCode: fresh[0]! })).statusCode).toBe(200);
  });

  it('turns off only with the password and a code, and tells the owner', async () => {
    const user = await asUser(t, 'admin');
    const { secret, recoveryCodes } = await enrol(user);
    const off = (payload: object) => post(user, '/api/settings/two-factor/disable', payload);
    const wrongPassword = await off({ password: 'wrong-password', code: freshCode(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('wrong_password');
    const wrongCode = await off({ password: user.password, code: 'zzzzz-zzzzz' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toEqual({ code: TWO_FACTOR_ERRORS.invalid, message: TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeInvalid.message });
    expect((await status(user)).enabled).toBe(true);

    // A recovery code will do (the phone is lost).
    expect((await off({ password: user.password, code: recoveryCodes[0]! })).statusCode).toBe(204);
    expect(await status(user)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await t.db.$count(twoFactorRecoveryCodes, eq(twoFactorRecoveryCodes.userId, user.userId))).toBe(0);
    expect((await lastEmailTo(t.db, user.email, 'two_factor_off'))?.text).toContain('Two-factor sign-in was turned off');
    expect((await signIn(user)).statusCode).toBe(200);
    const again = await off({ password: user.password, code: '123456' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('two_factor_off');
  });

  it('lets an admin reset a member below their rank: sessions end, the member is emailed, the log says who', async () => {
    const admin = await asUser(t, 'admin');
    const org = { organizationId: admin.organizationId };
    const developer = await asUser(t, 'developer', org);
    const peer = await asUser(t, 'admin', org);
    const owner = await asUser(t, 'organization_admin', org);
    const stranger = await asUser(t, 'developer');
    const plain = await asUser(t, 'account_executive', org);
    for (const member of [developer, peer, owner, stranger]) await enrol(member);

    const read = (caller: TestUser, member: TestUser) => caller.inject({ method: 'GET', url: `/api/team/${member.profileId}/two-factor` });
    const reset = (caller: TestUser, member: TestUser) => caller.inject({ method: 'POST', url: `/api/team/${member.profileId}/two-factor/reset` });
    expect((await read(admin, developer)).json()).toEqual({ enabled: true });
    expect((await read(admin, plain)).json()).toEqual({ enabled: false });
    expect((await read(admin, peer)).statusCode).toBe(403);
    expect((await reset(admin, peer)).statusCode).toBe(403);
    expect((await reset(admin, owner)).statusCode).toBe(403);
    expect((await reset(developer, admin)).statusCode).toBe(403);
    expect((await reset(admin, stranger)).statusCode).toBe(404);
    const own = await reset(admin, admin);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.code).toBe('own_two_factor');
    expect((await reset(admin, plain)).json().error.code).toBe('two_factor_off');

    expect((await developer.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await reset(admin, developer)).statusCode).toBe(204);
    expect((await developer.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await read(admin, developer)).json()).toEqual({ enabled: false });
    const email = await lastEmailTo(t.db, developer.email, 'two_factor_reset');
    expect(email?.text).toContain(`${admin.fullName} turned off two-factor sign-in for your account`);
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.organizationId, admin.organizationId), eq(activityLogs.action, 'reset_two_factor')));
    expect(entry).toMatchObject({ userId: admin.profileId, details: { member_id: developer.profileId, member_email: developer.email } });
    // The member signs in with the password alone again.
    expect((await signIn(developer)).statusCode).toBe(200);
    // The owner may reset an admin.
    expect((await reset(owner, peer)).statusCode).toBe(204);
  });

  it('issue 46: an account executive may neither see nor reset a developer’s two-factor (admins only, as the README says)', async () => {
    const executive = await asUser(t, 'account_executive');
    const developer = await asUser(t, 'developer', { organizationId: executive.organizationId });
    await enrol(developer);
    for (const method of ['GET', 'POST'] as const) {
      const res = await executive.inject({ method, url: `/api/team/${developer.profileId}/two-factor${method === 'POST' ? '/reset' : ''}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(TWO_FACTOR_MESSAGES.onlyAdminsReset.message);
    }
    // Still on, and the developer still signed in.
    expect((await developer.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect(await t.db.select().from(activityLogs).where(and(eq(activityLogs.organizationId, executive.organizationId), eq(activityLogs.action, 'reset_two_factor')))).toHaveLength(0);
  });
});

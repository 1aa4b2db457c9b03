// Issue 26, item 5: no victim lockout. Past the per-email sign-in limit, an address the account
// has not used needs a code emailed to the account as well as the password (decision 007).
// Addresses come from X-Forwarded-For with TRUST_PROXY on, as behind the production proxy.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SIGN_IN_ERRORS } from '../../../domain/auth';
import type { MemberSession } from '../../../domain/sessions';
import { RATE_LIMITS } from '../../platform/auth/rate-limit';
import { fixedClock } from '../../platform/clock';
import { rateLimits } from '../../platform/db/schema/auth';
import { asUser, sessionCookie, TEST_PASSWORD } from '../../test/as-user';
import { countEmailsTo, lastEmailTo, signInCodeFor } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SIGN_IN_CODE_LIFETIME_MS } from './sign-in-step-up';

const clock = fixedClock(new Date('2026-11-22T10:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

function signIn(body: { email: string; password: string; code?: string }, address: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: body,
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': address },
  });
}

const codeRequired = { error: { code: SIGN_IN_ERRORS.codeRequired, message: AUTH_MESSAGES.signInCodeRequired.message } };
const codeInvalid = { error: { code: SIGN_IN_ERRORS.codeInvalid, message: AUTH_MESSAGES.signInCodeInvalid.message } };

/** The issue's attack: `perAddress` wrong passwords from each of `addresses` addresses; the answers' codes. */
async function attack(email: string, prefix: string, addresses = 11, perAddress = 5): Promise<string[]> {
  const codes: string[] = [];
  for (let a = 1; a <= addresses; a += 1) {
    for (let i = 0; i < perAddress; i += 1) {
      codes.push((await signIn({ email, password: `wrong-${a}-${i}` }, `${prefix}.${a}`)).json().error.code);
    }
  }
  return codes;
}

/**
 * The per-email count as after the limit's worth of failures (each a full Argon2 check, slow on a
 * busy machine); the first test runs the attack in full.
 */
async function passEmailLimit(email: string): Promise<void> {
  const row = { count: RATE_LIMITS['sign-in'].email.max, lastRequest: clock.now().getTime() };
  await t.db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: `brieflane:sign-in:email:${email}`, ...row })
    .onConflictDoUpdate({ target: rateLimits.key, set: row });
}

/** The Set-Cookie attributes without the session token's value. */
function cookieShape(res: { headers: Record<string, unknown> }): string {
  return String(res.headers['set-cookie']).replace(/=[^;]*;/, '=<token>;');
}

/** How the session of `cookie` was signed in, as Settings -> Sessions lists it. */
async function signInWayOf(cookie: string) {
  const listed = (await t.app.inject({ method: 'GET', url: '/api/settings/sessions', headers: { cookie } })).json() as MemberSession[];
  return listed.find((s) => s.current)!.signIn;
}

function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('Sign-in past the per-email limit (issue 26: no victim lockout)', () => {
  it('55 wrong passwords from 11 addresses: the right password from a new address gets the code step, then signs in with the emailed code', async () => {
    const user = await asUser(t, 'developer');
    const { max } = RATE_LIMITS['sign-in'].email;
    const answers = await attack(user.email, '203.0.113');

    const owner = '198.51.100.7';
    const stepUp = await signIn({ email: user.email, password: TEST_PASSWORD }, owner);
    // Before issue 26 this was a 429 (rate_limited) for 15 minutes from every new address.
    expect(stepUp.statusCode).toBe(401);
    expect(stepUp.json()).toEqual(codeRequired);
    expect(sessionCookie(stepUp)).toBeUndefined();
    expect(answers.slice(0, max)).toEqual(Array(max).fill('invalid_credentials'));
    // Past the limit the wrong passwords get the same answer as the right one.
    expect(answers.slice(max)).toEqual(Array(55 - max).fill(SIGN_IN_ERRORS.codeRequired));
    // The owner is told, once, when the limit is passed (the 51st attempt, from the 11th address).
    expect(await countEmailsTo(t.db, user.email, 'sign_in_attack')).toBe(1);
    const notice = await lastEmailTo(t.db, user.email, 'sign_in_attack');
    expect(notice?.subject).toBe('Someone is trying to sign in to your Brieflane account');
    expect(notice?.text).toContain('from 11 different addresses');

    const code = await signInCodeFor(t.db, user.email);
    const signedIn = await signIn({ email: user.email, password: TEST_PASSWORD, code }, owner);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(user.email);
    const cookie = sessionCookie(signedIn);
    expect(cookie).toBeDefined();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookie! } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.userId);
    // Issue 49 item 21: the session says the emailed code let it in beside the password.
    expect(await signInWayOf(cookie!)).toEqual({ method: 'password', factor: 'email_code', provider: null });

    // The address is now known to the account: the password alone signs in from it, and the
    // session cookie is set exactly as by that normal sign-in.
    const again = await signIn({ email: user.email, password: TEST_PASSWORD }, owner);
    expect(again.statusCode).toBe(200);
    expect(cookieShape(signedIn)).toBe(cookieShape(again));
    expect(await signInWayOf(sessionCookie(again)!)).toEqual({ method: 'password', factor: null, provider: null });
  });

  it('answers a wrong password past the limit as it answers the right one, and emails a code only for the right one', async () => {
    const user = await asUser(t, 'developer');
    await passEmailLimit(user.email);
    const codesBefore = await countEmailsTo(t.db, user.email, 'sign_in_code');
    expect(codesBefore).toBe(0);

    const wrong = await signIn({ email: user.email, password: 'not-the-password' }, '198.51.101.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(codeRequired);
    expect(await countEmailsTo(t.db, user.email, 'sign_in_code')).toBe(0);

    const right = await signIn({ email: user.email, password: TEST_PASSWORD }, '198.51.101.2');
    expect(right.statusCode).toBe(wrong.statusCode);
    expect(right.json()).toEqual(wrong.json());
    expect(await countEmailsTo(t.db, user.email, 'sign_in_code')).toBe(1);

    // A wrong password with a code is refused like a wrong code, and signs nobody in.
    const code = await signInCodeFor(t.db, user.email);
    const guessed = await signIn({ email: user.email, password: 'not-the-password', code }, '198.51.101.3');
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json()).toEqual(codeInvalid);
    expect(sessionCookie(guessed)).toBeUndefined();

    // An email without an account answers alike past its limit, and nothing is sent.
    const nobody = 'nobody-step-up@example.com';
    await passEmailLimit(nobody);
    const unknown = await signIn({ email: nobody, password: TEST_PASSWORD }, '198.51.101.4');
    expect(unknown.json()).toEqual(codeRequired);
    expect(await countEmailsTo(t.db, nobody, 'sign_in_code')).toBe(0);
    expect(await countEmailsTo(t.db, nobody, 'sign_in_attack')).toBe(0);

    // The strict per-address limits still answer a plain 429: an attacking address is done.
    await attack(user.email, '203.0.114', 1, RATE_LIMITS['sign-in'].emailAndAddress.max);
    const blocked = await signIn({ email: user.email, password: TEST_PASSWORD }, '203.0.114.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
  });

  it('burns the code after 5 wrong guesses with the right password; wrong-password guesses do not touch it', async () => {
    const user = await asUser(t, 'developer');
    await passEmailLimit(user.email);
    await signIn({ email: user.email, password: TEST_PASSWORD }, '198.51.102.1');
    const code = await signInCodeFor(t.db, user.email);

    // Someone without the password cannot use up the owner's code.
    for (let i = 0; i < 10; i += 1) {
      const res = await signIn({ email: user.email, password: `guess-${i}`, code: otherCode(code) }, `198.51.103.${i + 1}`);
      expect(res.json()).toEqual(codeInvalid);
    }
    for (let i = 0; i < 5; i += 1) {
      const res = await signIn({ email: user.email, password: TEST_PASSWORD, code: otherCode(code) }, `198.51.104.${i + 1}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(codeInvalid);
    }
    const burnt = await signIn({ email: user.email, password: TEST_PASSWORD, code }, '198.51.104.9');
    expect(burnt.json()).toEqual(codeInvalid);
  });

  it('takes a code once, and not after it expires', async () => {
    const user = await asUser(t, 'developer');
    await passEmailLimit(user.email);
    await signIn({ email: user.email, password: TEST_PASSWORD }, '198.51.105.1');
    const code = await signInCodeFor(t.db, user.email);
    expect((await signIn({ email: user.email, password: TEST_PASSWORD, code }, '198.51.105.1')).statusCode).toBe(200);
    // Single use: the same code from another new address is refused.
    expect((await signIn({ email: user.email, password: TEST_PASSWORD, code }, '198.51.105.2')).json()).toEqual(codeInvalid);

    // A fresh code, unused until it expires; the attack goes on, so the limit is still passed.
    clock.advance(60_000);
    await signIn({ email: user.email, password: TEST_PASSWORD }, '198.51.105.3');
    const late = await signInCodeFor(t.db, user.email);
    expect(late).not.toBe('');
    clock.advance(SIGN_IN_CODE_LIFETIME_MS + 1000);
    await passEmailLimit(user.email);
    const expired = await signIn({ email: user.email, password: TEST_PASSWORD, code: late }, '198.51.105.4');
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(codeInvalid);
  });

  it('emails at most one new code a minute and a few an hour', async () => {
    const user = await asUser(t, 'developer');
    await passEmailLimit(user.email);
    const ask = (n: number) => signIn({ email: user.email, password: TEST_PASSWORD }, `198.51.106.${n}`);
    expect((await ask(1)).json()).toEqual(codeRequired);
    expect((await ask(2)).json()).toEqual(codeRequired);
    expect(await countEmailsTo(t.db, user.email, 'sign_in_code')).toBe(1);

    const { max } = RATE_LIMITS['sign-in-code-hourly'].email;
    for (let i = 3; i < 3 + max + 2; i += 1) {
      clock.advance(61_000);
      expect((await ask(i)).json()).toEqual(codeRequired);
    }
    expect(await countEmailsTo(t.db, user.email, 'sign_in_code')).toBe(max);
    // The newest code is the one that works.
    const code = await signInCodeFor(t.db, user.email);
    expect((await signIn({ email: user.email, password: TEST_PASSWORD, code }, '198.51.106.99')).statusCode).toBe(200);
  });

  it('tells the owner of the attack once, however long it goes on', async () => {
    const user = await asUser(t, 'developer');
    await passEmailLimit(user.email);
    await attack(user.email, '203.0.121', 3, 1);
    expect(await countEmailsTo(t.db, user.email, 'sign_in_attack')).toBe(1);

    // Further attempts, wrong and right passwords, and new waves over the next hours: no more.
    await attack(user.email, '203.0.122', 3, 2);
    await signIn({ email: user.email, password: TEST_PASSWORD }, '198.51.107.1');
    for (let hour = 0; hour < 3; hour += 1) {
      clock.advance(60 * 60 * 1000);
      await passEmailLimit(user.email);
      await attack(user.email, `203.0.${123 + hour}`, 2, 1);
    }
    expect(await countEmailsTo(t.db, user.email, 'sign_in_attack')).toBe(1);

    // A new attack the next day is told again.
    clock.advance(24 * 60 * 60 * 1000);
    await passEmailLimit(user.email);
    await attack(user.email, '203.0.130', 1, 1);
    expect(await countEmailsTo(t.db, user.email, 'sign_in_attack')).toBe(2);
  });
});

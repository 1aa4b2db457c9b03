// Settings -> Sessions (issue 31 item 5): a member sees where they are signed in and ends one
// session or all the others; an ended session stops working at once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TEXTS, type MemberSession } from '../../../domain/sessions';
import { sessions } from '../../platform/db/schema/auth';
import { asUser, sessionCookie, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('sessions', () => {
  let t: TestApp;
  let member: TestUser;
  let other: TestUser;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
    member = await asUser(t, 'admin');
    other = await asUser(t, 'admin', { organizationId: member.organizationId });
  });
  afterAll(() => t.close());

  /** Signs `user` in again from another browser; answers its cookie. */
  const signInFrom = async (user: TestUser, userAgent: string) => {
    address += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
      remoteAddress: `192.0.2.${address}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return sessionCookie(res)!;
  };
  const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string) => t.app.inject({ method, url, headers: { cookie } });
  const list = async (cookie: string) => (await as(cookie, 'GET', '/api/settings/sessions')).json() as MemberSession[];

  it('lists the member’s own sessions, this one first and marked, with browser and address', async () => {
    const chrome = await signInFrom(member, CHROME);
    const firefox = await signInFrom(member, FIREFOX);
    const seen = await list(chrome);
    expect(seen[0]).toMatchObject({ browser: 'Chrome 131 on Linux', current: true });
    expect(seen.filter((s) => s.current)).toHaveLength(1);
    expect(seen.map((s) => s.browser)).toContain('Firefox 133 on macOS');
    expect(seen.find((s) => s.browser.startsWith('Firefox'))!.address).toMatch(/^192\.0\.2\./);
    // Another member's sessions are not among them.
    expect(seen).toHaveLength((await list(firefox)).length);
    expect((await list(other.cookie)).every((s) => !seen.some((mine) => mine.id === s.id))).toBe(true);
  });

  it("describes each device in the caller's language (issue 48)", async () => {
    const chrome = await signInFrom(member, CHROME);
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/sessions', headers: { cookie: chrome, 'accept-language': 'de' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MemberSession[]).find((s) => s.current)!.browser).toBe('Chrome 131 unter Linux');
  });

  it('says how each session was signed in: a password here; nothing for a session older than the record', async () => {
    const cookie = await signInFrom(member, CHROME);
    const here = (await list(cookie)).find((s) => s.current)!;
    expect(here.signIn).toEqual({ method: 'password', factor: null, provider: null });
    // A session made before migration 0029 has no record: it says nothing rather than guess.
    const older = await signInFrom(member, FIREFOX);
    const olderId = (await list(older)).find((s) => s.current)!.id;
    await t.db.update(sessions).set({ signInMethod: null, signInFactor: null, signInProvider: null }).where(eq(sessions.id, olderId));
    expect((await list(cookie)).find((s) => s.id === olderId)!.signIn).toBeNull();
    // Sign-up signs in with the password too.
    const signedUp = (await list(member.cookie)).find((s) => s.current)!;
    expect(signedUp.signIn?.method).toBe('password');
  });

  it('ends another session at once, but not this one and not someone else’s', async () => {
    const here = await signInFrom(member, CHROME);
    const there = await signInFrom(member, FIREFOX);
    expect((await as(there, 'GET', '/api/me')).statusCode).toBe(200);
    const target = (await list(there)).find((s) => s.current)!;
    const res = await as(here, 'DELETE', `/api/settings/sessions/${target.id}`);
    expect(res.statusCode).toBe(204);
    expect((await as(there, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await as(here, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await list(here)).map((s) => s.id)).not.toContain(target.id);

    const current = (await list(here)).find((s) => s.current)!;
    const self = await as(here, 'DELETE', `/api/settings/sessions/${current.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toEqual({ code: 'current_session', message: SESSION_TEXTS.endCurrent.message });

    // A NUL or other text no session id has is refused before the database sees it.
    for (const bad of ['%00', 'a%20b', 'a.b', 'x'.repeat(201)]) {
      const refused = await as(here, 'DELETE', `/api/settings/sessions/${bad}`);
      expect(refused.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, bad).toBeLessThan(500);
    }

    const theirs = (await list(other.cookie)).find((s) => s.current)!;
    expect((await as(here, 'DELETE', `/api/settings/sessions/${theirs.id}`)).statusCode).toBe(404);
    expect((await other.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it('ends all the other sessions and keeps this one', async () => {
    const here = await signInFrom(member, CHROME);
    const others = [await signInFrom(member, FIREFOX), await signInFrom(member, SAFARI_IPHONE)];
    const res = await as(here, 'POST', '/api/settings/sessions/end-others');
    expect(res.statusCode).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(2);
    for (const cookie of others) expect((await as(cookie, 'GET', '/api/me')).statusCode).toBe(401);
    expect(await list(here)).toEqual([expect.objectContaining({ current: true })]);
    expect((await as(here, 'POST', '/api/settings/sessions/end-others')).json()).toEqual({ ended: 0 });
    // Someone else's sessions are untouched.
    expect((await other.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it('is closed to API tokens', async () => {
    const cookie = await signInFrom(member, CHROME);
    const token = (await t.app.inject({ method: 'POST', url: '/api/settings/api-tokens', headers: { cookie }, payload: { name: 'x', scope: 'write', expiresInDays: 30 } })).json().token;
    for (const [method, url] of [
      ['GET', '/api/settings/sessions'],
      ['POST', '/api/settings/sessions/end-others'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('token_not_allowed');
    }
  });
});

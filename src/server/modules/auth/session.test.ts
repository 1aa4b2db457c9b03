import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { createMember, createOrganization } from '../../platform/auth/accounts';
import { findSession, hashSessionToken } from '../../platform/auth/session';
import { systemClock } from '../../platform/clock';
import { sessions } from '../../platform/db/schema/auth';
import type { Platform } from '../../platform/platform';
import { profiles } from '../../platform/db/schema/tenancy';
import { asUser, sessionCookie, TEST_PASSWORD } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function signIn(email: string, password: string, app = t) {
  return app.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
}

describe('Sign-in and sign-out', () => {
  it('signs in with a session cookie that is HttpOnly and SameSite=Lax, and /api/me answers', async () => {
    const user = await asUser(t, 'account_executive');
    const res = await signIn(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: user.userId, email: user.email },
      profile: { id: user.profileId, role: 'account_executive', organizationId: user.organizationId },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^brieflane\.session_token=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');

    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(res)! } });
    expect(me.statusCode).toBe(200);
    expect(me.json().profile.fullName).toBe(user.fullName);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const user = await asUser(t, 'developer');
    for (const res of [await signIn(user.email, 'wrong-password'), await signIn('nobody@example.com', TEST_PASSWORD)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'invalid_credentials', message: AUTH_MESSAGES.invalidCredentials.message } });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a login whose member was removed (no profile) and keeps no session', async () => {
    const organization = await createOrganization(t.db, 'Gone Agency');
    const { userId, profileId } = await createMember(t.db, {
      organizationId: organization.id,
      fullName: 'Gone',
      role: 'developer',
      email: 'gone@example.com',
      password: TEST_PASSWORD,
    });
    await t.db.delete(profiles).where(eq(profiles.id, profileId));
    const res = await signIn('gone@example.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId!))).toHaveLength(0);
  });

  it('answers /api/me without a valid session with 401', async () => {
    for (const headers of [{}, { cookie: 'brieflane.session_token=forged.value' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: AUTH_MESSAGES.notAuthenticated.message } });
    }
  });

  it('signs out: clears the cookie and ends the session on the server', async () => {
    const user = await asUser(t, 'admin');
    const res = await user.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/brieflane\.session_token=;.*Max-Age=0/);
    // The old cookie, replayed, no longer works.
    expect((await user.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toHaveLength(0);
  });

  it('answers sign-out without a session with 204 too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(res.statusCode).toBe(204);
  });
});

describe('Behind HTTPS', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://app.brieflane.example' } });
    try {
      const organization = await createOrganization(secure.db, 'Secure Agency');
      await createMember(secure.db, {
        organizationId: organization.id,
        fullName: 'Sam Secure',
        role: 'organization_admin',
        email: 'sam@example.com',
        password: TEST_PASSWORD,
      });
      const res = await signIn('sam@example.com', TEST_PASSWORD, secure);
      expect(res.statusCode).toBe(200);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Secure-brieflane\.session_token=/);
      expect(setCookie).toContain('Secure');
      expect(setCookie).toContain('HttpOnly');
      expect(setCookie).toContain('SameSite=Lax');
    } finally {
      await secure.close();
    }
  });
});

describe('Resolving the session of a request (decision 014)', () => {
  const platformCounting = () => {
    const counts = { select: 0, update: 0 };
    const db = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'select' || property === 'update') counts[property] += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    const platform = { config: t.config, database: t.database, db, clock: systemClock, storage: undefined as never } satisfies Platform;
    return { platform, counts };
  };
  const requestWith = (cookie: string) =>
    ({
      headers: { cookie },
      cookies: Object.fromEntries([cookie.split(/=(.*)/s).slice(0, 2).map((part, i) => (i ? decodeURIComponent(part) : part))]),
    }) as unknown as FastifyRequest;

  it('reads session, user and profile in one query', async () => {
    const user = await asUser(t, 'admin');
    const { platform, counts } = platformCounting();
    const session = await findSession(platform, requestWith(user.cookie));
    expect(session?.actor).toEqual({
      userId: user.userId,
      profileId: user.profileId,
      organizationId: user.organizationId,
      role: 'admin',
      email: user.email,
      fullName: user.fullName,
    });
    expect(counts).toEqual({ select: 1, update: 0 });
  });

  it('refuses a token whose signature is not ours, and an expired session, without a query for the forgery', async () => {
    const user = await asUser(t, 'developer');
    const [name, value] = user.cookie.split(/=(.*)/s) as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32).toString('base64')}`)}`;
    const { platform, counts } = platformCounting();
    expect(await findSession(platform, requestWith(forged))).toBeNull();
    expect(await findSession(platform, requestWith(`${name}=${token}`))).toBeNull();
    expect(counts.select).toBe(0);

    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, hashSessionToken(token)));
    expect((await user.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  });

  it('extends a session used a day after its last extension and sends the refreshed cookie back', async () => {
    const user = await asUser(t, 'account_executive');
    const token = decodeURIComponent(user.cookie.split(/=(.*)/s)[1]!).split('.')[0]!;
    const day = 24 * 60 * 60 * 1000;
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + 28 * day) }).where(eq(sessions.token, hashSessionToken(token)));

    const res = await user.inject({ method: 'GET', url: '/api/projects' });
    expect(res.statusCode).toBe(200);
    const refreshed = String(res.headers['set-cookie']);
    expect(refreshed).toContain(user.cookie);
    expect(refreshed).toContain(`Max-Age=${30 * 24 * 60 * 60}`);
    expect(refreshed).toContain('HttpOnly');
    const [row] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, hashSessionToken(token)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);

    // Fresh again: the next request neither writes nor sends a cookie.
    const next = await user.inject({ method: 'GET', url: '/api/projects' });
    expect(next.headers['set-cookie']).toBeUndefined();
  });

  it('stores only the hash of a session token, so a copy of the database signs nobody in', async () => {
    const user = await asUser(t, 'organization_admin');
    const token = decodeURIComponent(user.cookie.split(/=(.*)/s)[1]!).split('.')[0]!;
    const stored = await t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.userId));
    expect(stored).toEqual([{ token: hashSessionToken(token) }]);
    expect(stored[0]!.token).not.toContain(token);

    // Even with the signing secret, the stored value is not a session token.
    const signature = createHmac('sha256', t.config.authSecret).update(stored[0]!.token).digest('base64');
    const fromCopy = `brieflane.session_token=${encodeURIComponent(`${stored[0]!.token}.${signature}`)}`;
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: fromCopy } })).statusCode).toBe(401);
    expect((await user.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });
});

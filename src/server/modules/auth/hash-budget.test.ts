// Issue 20: no signed-out request may spend an Argon2 hash before the cheap checks (rate limits,
// token and code lookups) pass. The password functions are wrapped to count calls; they still
// hash for real.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { RATE_LIMITS } from '../../platform/auth/rate-limit';
import { fixedClock } from '../../platform/clock';
import { asUser, TEST_PASSWORD } from '../../test/as-user';
import { resetTokenFor, verificationCodeFor } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

const hashing = vi.hoisted(() => ({ hash: 0, verify: 0 }));
vi.mock('../../platform/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../platform/auth/password')>();
  return {
    hashPassword: (password: string) => {
      hashing.hash += 1;
      return real.hashPassword(password);
    },
    verifyPassword: (passwordHash: string, password: string) => {
      hashing.verify += 1;
      return real.verifyPassword(passwordHash, password);
    },
  };
});

const start = new Date('2026-11-22T10:00:00Z');
const clock = fixedClock(start);
let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
beforeEach(() => {
  hashing.hash = 0;
  hashing.verify = 0;
});

function post(url: string, payload: object, remoteAddress = `10.8.0.${(address += 1)}`) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress });
}

const spent = () => hashing.hash + hashing.verify;

describe('Password hashing on signed-out routes', () => {
  it('completing a reset looks the token up before hashing the new password', async () => {
    const user = await asUser(t, 'developer');
    hashing.hash = 0;
    hashing.verify = 0;
    const unknown = await post('/api/auth/password-reset/complete', { token: 'not-a-token', password: 'long-enough-1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(AUTH_MESSAGES.resetLinkInvalid.message);

    await post('/api/auth/password-reset/request', { email: user.email });
    const token = await resetTokenFor(t.db, user.email);
    clock.advance(60 * 60 * 1000 + 1000);
    try {
      expect((await post('/api/auth/password-reset/complete', { token, password: 'long-enough-2' })).statusCode).toBe(400);
    } finally {
      clock.set(start);
    }
    expect(spent()).toBe(0);

    // A live token does earn its one hash.
    await post('/api/auth/password-reset/request', { email: user.email });
    const live = await resetTokenFor(t.db, user.email);
    expect((await post('/api/auth/password-reset/complete', { token: live, password: 'long-enough-3' })).statusCode).toBe(200);
    expect(hashing.hash).toBe(1);
  });

  it('sign-up checks the code before hashing the password', async () => {
    const email = 'budget@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await post('/api/auth/sign-up', { fullName: 'Budget', email, password: 'secret-123', code: wrong });
    expect(res.statusCode).toBe(400);
    expect(spent()).toBe(0);
  });

  it('a rate-limited sign-in spends no hash', async () => {
    const user = await asUser(t, 'developer');
    const { max } = RATE_LIMITS['sign-in'].emailAndAddress;
    for (let i = 0; i < max; i += 1) {
      expect((await post('/api/auth/sign-in', { email: user.email, password: 'wrong' }, '10.8.1.1')).statusCode).toBe(401);
    }
    hashing.hash = 0;
    hashing.verify = 0;
    const res = await post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD }, '10.8.1.1');
    expect(res.statusCode).toBe(429);
    expect(spent()).toBe(0);
  });

  it('a rate-limited reset completion spends no hash', async () => {
    const user = await asUser(t, 'developer');
    await post('/api/auth/password-reset/request', { email: user.email });
    const token = await resetTokenFor(t.db, user.email);
    const { max } = RATE_LIMITS['reset-token'].address;
    for (let i = 0; i < max; i += 1) await post('/api/auth/password-reset/validate', { token: 'x' }, '10.8.2.1');
    hashing.hash = 0;
    const res = await post('/api/auth/password-reset/complete', { token, password: 'long-enough-4' }, '10.8.2.1');
    expect(res.statusCode).toBe(429);
    expect(hashing.hash).toBe(0);
  });
});

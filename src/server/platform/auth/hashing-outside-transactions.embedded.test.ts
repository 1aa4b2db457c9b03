// A password is hashed before the transaction that stores it (decision 014): on the embedded
// database an open transaction holds the only connection, and Argon2id takes tens of
// milliseconds that every other request would otherwise wait. Each case holds the hash until
// another statement has been answered; a hash inside the transaction would hold that statement
// back instead.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asUser, type TestUser } from '../../test/as-user';
import { verificationCodeFor } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMember } from './accounts';

const hashing = vi.hoisted(() => ({ hold: false, calls: 0, release: [] as (() => void)[] }));

vi.mock('./password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./password')>();
  return {
    ...actual,
    hashPassword: async (password: string) => {
      hashing.calls += 1;
      if (hashing.hold) await new Promise<void>((resolve) => hashing.release.push(resolve));
      return actual.hashPassword(password);
    },
  };
});

describe('password hashing and the embedded database', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ embedded: true });
    admin = await asUser(t, 'organization_admin');
  });
  afterAll(() => t.close());

  /** Starts `write`, and while each of its password hashes runs, one more statement. */
  async function answersWhileHashing(write: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
    hashing.hold = true;
    const before = hashing.calls;
    let done = false;
    const response = write().finally(() => (done = true));
    try {
      while (!done) {
        await vi.waitFor(() => expect(done || hashing.release.length > 0).toBe(true));
        if (hashing.release.length === 0) break;
        const answered = await Promise.race([
          t.db.execute(sql`select 1`).then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000)),
        ]);
        expect(answered, 'another statement was answered while a password was hashed').toBe(true);
        hashing.release.shift()!();
      }
    } finally {
      hashing.hold = false;
      for (const release of hashing.release.splice(0)) release();
    }
    expect(hashing.calls).toBeGreaterThan(before);
    return (await response).statusCode;
  }

  it('adding a team member with a password', async () => {
    const status = await answersWhileHashing(() =>
      admin.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'Hashed First', email: 'hashed-first@example.com', role: 'developer', password: 'first-password-1' } }),
    );
    expect(status).toBe(201);
  });

  it('giving a member without a login one, with a password', async () => {
    const { profileId } = await createMember(t.db, { organizationId: admin.organizationId, fullName: 'No Login Yet', role: 'developer' });
    const status = await answersWhileHashing(() =>
      admin.inject({
        method: 'PATCH',
        url: `/api/team/${profileId}`,
        payload: { fullName: 'No Login Yet', email: 'login-now@example.com', password: 'second-password-2' },
      }),
    );
    expect(status).toBe(200);
  });

  it('signing up', async () => {
    const email = 'hashed-sign-up@example.com';
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/send-code', payload: { email }, remoteAddress: '10.93.0.1' });
    const code = await verificationCodeFor(t.db, email);
    const status = await answersWhileHashing(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { fullName: 'Hashed Signup', email, password: 'third-password-3', code },
        remoteAddress: '10.93.0.1',
      }),
    );
    expect(status).toBe(201);
  });
});

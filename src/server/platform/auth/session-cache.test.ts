// Resolved sessions come from a short-lived cache (decision 014), and whatever ends a session's
// access ends it at once: sign-out, a password changed or reset, a member removed or given
// another role, on this server at once and on the others when the notification arrives.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../clock';
import { sessions } from '../db/schema/auth';
import { profiles } from '../db/schema/tenancy';
import { announceLocalChange, markChangeFeed } from '../realtime/local-changes';
import { CHANGES_CHANNEL } from '../realtime/publisher';
import { asUser, sessionCookie, TEST_PASSWORD, type TestUser } from '../../test/as-user';
import { resetTokenFor } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashSessionToken } from './session';
import { cachedSession, keepSession, PENDING_CHANGE_MS, sessionReadStamp, SESSION_CACHE_TTL_MS } from './session-cache';

const clock = fixedClock(new Date('2026-11-25T09:00:00Z'));

describe('session cache', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    orgAdmin = await asUser(t, 'organization_admin');
  });
  afterAll(() => t.close());

  const me = (user: TestUser | string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: typeof user === 'string' ? user : user.cookie } });
  const member = (role: TestUser['role'] = 'admin') => asUser(t, role, { organizationId: orgAdmin.organizationId });
  /** Another session of the same login, as a second browser would have. */
  const secondSession = async (user: TestUser) => {
    address += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: user.password },
      remoteAddress: `10.91.0.${address}`,
    });
    expect(res.statusCode).toBe(200);
    return sessionCookie(res)!;
  };
  /** Ends a member's sessions behind the app's back: no event, as a write that published none. */
  const endSessionsQuietly = (user: TestUser) => t.db.delete(sessions).where(eq(sessions.userId, user.userId));
  /** What another app server's commit sends every server through the database. */
  const notifyFromAnotherServer = (organizationId: string, topic: string) =>
    t.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ organizationId, projectId: null, topic })})`);

  it('answers from the cache once a session is read, until another server says the sessions changed', async () => {
    const user = await member();
    expect((await me(user)).statusCode).toBe(200);
    await endSessionsQuietly(user);
    // Proof that the cache answers: the row is gone and the request still passes.
    expect((await me(user)).statusCode).toBe(200);

    await notifyFromAnotherServer(user.organizationId, 'sessions');
    await vi.waitFor(async () => expect((await me(user)).statusCode).toBe(401));
  });

  it("forgets another organization's sessions only for that organization's events", async () => {
    const outsider = await asUser(t, 'organization_admin');
    const user = await member();
    expect((await me(outsider)).statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(200);
    await endSessionsQuietly(outsider);
    await endSessionsQuietly(user);
    await notifyFromAnotherServer(user.organizationId, 'team');
    await vi.waitFor(async () => expect((await me(user)).statusCode).toBe(401));
    expect((await me(outsider)).statusCode).toBe(200);
    await notifyFromAnotherServer(outsider.organizationId, 'sessions');
    await vi.waitFor(async () => expect((await me(outsider)).statusCode).toBe(401));
  });

  it('keeps a session no longer than its time to live', async () => {
    const user = await member();
    expect((await me(user)).statusCode).toBe(200);
    await endSessionsQuietly(user);
    expect((await me(user)).statusCode).toBe(200);
    clock.advance(SESSION_CACHE_TTL_MS + 1);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('refuses a cached session once it expires', async () => {
    const user = await member();
    expect((await me(user)).statusCode).toBe(200);
    // A request extends a session long before it expires; a cached row past its expiry can only
    // be made by hand. It is refused, and forgotten.
    const token = decodeURIComponent(user.cookie.split(/=(.*)/s)[1]!).split('.')[0]!;
    const expiresAt = new Date(Date.now() - 1000);
    keepSession(t.db, hashSessionToken(token), { ...(cachedSession(t.db, hashSessionToken(token), clock.now().getTime())!), expiresAt }, sessionReadStamp(), clock.now().getTime());
    await t.db.update(sessions).set({ expiresAt }).where(eq(sessions.userId, user.userId));
    expect((await me(user)).statusCode).toBe(401);
    expect(cachedSession(t.db, hashSessionToken(token), clock.now().getTime())).toBeUndefined();
  });

  it('ends a signed-out session at once', async () => {
    const user = await member();
    const other = await secondSession(user);
    expect((await me(user)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect((await user.inject({ method: 'POST', url: '/api/auth/sign-out' })).statusCode).toBe(204);
    // The signed-out cookie, replayed, no longer works; the member's other browser still does.
    expect((await me(user)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("ends the other sessions at once when a member changes their password", async () => {
    const user = await member();
    const other = await secondSession(user);
    expect((await me(other)).statusCode).toBe(200);
    const res = await user.inject({
      method: 'POST',
      url: '/api/settings/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password-1' },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(user)).statusCode).toBe(200);
  });

  it('ends the sessions at once when a password is reset', async () => {
    const user = await member();
    expect((await me(user)).statusCode).toBe(200);
    address += 1;
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: user.email }, remoteAddress: `10.91.1.${address}` });
    const token = await resetTokenFor(t.db, user.email);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/complete',
      payload: { token, password: 'reset-password-1' },
      remoteAddress: `10.91.1.${address}`,
    });
    expect(done.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('ends the sessions at once when an admin sets a member’s password', async () => {
    const user = await member('account_executive');
    expect((await me(user)).statusCode).toBe(200);
    const res = await orgAdmin.inject({
      method: 'PATCH',
      url: `/api/team/${user.profileId}`,
      payload: { fullName: user.fullName, email: user.email, password: 'set-by-admin-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('ends access at once when a member is removed', async () => {
    const user = await member('developer');
    expect((await me(user)).statusCode).toBe(200);
    expect((await orgAdmin.inject({ method: 'DELETE', url: `/api/team/${user.profileId}` })).statusCode).toBe(204);
    expect((await me(user)).statusCode).toBe(401);
  });

  it('applies a new role at once', async () => {
    const user = await member('admin');
    expect((await user.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(200);
    const res = await orgAdmin.inject({
      method: 'PATCH',
      url: `/api/team/${user.profileId}`,
      payload: { fullName: user.fullName, email: user.email, role: 'developer' },
    });
    expect(res.statusCode).toBe(200);
    expect((await user.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(403);
    expect((await me(user)).json().profile.role).toBe('developer');
  });

  it('shows a new name at once after Settings changes it', async () => {
    const user = await member();
    expect((await me(user)).json().profile.fullName).toBe(user.fullName);
    const res = await user.inject({ method: 'PATCH', url: '/api/settings/profile', payload: { fullName: 'Renamed Member', email: user.email } });
    expect(res.statusCode).toBe(200);
    expect((await me(user)).json().profile.fullName).toBe('Renamed Member');
  });

  it('keeps nothing read while a change of the organization is in flight, until its commit is heard', async () => {
    const user = await member();
    // A change published in a transaction that has not committed: a read now may see the old row.
    announceLocalChange({
      kind: 'published',
      event: { organizationId: user.organizationId, projectId: null, topic: 'team' },
      id: '00000000-0000-4000-8000-000000000001',
    });
    expect((await me(user)).statusCode).toBe(200);
    await endSessionsQuietly(user);
    expect((await me(user)).statusCode).toBe(401);

    // Its commit heard: sessions are kept again.
    const again = await member();
    announceLocalChange({
      kind: 'committed',
      event: { organizationId: user.organizationId, projectId: null, topic: 'team' },
      id: '00000000-0000-4000-8000-000000000001',
    });
    expect((await me(again)).statusCode).toBe(200);
    await endSessionsQuietly(again);
    expect((await me(again)).statusCode).toBe(200);
    clock.advance(SESSION_CACHE_TTL_MS + 1);
  });

  it('gives up on a published change that never commits', async () => {
    const user = await member();
    announceLocalChange({
      kind: 'published',
      event: { organizationId: user.organizationId, projectId: null, topic: 'sessions' },
      id: '00000000-0000-4000-8000-000000000002',
    });
    const later = performance.now() + PENDING_CHANGE_MS + 1;
    vi.spyOn(performance, 'now').mockReturnValue(later);
    try {
      expect((await me(user)).statusCode).toBe(200);
      await endSessionsQuietly(user);
      expect((await me(user)).statusCode).toBe(200);
    } finally {
      vi.restoreAllMocks();
      clock.advance(SESSION_CACHE_TTL_MS + 1);
    }
  });

  it('is not used while the change listener is down', async () => {
    const user = await member();
    expect((await me(user)).statusCode).toBe(200);
    // The listener's connection dropped: another server's change would not be heard.
    markChangeFeed(t.db, false);
    try {
      await t.db.update(profiles).set({ role: 'developer' }).where(eq(profiles.id, user.profileId));
      expect((await me(user)).json().profile.role).toBe('developer');
    } finally {
      markChangeFeed(t.db, true);
    }
  });

  it('forgets every session on a resync (the listener reconnected and may have missed events)', async () => {
    const user = await member();
    expect((await me(user)).json().profile.role).toBe('admin');
    await t.db.update(profiles).set({ role: 'account_executive' }).where(eq(profiles.id, user.profileId));
    expect((await me(user)).json().profile.role).toBe('admin');
    announceLocalChange({ kind: 'resync' });
    expect((await me(user)).json().profile.role).toBe('account_executive');
  });
});

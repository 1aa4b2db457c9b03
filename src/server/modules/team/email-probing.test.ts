// Issue 20: adding or editing a member with an email answers 'email taken' for an address of
// any organization, so those requests are rate limited per user and per address.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../platform/auth/rate-limit';
import { rateLimits } from '../../platform/db/schema/auth';
import { asUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const limited = { error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' } };

describe('Team API: probing for emails', () => {
  it('limits adding and editing members with an email per user', async () => {
    const admin = await asUser(t, 'organization_admin');
    const elsewhere = await asUser(t, 'developer');
    const { max } = RATE_LIMITS['member-email'].user;
    const probe = (email: string) =>
      admin.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'Probe', email }, remoteAddress: '10.9.0.1' });

    const first = await admin.inject({
      method: 'POST',
      url: '/api/team',
      payload: { fullName: 'Real Member', email: 'real-member@example.com' },
      remoteAddress: '10.9.0.1',
    });
    expect(first.statusCode).toBe(201);
    const memberId = first.json().id as string;
    for (let i = 1; i < max; i += 1) expect((await probe(elsewhere.email)).statusCode).toBe(409);

    // Used up: the next add and the next edit with an email are refused, whatever the email...
    expect((await probe('free-address@example.com')).json()).toEqual(limited);
    const edit = await admin.inject({
      method: 'PATCH',
      url: `/api/team/${memberId}`,
      payload: { fullName: 'Real Member', email: elsewhere.email },
      remoteAddress: '10.9.0.2',
    });
    expect(edit.statusCode).toBe(429);
    // ...but members without an email can still be added.
    const offline = await admin.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'No Login' }, remoteAddress: '10.9.0.1' });
    expect(offline.statusCode).toBe(201);

    // Another admin is not affected.
    const other = await asUser(t, 'organization_admin');
    const theirs = await other.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'Probe', email: elsewhere.email }, remoteAddress: '10.9.0.3' });
    expect(theirs.statusCode).toBe(409);
  });

  it('limits them per address, whoever is signed in', async () => {
    const admin = await asUser(t, 'organization_admin');
    const { max } = RATE_LIMITS['member-email'].address;
    // The address has used up its allowance (as max requests of other users would).
    await t.app.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'Probe', email: admin.email }, remoteAddress: '10.9.1.1', headers: { cookie: admin.cookie } });
    await t.db.update(rateLimits).set({ count: max }).where(eq(rateLimits.key, 'brieflane:member-email:address:10.9.1.1'));

    const fresh = await asUser(t, 'organization_admin');
    const res = await fresh.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'Probe', email: admin.email }, remoteAddress: '10.9.1.1' });
    expect(res.statusCode).toBe(429);
    const elsewhere = await fresh.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'Probe', email: admin.email }, remoteAddress: '10.9.1.2' });
    expect(elsewhere.statusCode).toBe(409);
  });
});

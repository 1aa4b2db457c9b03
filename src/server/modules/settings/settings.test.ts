import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { users } from '../../platform/db/schema/auth';
import { profiles } from '../../platform/db/schema/tenancy';
import { asUser, sessionCookie, TEST_PASSWORD } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: '10.6.0.1' });
}

describe('Settings: profile', () => {
  it('updates the full name and email of the profile and the login', async () => {
    const user = await asUser(t, 'developer');
    const res = await user.inject({
      method: 'PATCH',
      url: '/api/settings/profile',
      payload: { fullName: '  Grace Hopper ', email: 'Grace@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: user.userId, email: 'grace@example.com' },
      profile: { id: user.profileId, fullName: 'Grace Hopper', email: 'grace@example.com', role: 'developer' },
    });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.profileId));
    expect(profile).toMatchObject({ fullName: 'Grace Hopper', email: 'grace@example.com' });
    expect((await user.inject({ method: 'GET', url: '/api/me' })).json().profile.fullName).toBe('Grace Hopper');
    expect((await signIn('grace@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses another user's email with 409 and changes nothing", async () => {
    const user = await asUser(t, 'admin');
    const other = await asUser(t, 'developer');
    const res = await user.inject({
      method: 'PATCH',
      url: '/api/settings/profile',
      payload: { fullName: 'New Name', email: other.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.emailTaken);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ email: user.email, name: user.fullName });
  });

  it('refuses missing or invalid fields and anonymous callers', async () => {
    const user = await asUser(t, 'developer');
    const blank = await user.inject({ method: 'PATCH', url: '/api/settings/profile', payload: { fullName: ' ', email: user.email } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Full name is required');
    const bad = await user.inject({ method: 'PATCH', url: '/api/settings/profile', payload: { fullName: 'X', email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please enter a valid email address');
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/settings/profile', payload: { fullName: 'X', email: 'x@example.com' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(AUTH_MESSAGES.notAuthenticated);
  });
});

describe('Settings: password', () => {
  it('refuses a wrong current password', async () => {
    const user = await asUser(t, 'account_executive');
    const res = await user.inject({
      method: 'POST',
      url: '/api/settings/password',
      payload: { currentPassword: 'not-it', newPassword: 'new-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'wrong_password', message: AUTH_MESSAGES.currentPasswordWrong } });
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a short new password', async () => {
    const user = await asUser(t, 'developer');
    const res = await user.inject({
      method: 'POST',
      url: '/api/settings/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: '12345' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.passwordTooShort);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await asUser(t, 'organization_admin');
    const elsewhere = sessionCookie(await signIn(user.email, TEST_PASSWORD))!;
    const res = await user.inject({
      method: 'POST',
      url: '/api/settings/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'fresh-password' },
    });
    expect(res.statusCode).toBe(204);
    expect((await user.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, 'fresh-password')).statusCode).toBe(200);
  });
});

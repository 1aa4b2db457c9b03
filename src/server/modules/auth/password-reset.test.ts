import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { fixedClock } from '../../platform/clock';
import { emailOutbox, passwordResetTokens } from '../../platform/db/schema/platform';
import { asUser, TEST_PASSWORD } from '../../test/as-user';
import { lastEmailTo, resetTokenFor } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

const start = new Date('2026-11-22T10:00:00Z');
const clock = fixedClock(start);
let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

function post(url: string, payload: object) {
  address += 1;
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.2.0.${address}` });
}

describe('Password reset', () => {
  it('answers an unknown email like a known one and sends nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(emailOutbox);
    const res = await post('/api/auth/password-reset/request', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [after] = await t.db.select({ n: count() }).from(emailOutbox);
    expect(after!.n).toBe(before!.n);
  });

  it('emails a link; the token validates, sets the new password once, and ends other sessions', async () => {
    const user = await asUser(t, 'admin');
    expect((await post('/api/auth/password-reset/request', { email: user.email })).json()).toEqual({ ok: true });

    const mail = await lastEmailTo(t.db, user.email, 'password_reset');
    expect(mail?.subject).toBe('Reset your Brieflane password');
    expect(mail?.text).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
    const token = await resetTokenFor(t.db, user.email);
    const [stored] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.email, user.email));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.expiresAt).toEqual(new Date(start.getTime() + 60 * 60 * 1000));

    expect((await post('/api/auth/password-reset/validate', { token })).json()).toEqual({ valid: true });
    const done = await post('/api/auth/password-reset/complete', { token, password: 'brand-new-password' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });

    expect((await user.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in', { email: user.email, password: 'brand-new-password' })).statusCode).toBe(200);

    // Used: refused from now on.
    expect((await post('/api/auth/password-reset/validate', { token })).json()).toEqual({ valid: false });
    const again = await post('/api/auth/password-reset/complete', { token, password: 'another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: { code: 'invalid_token', message: AUTH_MESSAGES.resetLinkInvalid.message } });
    expect((await post('/api/auth/sign-in', { email: user.email, password: 'another-password' })).statusCode).toBe(401);
  });

  it('refuses an expired token and leaves the password alone', async () => {
    const user = await asUser(t, 'developer');
    await post('/api/auth/password-reset/request', { email: user.email });
    const token = await resetTokenFor(t.db, user.email);
    clock.advance(60 * 60 * 1000 + 1000);
    try {
      expect((await post('/api/auth/password-reset/validate', { token })).json()).toEqual({ valid: false });
      const res = await post('/api/auth/password-reset/complete', { token, password: 'too-late-password' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.resetLinkInvalid.message);
    } finally {
      clock.set(start);
    }
    expect((await post('/api/auth/sign-in', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await user.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });

  it('refuses an unknown token, a short password and missing fields with 400', async () => {
    const user = await asUser(t, 'developer');
    await post('/api/auth/password-reset/request', { email: user.email });
    const token = await resetTokenFor(t.db, user.email);

    const unknown = await post('/api/auth/password-reset/complete', { token: 'not-a-token', password: 'long-enough' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(AUTH_MESSAGES.resetLinkInvalid.message);
    const short = await post('/api/auth/password-reset/complete', { token, password: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(AUTH_MESSAGES.passwordTooShort.message);
    expect((await post('/api/auth/password-reset/validate', {})).statusCode).toBe(400);
    expect((await post('/api/auth/password-reset/request', { email: 'nope' })).statusCode).toBe(400);

    // None of that used the token up.
    expect((await post('/api/auth/password-reset/validate', { token })).json()).toEqual({ valid: true });
  });

  it('retires the older link when a newer one is used', async () => {
    const user = await asUser(t, 'developer');
    await post('/api/auth/password-reset/request', { email: user.email });
    const older = await resetTokenFor(t.db, user.email);
    await post('/api/auth/password-reset/request', { email: user.email });
    const newer = await resetTokenFor(t.db, user.email);
    expect(newer).not.toBe(older);

    expect((await post('/api/auth/password-reset/complete', { token: newer, password: 'newer-password' })).statusCode).toBe(200);
    expect((await post('/api/auth/password-reset/validate', { token: older })).json()).toEqual({ valid: false });
    const res = await post('/api/auth/password-reset/complete', { token: older, password: 'older-password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    expect((await post('/api/auth/sign-in', { email: user.email, password: 'newer-password' })).statusCode).toBe(200);
  });

  it('retires unused links when the password is changed in Settings or set by an admin', async () => {
    const user = await asUser(t, 'developer');
    await post('/api/auth/password-reset/request', { email: user.email });
    const beforeSettings = await resetTokenFor(t.db, user.email);
    const changed = await user.inject({
      method: 'POST',
      url: '/api/settings/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'settings-password' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await post('/api/auth/password-reset/validate', { token: beforeSettings })).json()).toEqual({ valid: false });

    const admin = await asUser(t, 'admin');
    const member = await asUser(t, 'developer', { organizationId: admin.organizationId });
    await post('/api/auth/password-reset/request', { email: member.email });
    const beforeAdmin = await resetTokenFor(t.db, member.email);
    const set = await admin.inject({
      method: 'PATCH',
      url: `/api/team/${member.profileId}`,
      payload: { fullName: member.fullName, email: member.email, password: 'admin-chosen-password' },
    });
    expect(set.statusCode).toBe(200);
    expect((await post('/api/auth/password-reset/validate', { token: beforeAdmin })).json()).toEqual({ valid: false });
    const res = await post('/api/auth/password-reset/complete', { token: beforeAdmin, password: 'link-password' });
    expect(res.statusCode).toBe(400);
    expect((await post('/api/auth/sign-in', { email: member.email, password: 'admin-chosen-password' })).statusCode).toBe(200);
  });
});

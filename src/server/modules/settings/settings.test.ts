import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { RATE_LIMITS } from '../../platform/auth/rate-limit';
import { fixedClock } from '../../platform/clock';
import { rateLimits, users } from '../../platform/db/schema/auth';
import { profiles } from '../../platform/db/schema/tenancy';
import { lastEmailTo, resetTokenFor } from '../../test/outbox';
import { asUser, sessionCookie, TEST_PASSWORD, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

const start = new Date('2026-11-22T10:00:00Z');
const clock = fixedClock(start);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
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
      payload: { fullName: '  Grace Hopper ', email: 'Grace@Example.com', currentPassword: TEST_PASSWORD },
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

  it('changes the name alone without the password', async () => {
    const user = await asUser(t, 'developer');
    const res = await user.inject({ method: 'PATCH', url: '/api/settings/profile', payload: { fullName: 'Only Name', email: user.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.fullName).toBe('Only Name');
    expect(await lastEmailTo(t.db, user.email, 'email_changed')).toBeUndefined();
  });

  it('asks for the current password to change the email, then tells the old address', async () => {
    const user = await asUser(t, 'admin');
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: user.email }, remoteAddress: '10.6.1.1' });
    const resetLink = await resetTokenFor(t.db, user.email);
    const change = (currentPassword?: string) =>
      user.inject({ method: 'PATCH', url: '/api/settings/profile', payload: { fullName: 'Moved', email: 'moved@example.com', currentPassword } });

    const missing = await change();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: { code: 'current_password_required', message: AUTH_MESSAGES.currentPasswordForEmail.message } });
    const wrong = await change('not-it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { code: 'wrong_password', message: AUTH_MESSAGES.currentPasswordWrong.message } });
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(unchanged).toMatchObject({ email: user.email, name: user.fullName });

    const done = await change(TEST_PASSWORD);
    expect(done.statusCode).toBe(200);
    expect(done.json().user.email).toBe('moved@example.com');
    const notice = await lastEmailTo(t.db, user.email, 'email_changed');
    expect(notice?.subject).toBe('Your Brieflane email address was changed');
    expect(notice?.text).toContain(`from ${user.email} to moved@example.com`);
    expect(notice?.organizationId).toBe(user.organizationId);
    expect(await lastEmailTo(t.db, 'moved@example.com', 'email_changed')).toBeUndefined();
    // A reset link sent to the old address no longer works.
    const validate = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/validate', payload: { token: resetLink }, remoteAddress: '10.6.1.2' });
    expect(validate.json()).toEqual({ valid: false });
  });

  it("refuses another user's email with 409 and changes nothing, but only with the password", async () => {
    const user = await asUser(t, 'admin');
    const other = await asUser(t, 'developer');
    const probe = await user.inject({ method: 'PATCH', url: '/api/settings/profile', payload: { fullName: 'New Name', email: other.email } });
    expect(probe.statusCode).toBe(400);
    const res = await user.inject({
      method: 'PATCH',
      url: '/api/settings/profile',
      payload: { fullName: 'New Name', email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.emailTaken.message);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ email: user.email, name: user.fullName });
  });

  it('limits current-password guesses on an email change, and email changes per user', async () => {
    const user = await asUser(t, 'developer');
    const { max } = RATE_LIMITS['current-password'].user;
    const change = (currentPassword: string, address = '10.6.2.1') =>
      user.inject({ method: 'PATCH', url: '/api/settings/profile', payload: { fullName: 'X', email: 'guess@example.com', currentPassword }, remoteAddress: address });
    for (let i = 0; i < max; i += 1) expect((await change('wrong')).statusCode).toBe(400);
    const blocked = await change(TEST_PASSWORD, '10.6.2.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    clock.advance(RATE_LIMITS['current-password'].user.windowSeconds * 1000 + 1);
    try {
      expect((await change(TEST_PASSWORD)).statusCode).toBe(200);
      // Every email change counts against the per-user 'member-email' allowance too.
      const { max: lookups } = RATE_LIMITS['member-email'].user;
      const [used] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, `brieflane:member-email:user:${user.userId}`));
      expect(used!.count).toBe(max + 2);
      await t.db.update(rateLimits).set({ count: lookups }).where(eq(rateLimits.key, `brieflane:member-email:user:${user.userId}`));
      const over = await user.inject({
        method: 'PATCH',
        url: '/api/settings/profile',
        payload: { fullName: 'X', email: 'again@example.com', currentPassword: TEST_PASSWORD },
      });
      expect(over.statusCode).toBe(429);
    } finally {
      clock.set(start);
    }
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
    expect(anonymous.json().error.message).toBe(AUTH_MESSAGES.notAuthenticated.message);
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
    expect(res.json()).toEqual({ error: { code: 'wrong_password', message: AUTH_MESSAGES.currentPasswordWrong.message } });
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
    expect(res.json().error.message).toBe(AUTH_MESSAGES.passwordTooShort.message);
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

  it('limits current-password guesses like sign-in; a right one does not count', async () => {
    const user = await asUser(t, 'account_executive');
    const { max, windowSeconds } = RATE_LIMITS['current-password'].user;
    const change = (currentPassword: string, newPassword = 'next-password', address = '10.6.3.1') =>
      user.inject({ method: 'POST', url: '/api/settings/password', payload: { currentPassword, newPassword }, remoteAddress: address });
    for (let i = 1; i < max; i += 1) expect((await change('wrong')).statusCode).toBe(400);
    expect((await change(TEST_PASSWORD, 'second-password')).statusCode).toBe(204);
    // Counted, the right password would have used up the allowance.
    expect((await change('wrong')).statusCode).toBe(400);
    // Per user, whatever the address.
    const blocked = await change('second-password', 'third-password', '10.6.3.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect((await signIn(user.email, 'second-password')).statusCode).toBe(200);

    clock.advance(windowSeconds * 1000 + 1);
    try {
      expect((await change('second-password', 'third-password')).statusCode).toBe(204);
    } finally {
      clock.set(start);
    }
  });
});

describe('Settings: language (issue 48)', () => {
  it('keeps a member’s language, answers it in /api/me, and forgets it for null', async () => {
    const member = await asUser(t, 'developer');
    const other = await asUser(t, 'developer', { organizationId: member.organizationId });
    expect((await member.inject({ method: 'GET', url: '/api/me' })).json().profile.locale).toBeNull();

    const set = await member.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: 'de' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().profile.locale).toBe('de');
    expect((await member.inject({ method: 'GET', url: '/api/me' })).json().profile.locale).toBe('de');
    // Their own: a colleague's stays as it was.
    expect((await other.inject({ method: 'GET', url: '/api/me' })).json().profile.locale).toBeNull();

    const cleared = await member.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: null } });
    expect(cleared.json().profile.locale).toBeNull();
    const [row] = await t.db.select({ locale: profiles.locale }).from(profiles).where(eq(profiles.id, member.profileId));
    expect(row!.locale).toBeNull();
  });

  it('refuses a language it does not speak, and anonymous callers', async () => {
    const member = await asUser(t, 'developer');
    for (const locale of ['fr', 'pseudo', 'DE', '', 42]) {
      const res = await member.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale } });
      expect(res.statusCode, String(locale)).toBe(400);
    }
    expect((await member.inject({ method: 'PUT', url: '/api/settings/language', payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: 'es' } })).statusCode).toBe(401);
    // The database refuses one too, whatever writes it.
    const refused = await t.db
      .update(profiles)
      .set({ locale: 'fr' as never })
      .where(eq(profiles.id, member.profileId))
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(String(refused?.cause)).toMatch(/profiles_locale_check/);
  });
});

describe('Settings: region (issue 48 item 3)', () => {
  const setRegion = (member: Pick<TestUser, 'inject'>, region: unknown, headers: Record<string, string> = {}) =>
    member.inject({ method: 'PUT', url: '/api/settings/region', payload: { region }, headers });

  it('keeps a member’s region apart from their language, answers it in /api/me, and forgets it for null', async () => {
    const member = await asUser(t, 'developer');
    const other = await asUser(t, 'developer', { organizationId: member.organizationId });
    expect((await member.inject({ method: 'GET', url: '/api/me' })).json().profile).toMatchObject({ locale: null, region: null });

    await member.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: 'de' } });
    const set = await setRegion(member, 'AT');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().profile).toMatchObject({ locale: 'de', region: 'AT' });
    expect((await member.inject({ method: 'GET', url: '/api/me' })).json().profile).toMatchObject({ locale: 'de', region: 'AT' });
    // Their own: a colleague's stays as it was.
    expect((await other.inject({ method: 'GET', url: '/api/me' })).json().profile.region).toBeNull();
    // A change of language leaves the region.
    await member.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: 'en' } });
    expect((await member.inject({ method: 'GET', url: '/api/me' })).json().profile).toMatchObject({ locale: 'en', region: 'AT' });

    const cleared = await setRegion(member, null);
    expect(cleared.json().profile.region).toBeNull();
    const [row] = await t.db.select({ region: profiles.region }).from(profiles).where(eq(profiles.id, member.profileId));
    expect(row!.region).toBeNull();
  });

  it('refuses a region not on the list with 400 and a code, in the caller’s language; anonymous callers with 401', async () => {
    const member = await asUser(t, 'developer');
    await setRegion(member, 'GB');
    for (const region of ['FR', 'gb', 'en-GB', 'GBR', '', 42]) {
      const res = await setRegion(member, region);
      expect(res.statusCode, String(region)).toBe(400);
      expect(res.json().error, res.body).toMatchObject({ code: 'validation_error', message: 'Choose a region from the list, or Automatic.' });
    }
    const german = await setRegion(member, 'XX', { 'accept-language': 'de' });
    expect(german.json().error).toEqual({ code: 'validation_error', message: 'Wählen Sie eine Region aus der Liste oder „Automatisch“.', field: 'region' });
    expect((await member.inject({ method: 'PUT', url: '/api/settings/region', payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/region', payload: { region: 'GB' } })).statusCode).toBe(401);
    // The refused changes left the region as it was.
    expect((await member.inject({ method: 'GET', url: '/api/me' })).json().profile.region).toBe('GB');
    // The database refuses what is no region subtag, whatever writes it.
    const refused = await t.db
      .update(profiles)
      .set({ region: 'gb' as never })
      .where(eq(profiles.id, member.profileId))
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(String(refused?.cause)).toMatch(/profiles_region_check/);
    // A region of the right shape but off the list (one dropped from it later) reads as none.
    await t.db.update(profiles).set({ region: 'FR' as never }).where(eq(profiles.id, member.profileId));
    const me = await member.inject({ method: 'GET', url: '/api/me' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().profile.region).toBeNull();
  });
});

describe('Answers in the caller’s language (issue 48)', () => {
  it('says an error in the Accept-Language asked for, with the same code; English for a language it does not speak', async () => {
    const asked = async (acceptLanguage?: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/projects', headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
      expect(res.statusCode).toBe(401);
      return res.json().error as { code: string; message: string };
    };
    expect(await asked()).toEqual({ code: 'unauthorized', message: 'User not authenticated' });
    expect(await asked('de-DE,de;q=0.9,en;q=0.8')).toEqual({ code: 'unauthorized', message: 'Sie sind nicht angemeldet.' });
    expect(await asked('es-MX')).toEqual({ code: 'unauthorized', message: 'No ha iniciado sesión.' });
    expect(await asked('fr-FR,fr;q=0.9')).toEqual({ code: 'unauthorized', message: 'User not authenticated' });
  });

  it('speaks a signed-in member’s saved language first, whatever the browser asks', async () => {
    const member = await asUser(t, 'developer');
    // A developer may not rename the organization: 403, in words of the caller's language.
    const rename = (acceptLanguage?: string) =>
      member.inject({ method: 'PATCH', url: '/api/organization', payload: { name: 'Renamed Agency' }, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
    const refused = async (acceptLanguage?: string) => {
      const res = await rename(acceptLanguage);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      return res.json().error.message as string;
    };
    expect(await refused()).toBe('You do not have permission to do that.');
    expect(await refused('de')).toBe('Dazu haben Sie keine Berechtigung.');

    await member.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: 'es' } });
    expect(await refused('de')).toBe('No tiene permiso para hacer eso.');
    expect(await refused()).toBe('No tiene permiso para hacer eso.');
  });
});

import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { fixedClock } from '../../platform/clock';
import { users } from '../../platform/db/schema/auth';
import { emailOutbox, verificationCodes } from '../../platform/db/schema/platform';
import { emailNotifications } from '../settings/schema';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import type { Platform } from '../../platform/platform';
import { asUser } from '../../test/as-user';
import { lastEmailTo, verificationCodeFor } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkSignUpCode, sendSignUpCode } from './service';

const clock = fixedClock(new Date('2026-11-22T10:00:00Z'));
let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

// Each test signs up from its own address, so per-address limits stay out of the way.
function post(url: string, payload: unknown) {
  address += 1;
  return t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.1.0.${address}` });
}

async function rowCounts() {
  const [u] = await t.db.select({ n: count() }).from(users);
  const [o] = await t.db.select({ n: count() }).from(organizations);
  const [p] = await t.db.select({ n: count() }).from(profiles);
  const [m] = await t.db.select({ n: count() }).from(emailOutbox);
  return { users: u!.n, organizations: o!.n, profiles: p!.n, outbox: m!.n };
}

describe('Sign-up', () => {
  it("emails a code, checks it, creates the account and its organization (no agency name: \"<name>'s Agency\"), and signs in", async () => {
    const email = 'ada@example.com';
    const sent = await post('/api/auth/sign-up/send-code', { email: ' Ada@Example.com ' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ ok: true });

    const mail = await lastEmailTo(t.db, email, 'verification_code');
    expect(mail?.subject).toBe('Your Brieflane verification code');
    const code = await verificationCodeFor(t.db, email);
    const [stored] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt).toEqual(new Date('2026-11-22T10:10:00Z'));

    const verified = await post('/api/auth/sign-up/verify-code', { email, code });
    expect(verified.json()).toEqual({ valid: true });

    const res = await post('/api/auth/sign-up', { fullName: 'Ada Lovelace', email, password: 'analytical', code });
    expect(res.statusCode).toBe(201);
    const me = res.json();
    expect(me.user.email).toBe(email);
    expect(me.profile).toMatchObject({ fullName: 'Ada Lovelace', email, role: 'organization_admin' });
    expect(me.organization).toMatchObject({ name: "Ada Lovelace's Agency", locale: 'en' });
    expect(me.profile.organizationId).toBe(me.organization.id);

    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^brieflane\.session_token=/);
    const again = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(me);

    const welcome = await lastEmailTo(t.db, email, 'welcome');
    expect(welcome?.organizationId).toBe(me.organization.id);
    const notes = await t.db.select().from(emailNotifications).where(eq(emailNotifications.profileId, me.profile.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.emailType).toBe('welcome');

    // The code is used up.
    expect((await post('/api/auth/sign-up/verify-code', { email, code })).json()).toEqual({ valid: false });
  });

  it("names the organization with the agency name given, trimmed (issue 49 item 13)", async () => {
    const email = 'nina@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    const res = await post('/api/auth/sign-up', { fullName: 'Nina Alvarez', email, password: 'secret1', code, organizationName: '  Alvarez Studio ' });
    expect(res.statusCode).toBe(201);
    const me = res.json();
    expect(me.organization.name).toBe('Alvarez Studio');
    expect(me.profile).toMatchObject({ fullName: 'Nina Alvarez', role: 'organization_admin', organizationId: me.organization.id });
    const [stored] = await t.db.select().from(organizations).where(eq(organizations.id, me.organization.id));
    expect(stored!.name).toBe('Alvarez Studio');
  });

  it("gives a sign-up from a German page a German organization: its default name, its language and the welcome email (issue 48)", async () => {
    const email = 'greta@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    address += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { fullName: 'Greta Hahn', email, password: 'secret1', code },
      headers: { 'accept-language': 'de' },
      remoteAddress: `10.1.0.${address}`,
    });
    expect(res.statusCode).toBe(201);
    const me = res.json();
    expect(me.organization).toMatchObject({ name: 'Agentur von Greta Hahn', locale: 'de' });
    const [stored] = await t.db.select().from(organizations).where(eq(organizations.id, me.organization.id));
    expect(stored).toMatchObject({ name: 'Agentur von Greta Hahn', locale: 'de' });
    const welcome = await lastEmailTo(t.db, email, 'welcome');
    expect(welcome?.subject).toBe('Willkommen bei Brieflane');
  });

  it('refuses an agency name that is blank after trimming, too short or too long, and writes nothing', async () => {
    const email = 'named@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    const before = await rowCounts();
    const cases: [string, string][] = [
      ['   ', 'Organization name must be at least 2 characters.'],
      ['', 'Organization name must be at least 2 characters.'],
      [' A ', 'Organization name must be at least 2 characters.'],
      ['x'.repeat(201), 'Organization name must be at most 200 characters.'],
    ];
    for (const [organizationName, message] of cases) {
      const res = await post('/api/auth/sign-up', { fullName: 'Named Person', email, password: 'secret1', code, organizationName });
      expect(res.statusCode, JSON.stringify(organizationName)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await rowCounts()).toEqual(before);
    // Nothing was used up: the same code creates the account once the name fits (200 characters do).
    const res = await post('/api/auth/sign-up', { fullName: 'Named Person', email, password: 'secret1', code, organizationName: 'x'.repeat(200) });
    expect(res.statusCode).toBe(201);
    expect(res.json().organization.name).toBe('x'.repeat(200));
  });

  it('answers for an email that has an account as for a free one, and tells the owner instead of sending a code', async () => {
    const existing = await asUser(t, 'developer');
    const free = await post('/api/auth/sign-up/send-code', { email: 'free-address@example.com' });
    const taken = await post('/api/auth/sign-up/send-code', { email: existing.email.toUpperCase() });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual(free.json());
    expect(taken.json()).toEqual({ ok: true });

    expect(await lastEmailTo(t.db, existing.email, 'verification_code')).toBeUndefined();
    const codes = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, existing.email));
    expect(codes).toHaveLength(0);
    const notice = await lastEmailTo(t.db, existing.email, 'sign_up_attempt');
    expect(notice?.subject).toBe('Someone tried to sign up with your address');
    expect(notice?.text).toContain('http://localhost:3000/');
    expect(notice?.text).not.toMatch(/\d{6}/);

    // Asking again answers alike but does not mail the owner again within the hour.
    const again = await post('/api/auth/sign-up/send-code', { email: existing.email });
    expect(again.json()).toEqual({ ok: true });
    const notices = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, existing.email), eq(emailOutbox.kind, 'sign_up_attempt')));
    expect(notices).toHaveLength(1);
  });

  it('checks the code before saying the email is taken', async () => {
    const existing = await asUser(t, 'developer');
    const res = await post('/api/auth/sign-up', { fullName: 'Prober', email: existing.email, password: 'secret1', code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_code', message: AUTH_MESSAGES.codeInvalid.message } });
  });

  it('holds the five-guess limit against concurrent guesses', async () => {
    const email = 'racer@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    const wrong = Array.from({ length: 9 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    // Ten guesses at once, the right one last.
    const answers = await Promise.all([...wrong, code].map((guess) => post('/api/auth/sign-up/verify-code', { email, code: guess })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.json().valid)).toEqual(Array(10).fill(false));
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
    expect(row!.attempts).toBe(5);
    expect(row!.usedAt).not.toBeNull();
    const res = await post('/api/auth/sign-up', { fullName: 'Racer', email, password: 'secret1', code });
    expect(res.statusCode).toBe(400);
  });

  it('holds the five-guess limit when the checks interleave statement by statement', async () => {
    // The embedded database runs one statement at a time, so the requests above may not overlap
    // between a check's statements; calling the check itself at once makes them overlap.
    const email = 'interleaved@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    const platform: Platform = { config: t.config, database: undefined as never, db: t.db, clock, storage: undefined as never };
    const wrong = Array.from({ length: 9 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all([...wrong, code].map((guess) => checkSignUpCode(platform, email, guess)));
    expect(results).toEqual(Array(10).fill(false));
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
    expect(row!.attempts).toBe(5);
  });

  it('refuses a wrong code and writes nothing', async () => {
    const email = 'wrong-code@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('/api/auth/sign-up/verify-code', { email, code: wrong })).json()).toEqual({ valid: false });

    const before = await rowCounts();
    const res = await post('/api/auth/sign-up', { fullName: 'Wrong Code', email, password: 'secret1', code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'invalid_code', message: AUTH_MESSAGES.codeInvalid.message } });
    expect(await rowCounts()).toEqual(before);
  });

  it('burns a code after five wrong guesses', async () => {
    const email = 'guesser@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/sign-up/verify-code', { email, code: wrong })).json()).toEqual({ valid: false });
    }
    expect((await post('/api/auth/sign-up/verify-code', { email, code })).json()).toEqual({ valid: false });
    const res = await post('/api/auth/sign-up', { fullName: 'Guesser', email, password: 'secret1', code });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const email = 'late@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    clock.advance(10 * 60 * 1000 + 1000);
    try {
      expect((await post('/api/auth/sign-up/verify-code', { email, code })).json()).toEqual({ valid: false });
      const before = await rowCounts();
      const res = await post('/api/auth/sign-up', { fullName: 'Late', email, password: 'secret1', code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(AUTH_MESSAGES.codeInvalid.message);
      expect(await rowCounts()).toEqual(before);
    } finally {
      clock.set(new Date('2026-11-22T10:00:00Z'));
    }
  });

  it('retires the earlier code when a new one is sent', async () => {
    const email = 'twice@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const first = await verificationCodeFor(t.db, email);
    await post('/api/auth/sign-up/send-code', { email });
    const second = await verificationCodeFor(t.db, email);
    if (first !== second) {
      expect((await post('/api/auth/sign-up/verify-code', { email, code: first })).json()).toEqual({ valid: false });
    }
    const codes = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
    expect(codes.filter((c) => c.usedAt === null)).toHaveLength(1);
    expect((await post('/api/auth/sign-up/verify-code', { email, code: second })).json()).toEqual({ valid: true });
  });

  it('refuses a duplicate email with 409 and writes nothing', async () => {
    const email = 'race@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    // Someone gets the email between the code and the sign-up (e.g. added on a Team tab).
    await asUser(t, 'developer', { email });
    const before = await rowCounts();
    const res = await post('/api/auth/sign-up', { fullName: 'Race', email, password: 'secret1', code });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(AUTH_MESSAGES.emailTaken.message);
    expect(await rowCounts()).toEqual(before);
  });

  it('answers missing and invalid fields with 400 and the message', async () => {
    const before = await rowCounts();
    const cases: [string, object, string][] = [
      ['/api/auth/sign-up/send-code', {}, 'Email is required'],
      ['/api/auth/sign-up/send-code', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['/api/auth/sign-up/verify-code', { email: 'a@b.co' }, 'Verification code is required'],
      ['/api/auth/sign-up/verify-code', { email: 'a@b.co', code: '1234567' }, 'The verification code has 6 characters'],
      ['/api/auth/sign-up', { email: 'a@b.co', password: 'secret1', code: '123456' }, 'Full name is required'],
      ['/api/auth/sign-up', { fullName: '  ', email: 'a@b.co', password: 'secret1', code: '123456' }, 'Full name is required'],
      ['/api/auth/sign-up', { fullName: 'A', email: 'a@b.co', password: '12345', code: '123456' }, AUTH_MESSAGES.passwordTooShort.message],
      ['/api/auth/sign-up', { fullName: 'A', email: 'a@b.co', password: 'secret1' }, 'Verification code is required'],
    ];
    for (const [url, payload, message] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("answers a validation message in the caller's language with the same code, its values filled (issue 48)", async () => {
    const ask = (acceptLanguage: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/verify-code',
        payload: { email: 'a@b.co', code: '1234567' },
        headers: { 'accept-language': acceptLanguage },
      });
    const [german, spanish, french] = await Promise.all([ask('de-DE,de;q=0.9'), ask('es'), ask('fr')]);
    expect(german.json()).toEqual({ error: { code: 'validation_error', message: 'Der Bestätigungscode hat 6 Zeichen', field: 'code' } });
    expect(spanish.json().error).toEqual({ code: german.json().error.code, message: 'El código de verificación tiene 6 caracteres', field: 'code' });
    expect(french.json().error.message).toBe('The verification code has 6 characters');
  });

  it('leaves no user, organization, profile or email behind when the transaction fails', async () => {
    const email = 'rollback@example.com';
    await post('/api/auth/sign-up/send-code', { email });
    const code = await verificationCodeFor(t.db, email);
    // Make the last insert of the sign-up fail, after the organization, user and profile.
    await t.db.execute(`create function fail_welcome() returns trigger language plpgsql as $$
      begin raise exception 'welcome failed'; end $$`);
    await t.db.execute(`create trigger fail_welcome before insert on email_notifications
      for each row execute function fail_welcome()`);
    const before = await rowCounts();
    try {
      const res = await post('/api/auth/sign-up', { fullName: 'Rollback', email, password: 'secret1', code });
      expect(res.statusCode).toBe(500);
      expect(await rowCounts()).toEqual(before);
    } finally {
      await t.db.execute('drop trigger fail_welcome on email_notifications');
      await t.db.execute('drop function fail_welcome()');
    }
    // The code was not used up by the failed attempt.
    const res = await post('/api/auth/sign-up', { fullName: 'Rollback', email, password: 'secret1', code });
    expect(res.statusCode).toBe(201);
  });
});

describe('The verification code in the server log', () => {
  function capture() {
    const lines: string[] = [];
    const log = { info: (message: string) => lines.push(message) } as unknown as FastifyBaseLogger;
    return { lines, log };
  }

  it('is logged at info level when no SMTP server is configured', async () => {
    const platform: Platform = { config: t.config, database: undefined as never, db: t.db, clock, storage: undefined as never };
    const { lines, log } = capture();
    await sendSignUpCode(platform, 'logged@example.com', log);
    expect(lines).toEqual([`verification code for logged@example.com: ${await verificationCodeFor(t.db, 'logged@example.com')}`]);
  });

  it('is not logged when SMTP delivers the email', async () => {
    const config = { ...t.config, smtpUrl: 'smtp://mail.example.com:25' };
    const platform: Platform = { config, database: undefined as never, db: t.db, clock, storage: undefined as never };
    const { lines, log } = capture();
    await sendSignUpCode(platform, 'mailed@example.com', log);
    expect(lines).toEqual([]);
    expect(await lastEmailTo(t.db, 'mailed@example.com', 'verification_code')).toBeDefined();
  });
});

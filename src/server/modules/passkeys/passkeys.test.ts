// Passkeys (issue 31 item 3, decision 031) through the real app: the answers come from a software
// authenticator (src/server/test/software-authenticator.ts) with real ES256 keys, so every
// signature is really verified. Adding with the password, signing in (a session as the
// password's, both factors at once), replays and cloned counters, challenges used, expired or of
// another kind, another user's credential, someone else's passkeys, rename, remove, the limits,
// and a backup that carries them.
import { mkdtempSync } from 'node:fs';
import { withValues } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/auth';
import type { MemberSession } from '../../../domain/sessions';
import { PASSKEY_CHALLENGE_SECONDS, PASSKEY_ERRORS, PASSKEY_MESSAGES, PASSKEY_NAME_MAX, PASSKEY_SIGN_IN_MESSAGES, PASSKEYS_PER_MEMBER, type Passkey } from '../../../domain/passkeys';
import { TWO_FACTOR_ERRORS, type TwoFactorSetup } from '../../../domain/two-factor';
import { createBackup } from '../../platform/backup/backup';
import { openArchive, restoreArchive } from '../../platform/backup/restore';
import { fixedClock } from '../../platform/clock';
import { sessions } from '../../platform/db/schema/auth';
import { passkeyChallenges, passkeys } from './schema';
import { localDiskStorage } from '../../platform/storage/storage';
import { hashSessionToken } from '../../platform/auth/session';
import { asUser, sessionCookie, type TestUser } from '../../test/as-user';
import { lastEmailTo } from '../../test/outbox';
import { softwareAuthenticator, type SoftwareAuthenticator, type SoftwareCredential } from '../../test/software-authenticator';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date());
const ORIGIN = 'http://localhost:3000';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('passkeys', () => {
  let t: TestApp;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  /** Each signed-out request from an address of its own: the per-address limits have their own test. */
  const nextAddress = () => `198.18.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`;

  const post = (user: TestUser, url: string, payload: object) => user.inject({ method: 'POST', url, payload });
  const list = async (user: TestUser) => (await user.inject({ method: 'GET', url: '/api/settings/passkeys' })).json() as Passkey[];

  const registrationOptions = async (user: TestUser) => {
    const res = await post(user, '/api/settings/passkeys/options', { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Adds a passkey of `authenticator` for `user`: the options, the authenticator's answer, the name. */
  const addPasskey = async (user: TestUser, authenticator: SoftwareAuthenticator, name = 'Laptop') => {
    const { response, credential } = authenticator.register(await registrationOptions(user));
    const res = await post(user, '/api/settings/passkeys', { name, response });
    expect(res.statusCode, res.body).toBe(201);
    return { passkey: res.json() as Passkey, credential };
  };

  const signInOptions = async (remoteAddress = nextAddress()) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { challenge: string; rpId: string; userVerification: string; allowCredentials?: unknown[] };
  };

  const finishSignIn = (response: object, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/passkey/sign-in', payload: { response }, remoteAddress, headers: { 'user-agent': CHROME } });

  /** A fresh challenge answered by `credential`, sent. */
  const signInWith = async (authenticator: SoftwareAuthenticator, credential?: SoftwareCredential, bend = {}) =>
    finishSignIn(authenticator.signIn(await signInOptions(), credential, bend));

  it('adds a passkey with the password: options for this site, a name, listed with its dates, and the owner emailed', async () => {
    const user = await asUser(t, 'developer');
    const authenticator = softwareAuthenticator(ORIGIN);
    expect(await list(user)).toEqual([]);

    const wrong = await post(user, '/api/settings/passkeys/options', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'wrong_password', message: AUTH_MESSAGES.currentPasswordWrong.message });

    const options = await registrationOptions(user);
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Brieflane' },
      user: { id: Buffer.from(user.userId).toString('base64url'), name: user.email, displayName: user.fullName },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
      timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    });
    // The same algorithms on every Node version (Node 24's default would offer ML-DSA-44 first).
    expect(options.pubKeyCredParams).toEqual([
      { type: 'public-key', alg: -8 },
      { type: 'public-key', alg: -7 },
      { type: 'public-key', alg: -257 },
    ]);
    // The challenge is kept on the server, the member's, for five minutes.
    const [stored] = await t.db.select().from(passkeyChallenges).where(eq(passkeyChallenges.challenge, options.challenge));
    expect(stored).toMatchObject({ purpose: 'registration', userId: user.userId });
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(PASSKEY_CHALLENGE_SECONDS * 1000);

    const { response } = authenticator.register(options);
    const blank = await post(user, '/api/settings/passkeys', { name: '  ', response });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(PASSKEY_MESSAGES.nameRequired.message);
    const added = await post(user, '/api/settings/passkeys', { name: ' Work laptop ', response });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ id: expect.any(String), name: 'Work laptop', createdAt: clock.now().toISOString(), lastUsedAt: null });
    expect(await list(user)).toEqual([added.json()]);
    // Stored scoped to the member and their organization: the credential's id and public key only.
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, added.json().id));
    expect(row).toMatchObject({ userId: user.userId, organizationId: user.organizationId, credentialId: authenticator.credentials[0]!.id, counter: 0, transports: ['internal'] });
    // The challenge is used up.
    expect(await t.db.$count(passkeyChallenges, eq(passkeyChallenges.challenge, options.challenge))).toBe(0);
    const email = await lastEmailTo(t.db, user.email, 'passkey_added');
    expect(email?.subject).toBe('A passkey was added to your Brieflane account');
    expect(email?.text).toContain('A passkey named "Work laptop" was added to your account');
    // Issue 49 item 5: the link opens Settings' Security section, where the passkeys are.
    expect(email?.text).toMatch(/http\S+\/\?tab=settings&section=security/);

    // The next set-up tells the authenticator which passkey it already holds.
    expect((await registrationOptions(user)).excludeCredentials).toEqual([{ id: authenticator.credentials[0]!.id, type: 'public-key', transports: ['internal'] }]);
  });

  it('signs in with a passkey: the session is made, sealed and set as the password sign-in does, and its last use recorded', async () => {
    const user = await asUser(t, 'account_executive');
    const authenticator = softwareAuthenticator(ORIGIN);
    const { passkey, credential } = await addPasskey(user, authenticator);

    const options = await signInOptions();
    // Any passkey of this site, its user verified: no email is asked first.
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    clock.advance(60_000);
    const res = await finishSignIn(authenticator.signIn(options, credential));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.userId, email: user.email }, profile: { id: user.profileId, organizationId: user.organizationId } });

    // The same cookie as the password's: name, attributes and lifetime.
    const passwordCookie = (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password }, remoteAddress: nextAddress() })).headers['set-cookie'];
    const passkeyCookie = res.headers['set-cookie'];
    const attributes = (header: unknown) => String(header).split(';').slice(1).map((part) => part.trim()).sort();
    expect(attributes(passkeyCookie)).toEqual(attributes(passwordCookie));
    const cookie = sessionCookie(res)!;
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.email).toBe(user.email);
    // Stored as the token's hash (decision 014), with the browser and address Settings shows.
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const [session] = await t.db.select().from(sessions).where(eq(sessions.token, hashSessionToken(token)));
    expect(session).toMatchObject({ userId: user.userId, userAgent: CHROME });
    expect(await t.db.$count(sessions, eq(sessions.token, token))).toBe(0);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/settings/sessions', headers: { cookie } })).json() as MemberSession[];
    expect(listed.find((s) => s.current)?.browser).toMatch(/^Chrome 131/);
    // Issue 49 item 21: and it says the passkey signed it in.
    expect(listed.find((s) => s.current)?.signIn).toEqual({ method: 'passkey', factor: null, provider: null });

    expect(await list(user)).toEqual([{ ...passkey, lastUsedAt: clock.now().toISOString() }]);
    const [row] = await t.db.select({ counter: passkeys.counter }).from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.counter).toBe(credential.counter);
  });

  it('stands for both factors: an account with two-factor on signs in with a passkey and no code', async () => {
    const user = await asUser(t, 'admin');
    const authenticator = softwareAuthenticator(ORIGIN);
    await addPasskey(user, authenticator);
    const setup = (await post(user, '/api/settings/two-factor/setup', { password: user.password })).json() as TwoFactorSetup;
    clock.advance(30_000);
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret.replace(/\s+/g, '')) }).generate({ timestamp: clock.now().getTime() });
    expect((await post(user, '/api/settings/two-factor/enable', { code })).statusCode).toBe(200);

    const password = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password }, remoteAddress: nextAddress() });
    expect(password.json().error.code).toBe(TWO_FACTOR_ERRORS.required);
    const res = await signInWith(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().twoFactor.on).toBe(true);
    expect(sessionCookie(res)).toBeDefined();
  });

  it("refuses a replayed answer and a cloned authenticator's counter, leaving no session", async () => {
    const user = await asUser(t, 'developer');
    const authenticator = softwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(user, authenticator);
    const sessionsBefore = await t.db.$count(sessions, eq(sessions.userId, user.userId));

    const answer = authenticator.signIn(await signInOptions(), credential);
    expect((await finishSignIn(answer)).statusCode).toBe(200);
    // The same answer again (captured on its way): its challenge is spent.
    const replay = await finishSignIn(answer);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({ code: PASSKEY_ERRORS.expired, message: PASSKEY_SIGN_IN_MESSAGES.expired.message });

    // A copy of the authenticator answers a new challenge with a counter not past the stored one.
    for (const counter of [credential.counter, credential.counter - 1]) {
      const cloned = await signInWith(authenticator, credential, { counter });
      expect(cloned.statusCode).toBe(401);
      expect(cloned.json().error).toEqual({ code: PASSKEY_ERRORS.invalid, message: PASSKEY_SIGN_IN_MESSAGES.signInFailed.message });
    }
    expect(await t.db.$count(sessions, eq(sessions.userId, user.userId))).toBe(sessionsBefore + 1);
    // The real one goes on.
    expect((await signInWith(authenticator, credential)).statusCode).toBe(200);

    // Two challenges answered with one counter reading, at once: one signs in, never both.
    const [first, second] = [await signInOptions(), await signInOptions()];
    const counter = credential.counter + 1;
    const both = await Promise.all([first, second].map((options) => finishSignIn(authenticator.signIn(options, credential, { counter }))));
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a challenge that expired, was never given, or was given for something else', async () => {
    const user = await asUser(t, 'developer');
    const other = await asUser(t, 'developer', { organizationId: user.organizationId });
    const authenticator = softwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(user, authenticator);

    const late = await signInOptions();
    clock.advance(PASSKEY_CHALLENGE_SECONDS * 1000 + 1000);
    const expired = await finishSignIn(authenticator.signIn(late, credential));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe(PASSKEY_ERRORS.expired);
    // An expired challenge is gone, not left for later.
    expect(await t.db.$count(passkeyChallenges, eq(passkeyChallenges.challenge, late.challenge))).toBe(0);

    const madeUp = await finishSignIn(authenticator.signIn({ challenge: Buffer.alloc(32, 7).toString('base64url'), rpId: 'localhost' }, credential));
    expect(madeUp.json().error.code).toBe(PASSKEY_ERRORS.expired);

    // A registration's challenge does not sign in, and a sign-in's does not add a passkey.
    const registration = await registrationOptions(user);
    expect((await finishSignIn(authenticator.signIn({ challenge: registration.challenge, rpId: 'localhost' }, credential))).json().error.code).toBe(PASSKEY_ERRORS.expired);
    const signIn = await signInOptions();
    const added = await post(user, '/api/settings/passkeys', { name: 'Sneaky', response: authenticator.register({ ...registration, challenge: signIn.challenge }).response });
    expect(added.statusCode).toBe(400);
    expect(added.json().error).toEqual({ code: PASSKEY_ERRORS.expired, message: PASSKEY_SIGN_IN_MESSAGES.expired.message });

    // Another member's registration challenge is theirs alone (and stays theirs).
    const theirs = await registrationOptions(other);
    const stolen = await post(user, '/api/settings/passkeys', { name: 'Stolen', response: softwareAuthenticator(ORIGIN).register(theirs).response });
    expect(stolen.json().error.code).toBe(PASSKEY_ERRORS.expired);
    expect((await post(other, '/api/settings/passkeys', { name: 'Theirs', response: softwareAuthenticator(ORIGIN).register(theirs).response })).statusCode).toBe(201);

    // A registration answered after five minutes.
    const slow = await registrationOptions(user);
    clock.advance(PASSKEY_CHALLENGE_SECONDS * 1000 + 1000);
    expect((await post(user, '/api/settings/passkeys', { name: 'Slow', response: authenticator.register(slow).response })).json().error.code).toBe(PASSKEY_ERRORS.expired);
    expect(await list(user)).toHaveLength(1);
  });

  it("refuses another user's credential, another site's answer, and an unverified user", async () => {
    const user = await asUser(t, 'developer');
    const stranger = await asUser(t, 'admin');
    const authenticator = softwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(user, authenticator);
    const theirs = softwareAuthenticator(ORIGIN);
    const { credential: theirCredential } = await addPasskey(stranger, theirs);
    const refused = async (bend: object, owner = credential) => {
      const res = await signInWith(owner === credential ? authenticator : theirs, owner, bend);
      expect(res.statusCode, JSON.stringify(bend)).toBe(401);
      expect(res.json().error.code).toBe(PASSKEY_ERRORS.invalid);
      expect(sessionCookie(res)).toBeUndefined();
    };

    // The stranger's credential id with the user's key, and the user's id signed by another key.
    await refused({ credentialId: theirCredential.id, userHandle: theirCredential.userHandle });
    await refused({ signWith: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey });
    // The user's passkey naming the stranger as its user.
    await refused({ userHandle: theirCredential.userHandle });
    // Made for another site, or answered on one.
    await refused({ origin: 'https://brieflane.example.net' });
    await refused({ rpId: 'evil.example' });
    // No PIN or fingerprint: a passkey stands for both factors only when its user is verified.
    await refused({ userVerified: false });
    // An unknown credential says no more than the others.
    const unknown = await signInWith(authenticator, credential, { credentialId: Buffer.alloc(32, 1).toString('base64url') });
    expect(unknown.json().error).toEqual({ code: PASSKEY_ERRORS.invalid, message: PASSKEY_SIGN_IN_MESSAGES.signInFailed.message });
    // Without a user handle the credential's owner is who signs in.
    const bare = await signInWith(authenticator, credential, { userHandle: null });
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().user.id).toBe(user.userId);

    // Adding: an answer made on another site, unverified, or a credential someone already holds.
    const wrongOrigin = await post(user, '/api/settings/passkeys', { name: 'X', response: authenticator.register(await registrationOptions(user), { origin: 'https://evil.example' }).response });
    expect(wrongOrigin.json().error).toEqual({ code: PASSKEY_ERRORS.invalid, message: PASSKEY_MESSAGES.notAdded.message });
    const unverified = await post(user, '/api/settings/passkeys', { name: 'X', response: authenticator.register(await registrationOptions(user), { userVerified: false }).response });
    expect(unverified.json().error.code).toBe(PASSKEY_ERRORS.invalid);
    // The answer's id must be the credential it made.
    const { response } = authenticator.register(await registrationOptions(user));
    const renamed = await post(user, '/api/settings/passkeys', { name: 'X', response: { ...response, id: theirCredential.id, rawId: theirCredential.id } });
    expect(renamed.json().error.code).toBe(PASSKEY_ERRORS.invalid);
    expect(await list(user)).toHaveLength(1);
  });

  it('answers 409 for a credential already added, whoever adds it again', async () => {
    const user = await asUser(t, 'developer');
    const authenticator = softwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(user, authenticator);
    // A client that ignores excludeCredentials, and a copied key presented by someone else.
    for (const adder of [user, await asUser(t, 'developer')]) {
      const { response } = authenticator.register(await registrationOptions(adder), { credential });
      const conflict = await post(adder, '/api/settings/passkeys', { name: 'Copy', response });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().error).toEqual({ code: PASSKEY_ERRORS.exists, message: PASSKEY_MESSAGES.exists.message });
    }
    expect(await list(user)).toHaveLength(1);
    expect(await t.db.$count(passkeys, eq(passkeys.credentialId, credential.id))).toBe(1);
  });

  it("keeps passkeys to their owner: nobody else lists, renames or removes them, in their organization or another", async () => {
    const owner = await asUser(t, 'developer');
    const { passkey } = await addPasskey(owner, softwareAuthenticator(ORIGIN), 'Phone');
    const colleague = await asUser(t, 'organization_admin', { organizationId: owner.organizationId });
    const stranger = await asUser(t, 'organization_admin');
    for (const caller of [colleague, stranger]) {
      expect(await list(caller)).toEqual([]);
      const rename = await caller.inject({ method: 'PATCH', url: `/api/settings/passkeys/${passkey.id}`, payload: { name: 'Mine now' } });
      expect(rename.statusCode).toBe(404);
      expect(rename.json().error.message).toBe(PASSKEY_MESSAGES.notFound.message);
      expect((await caller.inject({ method: 'DELETE', url: `/api/settings/passkeys/${passkey.id}` })).statusCode).toBe(404);
    }
    expect(await list(owner)).toEqual([passkey]);
  });

  it('renames and removes a passkey; a removed one signs no one in, and the owner is emailed', async () => {
    const user = await asUser(t, 'admin');
    const authenticator = softwareAuthenticator(ORIGIN);
    const { passkey, credential } = await addPasskey(user, authenticator, 'Old name');
    const rename = (name: unknown) => user.inject({ method: 'PATCH', url: `/api/settings/passkeys/${passkey.id}`, payload: { name } });

    expect((await rename('')).json().error.message).toBe(PASSKEY_MESSAGES.nameRequired.message);
    expect((await rename('x'.repeat(61))).json().error.message).toBe(translate('en', withValues(PASSKEY_MESSAGES.nameTooLong, { max: PASSKEY_NAME_MAX })));
    const renamed = await rename('YubiKey 5C');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...passkey, name: 'YubiKey 5C' });
    expect(await list(user)).toEqual([{ ...passkey, name: 'YubiKey 5C' }]);

    expect((await user.inject({ method: 'DELETE', url: `/api/settings/passkeys/${passkey.id}` })).statusCode).toBe(204);
    expect(await list(user)).toEqual([]);
    expect((await lastEmailTo(t.db, user.email, 'passkey_removed'))?.text).toContain('The passkey named "YubiKey 5C" was removed');
    expect((await user.inject({ method: 'DELETE', url: `/api/settings/passkeys/${passkey.id}` })).statusCode).toBe(404);
    const gone = await signInWith(authenticator, credential);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().error.code).toBe(PASSKEY_ERRORS.invalid);
  });

  it("a removed member's passkeys go with them", async () => {
    const admin = await asUser(t, 'organization_admin');
    const member = await asUser(t, 'developer', { organizationId: admin.organizationId });
    const authenticator = softwareAuthenticator(ORIGIN);
    await addPasskey(member, authenticator);
    expect((await admin.inject({ method: 'DELETE', url: `/api/team/${member.profileId}` })).statusCode).toBe(204);
    expect(await t.db.$count(passkeys, eq(passkeys.userId, member.userId))).toBe(0);
    expect((await signInWith(authenticator)).statusCode).toBe(401);
  });

  it(`holds at most ${PASSKEYS_PER_MEMBER} passkeys per member`, async () => {
    const user = await asUser(t, 'developer');
    const authenticator = softwareAuthenticator(ORIGIN);
    const pending = await registrationOptions(user);
    await t.db.insert(passkeys).values(
      Array.from({ length: PASSKEYS_PER_MEMBER }, (_, i) => ({
        organizationId: user.organizationId,
        userId: user.userId,
        name: `Key ${i}`,
        credentialId: `filler-${user.userId}-${i}`,
        publicKey: 'AA',
      })),
    );
    const begin = await post(user, '/api/settings/passkeys/options', { password: user.password });
    expect(begin.statusCode).toBe(400);
    expect(begin.json().error).toEqual({ code: PASSKEY_ERRORS.tooMany, message: translate('en', withValues(PASSKEY_MESSAGES.tooMany, { max: PASSKEYS_PER_MEMBER })) });
    // A set-up begun before the last one was added is refused too.
    const late = await post(user, '/api/settings/passkeys', { name: 'One more', response: authenticator.register(pending).response });
    expect(late.json().error.code).toBe(PASSKEY_ERRORS.tooMany);
    expect(await list(user)).toHaveLength(PASSKEYS_PER_MEMBER);
  });

  it("limits sign-in guesses per account, as two-factor codes are, and per address", async () => {
    const user = await asUser(t, 'developer');
    const authenticator = softwareAuthenticator(ORIGIN);
    const { credential } = await addPasskey(user, authenticator);
    const wrongKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    for (let guess = 0; guess < 10; guess++) expect((await signInWith(authenticator, credential, { signWith: wrongKey })).statusCode).toBe(401);
    // The eleventh, even a right one, waits for the window to end.
    expect((await signInWith(authenticator, credential)).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000);
    expect((await signInWith(authenticator, credential)).statusCode).toBe(200);
    // Successes are taken back: the owner signs in again and again.
    for (let i = 0; i < 12; i++) expect((await signInWith(authenticator, credential)).statusCode).toBe(200);

    // One address asks for only so many challenges, and sends only so many answers, a minute.
    const from = nextAddress();
    for (let i = 0; i < 30; i++) expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: from })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: from })).statusCode).toBe(429);
    const junk = authenticator.signIn({ challenge: Buffer.alloc(32, 9).toString('base64url'), rpId: 'localhost' }, credential);
    for (let i = 0; i < 20; i++) expect((await finishSignIn(junk, from)).statusCode).toBe(401);
    expect((await finishSignIn(junk, from)).statusCode).toBe(429);
  });

  it('refuses API tokens on its Settings routes: they are a browser\'s', async () => {
    const user = await asUser(t, 'admin');
    const token = (await post(user, '/api/settings/api-tokens', { name: 'Script', scope: 'write', expiresInDays: 30 })).json().token as string;
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/passkeys', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('is carried by a backup: restored into another database, the passkey still signs in', async () => {
    const user = await asUser(t, 'developer');
    const authenticator = softwareAuthenticator(ORIGIN);
    const { passkey, credential } = await addPasskey(user, authenticator, 'Backed-up key');
    const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-passkey-backup-'));
    const { file } = await createBackup({ database: t.database, storage: localDiskStorage(path.join(t.config.dataDir, 'files')), dir });
    const target = await createTestApp({ clock });
    try {
      const archive = await openArchive(file);
      await restoreArchive({ archive, database: target.database, storage: localDiskStorage(path.join(target.config.dataDir, 'files')) });
      await archive.close();
      const options = (await target.app.inject({ method: 'POST', url: '/api/auth/passkey/options', remoteAddress: nextAddress() })).json();
      const res = await target.app.inject({ method: 'POST', url: '/api/auth/passkey/sign-in', payload: { response: authenticator.signIn(options, credential) }, remoteAddress: nextAddress() });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user.id).toBe(user.userId);
      const cookie = sessionCookie(res)!;
      const restored = (await target.app.inject({ method: 'GET', url: '/api/settings/passkeys', headers: { cookie } })).json() as Passkey[];
      expect(restored.map((p) => p.name)).toEqual([passkey.name]);
    } finally {
      await target.close();
    }
  });
});

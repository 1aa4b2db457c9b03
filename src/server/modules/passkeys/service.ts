// Passkeys (issue 31 item 3, decision 031): WebAuthn with @simplewebauthn/server. Settings adds
// (with the password), renames and removes a member's own; sign-in asks for any passkey of this
// site (a discoverable credential, so no email first) and opens a session as the password's
// sign-in does. Challenges are the server's, single use and short-lived; the relying party is
// PUBLIC_URL's host and origin.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { withValues } from '../../../domain/locales';
import { and, count, desc, eq, lt } from 'drizzle-orm';
import {
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_ERRORS,
  PASSKEY_MESSAGES,
  PASSKEY_SIGN_IN_MESSAGES,
  PASSKEYS_PER_MEMBER,
  type Passkey,
  type PasskeyAuthenticationResponse,
  type PasskeyRegistrationResponse,
} from '../../../domain/passkeys';
import type { Me } from '../../../domain/auth';
import { settingsSectionPath } from '../../../domain/settings-sections';
import { assertCurrentPassword, isUniqueViolation } from '../../platform/auth/credentials';
import { loadMe } from '../auth/public';
import { refundRateLimit, withinRateLimit } from '../../platform/auth/rate-limit';
import { openSession, type Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/auth';
import { passkeyChallenges, passkeys, type PasskeyChallengePurpose } from './schema';
import { profiles } from '../../platform/db/schema/tenancy';
import { badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../platform/errors';
import { enqueueEmail } from '../../platform/mail/outbox';
import { memberLocale } from '../../services/reader-locale';
import type { Platform } from '../../platform/platform';
import { passkeyAddedEmail, passkeyRemovedEmail } from './emails';

const RP_NAME = 'Brieflane';

/** The relying party: PUBLIC_URL's host name is the RP ID, its origin the one answers must come from. */
function relyingParty(platform: Platform): { rpID: string; origin: string } {
  const url = new URL(platform.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn user handle of a login: its id's bytes. Better-auth's ids are random, so the handle
 * says nothing about the person (WebAuthn 14.6.1); it is the same for each of their passkeys.
 */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

const ownedBy = (actor: Actor) => and(eq(passkeys.userId, actor.userId), eq(passkeys.organizationId, actor.organizationId));

function toPasskey(row: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}

const passkeyColumns = { id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt };

// ---- Challenges ---------------------------------------------------------------------------------

async function storeChallenge(executor: Executor, platform: Platform, challenge: string, purpose: PasskeyChallengePurpose, userId: string | null) {
  const expiresAt = new Date(platform.clock.now().getTime() + PASSKEY_CHALLENGE_SECONDS * 1000);
  await executor.insert(passkeyChallenges).values({ challenge, purpose, userId, expiresAt, createdAt: platform.clock.now() });
}

/** The challenge a WebAuthn answer signed, as its clientDataJSON says; null when that is unreadable. */
function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(data.challenge) ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Takes the challenge an answer signed, once: one DELETE, so of two requests with the same answer
 * only one finds it, and a refused answer has spent it too. Null when it is not ours, not for this
 * purpose (or member), used, or expired.
 */
async function takeChallenge(platform: Platform, clientDataJSON: string, purpose: PasskeyChallengePurpose, userId: string | null): Promise<string | null> {
  const challenge = answeredChallenge(clientDataJSON);
  if (!challenge) return null;
  const [taken] = await platform.db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? undefined : eq(passkeyChallenges.userId, userId),
      ),
    )
    .returning({ expiresAt: passkeyChallenges.expiresAt });
  return taken && taken.expiresAt.getTime() > platform.clock.now().getTime() ? challenge : null;
}

// ---- Settings -----------------------------------------------------------------------------------

export async function listPasskeys(platform: Platform, actor: Actor): Promise<Passkey[]> {
  // At most PASSKEYS_PER_MEMBER rows: no paging.
  const rows = await platform.db.select(passkeyColumns).from(passkeys).where(ownedBy(actor)).orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return rows.map(toPasskey);
}

async function countPasskeys(executor: Executor, actor: Actor): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(passkeys).where(ownedBy(actor));
  return row?.n ?? 0;
}

/**
 * Begins adding a passkey: the password again (a stolen session must not add a way in for the
 * thief), then the options for `navigator.credentials.create()` with a new challenge, which
 * replaces any the member had not answered. The caller limits the password's guesses.
 */
/**
 * The signature algorithms a new passkey may use, the same on every Node version we run on (COSE:
 * Ed25519, ES256, RS256). @simplewebauthn's default puts ML-DSA-44 first where the runtime has it
 * (Node 24), and Chromium then makes ML-DSA passkeys: a server moved back to Node 22 or 20, or a
 * mixed rolling upgrade, could not verify them (CI's Node 24 run found it).
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257] as const;

export async function startPasskeyRegistration(platform: Platform, actor: Actor, password: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
  await assertCurrentPassword(platform, actor.userId, password);
  const held = await platform.db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(ownedBy(actor));
  if (held.length >= PASSKEYS_PER_MEMBER) throw badRequest(withValues(PASSKEY_MESSAGES.tooMany, { max: PASSKEYS_PER_MEMBER }), PASSKEY_ERRORS.tooMany);
  const { rpID } = relyingParty(platform);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userID: userHandle(actor.userId),
    userName: actor.email,
    userDisplayName: actor.fullName,
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    // The authenticator refuses to make a second passkey of the member where one is already kept.
    excludeCredentials: held.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: {
      // Sign-in asks for no email first, so the passkey must be discoverable; and it stands for
      // both factors (decision 031), so the authenticator must verify its user (PIN, biometrics).
      residentKey: 'required',
      userVerification: 'required',
    },
    supportedAlgorithmIDs: [...PASSKEY_ALGORITHMS],
  });
  await platform.db.transaction(async (tx) => {
    await tx.delete(passkeyChallenges).where(and(eq(passkeyChallenges.userId, actor.userId), eq(passkeyChallenges.purpose, 'registration')));
    await storeChallenge(tx, platform, options.challenge, 'registration', actor.userId);
  });
  return options;
}

/**
 * Finishes adding a passkey: the browser's answer to the member's challenge, verified (origin,
 * RP ID, challenge, user verified, the attestation's own signature), kept under `name`; the owner
 * is emailed in the same transaction.
 */
export async function addPasskey(platform: Platform, actor: Actor, input: { name: string; response: PasskeyRegistrationResponse }): Promise<Passkey> {
  const challenge = await takeChallenge(platform, input.response.response.clientDataJSON, 'registration', actor.userId);
  if (!challenge) throw badRequest(PASSKEY_SIGN_IN_MESSAGES.expired, PASSKEY_ERRORS.expired);
  const { rpID, origin } = relyingParty(platform);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    // The library throws on anything it does not like (a wrong origin, a broken CBOR map...).
    throw badRequest(PASSKEY_MESSAGES.notAdded, PASSKEY_ERRORS.invalid);
  }
  // The answer names the credential the authenticator made, or it is not a whole answer.
  if (!verified.verified || verified.registrationInfo.credential.id !== input.response.id) throw badRequest(PASSKEY_MESSAGES.notAdded, PASSKEY_ERRORS.invalid);
  const { credential } = verified.registrationInfo;
  const now = platform.clock.now();
  try {
    return await platform.db.transaction(async (tx) => {
      if ((await countPasskeys(tx, actor)) >= PASSKEYS_PER_MEMBER) throw badRequest(withValues(PASSKEY_MESSAGES.tooMany, { max: PASSKEYS_PER_MEMBER }), PASSKEY_ERRORS.tooMany);
      const [row] = await tx
        .insert(passkeys)
        .values({
          organizationId: actor.organizationId,
          userId: actor.userId,
          name: input.name,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: input.response.response.transports,
          createdAt: now,
        })
        .returning(passkeyColumns);
      await enqueueEmail(tx, passkeyAddedEmail(actor, await memberLocale(tx, actor.organizationId, actor.profileId), input.name, `${platform.config.publicUrl}${settingsSectionPath('security')}`));
      return toPasskey(row!);
    });
  } catch (error) {
    // One credential, one owner: the same authenticator's key again, or someone else's.
    if (isUniqueViolation(error)) throw conflict(PASSKEY_MESSAGES.exists, PASSKEY_ERRORS.exists);
    throw error;
  }
}

export async function renamePasskey(platform: Platform, actor: Actor, passkeyId: string, name: string): Promise<Passkey> {
  const [row] = await platform.db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), ownedBy(actor)))
    .returning(passkeyColumns);
  if (!row) throw notFound(PASSKEY_MESSAGES.notFound);
  return toPasskey(row);
}

/** Removes one of the member's passkeys (it signs no one in from now on); the owner is emailed. */
export async function removePasskey(platform: Platform, actor: Actor, passkeyId: string): Promise<void> {
  await platform.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), ownedBy(actor)))
      .returning({ name: passkeys.name });
    if (!removed) throw notFound(PASSKEY_MESSAGES.notFound);
    await enqueueEmail(tx, passkeyRemovedEmail(actor, await memberLocale(tx, actor.organizationId, actor.profileId), removed.name));
  });
}

// ---- Sign-in ------------------------------------------------------------------------------------

/** The options for `navigator.credentials.get()`: any passkey of this site, its user verified. */
export async function startPasskeySignIn(platform: Platform): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { rpID } = relyingParty(platform);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: PASSKEY_CHALLENGE_SECONDS * 1000 });
  await storeChallenge(platform.db, platform, options.challenge, 'sign_in', null);
  return options;
}

const signInFailed = () => unauthorized(PASSKEY_SIGN_IN_MESSAGES.signInFailed, PASSKEY_ERRORS.invalid);

/**
 * Signs in with a passkey's answer: the challenge is taken (once), the passkey found by its id,
 * the signature verified with its public key (user verification required), the counter moved on
 * (a cloned authenticator's lower one is refused), then a session opened for its owner as the
 * password's sign-in opens one. A passkey stands for both factors: an account with two-factor on
 * is not asked for a code. Guesses count against the owner's 'passkey' limit, a success taken back.
 * Returns the caller's Me and the session token for the cookie.
 */
export async function signInWithPasskey(
  platform: Platform,
  input: { response: PasskeyAuthenticationResponse; address: string; userAgent: string | undefined },
): Promise<{ me: Me; token: string; email: string }> {
  const { response } = input;
  const challenge = await takeChallenge(platform, response.response.clientDataJSON, 'sign_in', null);
  if (!challenge) throw unauthorized(PASSKEY_SIGN_IN_MESSAGES.expired, PASSKEY_ERRORS.expired);
  const [passkey] = await platform.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  if (!passkey) throw signInFailed();
  const who = { userId: passkey.userId };
  if (!(await withinRateLimit(platform, 'passkey', who))) throw tooManyRequests();
  // The authenticator names whose passkey it used; it must be this one's owner.
  if (response.response.userHandle !== undefined && response.response.userHandle !== Buffer.from(userHandle(passkey.userId)).toString('base64url')) {
    throw signInFailed();
  }
  const { rpID, origin } = relyingParty(platform);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: true,
    });
  } catch {
    // A wrong origin or RP, user verification missing, a counter not past the stored one...
    throw signInFailed();
  }
  if (!verified.verified) throw signInFailed();

  // The member it belongs to, in the organization it was added in (a login without a profile,
  // its member removed, signs in no more than with the password).
  const [member] = await platform.db
    .select({ profileId: profiles.id, organizationId: profiles.organizationId, role: profiles.role, fullName: profiles.fullName, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.userId, passkey.userId), eq(profiles.organizationId, passkey.organizationId)))
    .limit(1);
  if (!member) throw signInFailed();

  // The counter moves on in one conditional UPDATE, so two requests cannot both use one reading
  // (authenticators that keep no counter send 0 each time; their single-use challenge guards them).
  const { newCounter } = verified.authenticationInfo;
  const moved = await platform.db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: platform.clock.now() })
    .where(and(eq(passkeys.id, passkey.id), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)))
    .returning({ id: passkeys.id });
  if (moved.length === 0) throw signInFailed();
  await refundRateLimit(platform, 'passkey', who);

  const token = await openSession(platform, {
    userId: passkey.userId,
    address: input.address,
    userAgent: input.userAgent,
    way: { method: 'passkey', factor: null, provider: null },
  });
  const actor: Actor = { userId: passkey.userId, ...member };
  return { me: await loadMe(platform, actor), token, email: member.email };
}

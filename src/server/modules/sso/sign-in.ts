// Signing in through an organization's OpenID provider (issue 31 item 4, decision 032).
//
// start: the email's domain names the organization; a new state, nonce and PKCE verifier are kept
// server-side (sso_sign_ins, 10 minutes, single use: the state's SHA-256 is the key, the verifier
// sealed) and the state also goes to the browser in an httpOnly cookie, so a callback is accepted
// only in the browser that started it (no login CSRF). callback: the state must be the cookie's
// and an unused, unexpired row's (consumed by one DELETE, so it is good once); openid-client then
// exchanges the code with the verifier and checks the ID token. The email it carries must be in
// the organization's domains; its account must be the organization's member, or a new person
// joins by the organization's rule. The session is made as password sign-in makes it (better-auth
// creates it and it is sealed at once: openSession); an account with two-factor on is asked for its code
// first, as after a password. Issue 46: only a proven domain counts; the ID token must say the email
// is verified (unless the organization says its provider never does); a login is bound to the
// provider's subject on its first single sign-on and refused under another one later.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Me } from '../../../domain/auth';
import { ssoLookupSchema, type SsoLookupResult } from '../../../domain/sso';
import { SSO_ERRORS, type SsoRedirectError } from '../../../domain/sso-rules';
import { SSO_SIGN_IN_MESSAGES } from '../../../domain/sso-sign-in';
import { createLogin, createMember } from '../../platform/auth/accounts';
import { isUniqueViolation } from '../../platform/auth/credentials';
import { loadMe } from '../auth/public';
import { rememberSignInAddress, withinRateLimit } from '../../platform/auth/rate-limit';
import { open, seal } from '../../platform/auth/secret-box';
import { openSession, type Actor } from '../../platform/auth/session';
import { ssoDomainOf, userIdByEmail } from './policy';
import { hasTwoFactor, passTwoFactor } from '../two-factor/public';
import { ssoSignIns } from './schema';
import { profiles } from '../../platform/db/schema/tenancy';
import { ssoIdentities } from './schema';
import { unauthorized } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { authorizationUrl, callbackUrl, exchangeCode, newAuthorizationChecks, ProviderError, providerHost } from './provider';
import { providerOf } from './settings';

/** A started sign-in or a second-factor step waits this long, then starts over. */
export const SSO_PENDING_MS = 10 * 60 * 1000;
const PKCE_SEAL_PURPOSE = 'sso-pkce-verifier';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Whether two strings are equal, in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Which sign-in applies to an email: only whether its domain uses single sign-on, never whether it has an account. */
export async function lookUpSignIn(platform: Platform, email: string): Promise<SsoLookupResult> {
  const domain = await ssoDomainOf(platform.db, email);
  const provider = domain ? await providerOf(platform, domain.organizationId) : null;
  if (!domain || !provider) return { sso: false, password: true, provider: null };
  return { sso: true, password: domain.passwordSignIn, provider: await providerHost(platform, provider.issuer) };
}

export type StartOutcome = { redirect: URL; state: string } | { error: SsoRedirectError };

/** Begins a sign-in: the provider's URL to send the browser to, and the state for its cookie. */
export async function startSsoSignIn(platform: Platform, input: { email: unknown; address: string; log: FastifyBaseLogger }): Promise<StartOutcome> {
  if (!(await withinRateLimit(platform, 'sso-start', { address: input.address }))) return { error: 'rate_limited' };
  const parsed = ssoLookupSchema.safeParse({ email: input.email });
  if (!parsed.success) return { error: 'not_configured' };
  const { email } = parsed.data;
  const domain = await ssoDomainOf(platform.db, email);
  const provider = domain ? await providerOf(platform, domain.organizationId) : null;
  if (!domain || !provider) return { error: 'not_configured' };
  const checks = newAuthorizationChecks();
  let redirect: URL;
  try {
    redirect = await authorizationUrl(platform, provider, checks, email);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    input.log.warn({ organizationId: domain.organizationId, problem: error.problem, err: error.message, detail: error.detail }, 'single sign-on: the provider could not be used');
    return { error: error.kind === 'unreachable' ? 'unreachable' : 'invalid_response' };
  }
  const now = platform.clock.now();
  await platform.db.insert(ssoSignIns).values({
    keyHash: sha256(checks.state),
    stage: 'authorize',
    organizationId: domain.organizationId,
    issuer: provider.issuer,
    nonce: checks.nonce,
    codeVerifierSealed: seal(platform.config.authSecret, PKCE_SEAL_PURPOSE, checks.codeVerifier),
    expiresAt: new Date(now.getTime() + SSO_PENDING_MS),
    createdAt: now,
  });
  return { redirect, state: checks.state };
}

/** signedIn: the new session's token, for the cookie (setSessionCookie). */
export type CallbackOutcome = { signedIn: string } | { secondFactor: string } | { error: SsoRedirectError };

/**
 * The provider's answer. `query` is what it sent (read as text); `search` the raw query string,
 * for openid-client to read the answer from exactly; `cookieState` the state cookie of this browser.
 */
export async function finishSsoSignIn(
  platform: Platform,
  input: { query: Record<string, unknown>; search: string; cookieState: string | undefined; userAgent: string | undefined; address: string; log: FastifyBaseLogger },
): Promise<CallbackOutcome> {
  if (!(await withinRateLimit(platform, 'sso-callback', { address: input.address }))) return { error: 'rate_limited' };
  const state = typeof input.query.state === 'string' ? input.query.state : '';
  // The state must be the one this browser was given: a callback carried to another browser
  // (an attacker's own code, to sign the victim in as the attacker) stops here.
  if (!state || !input.cookieState || !sameSecret(state, input.cookieState)) return { error: 'expired' };
  const now = platform.clock.now();
  const [pending] = await platform.db
    .delete(ssoSignIns)
    .where(and(eq(ssoSignIns.keyHash, sha256(state)), eq(ssoSignIns.stage, 'authorize')))
    .returning();
  if (!pending || pending.expiresAt.getTime() <= now.getTime()) return { error: 'expired' };
  if (typeof input.query.error === 'string') return { error: 'denied' };
  const provider = await providerOf(platform, pending.organizationId);
  // The settings were removed, or the issuer changed, since the browser left.
  if (!provider || provider.issuer !== pending.issuer) return { error: 'not_configured' };
  const codeVerifier = pending.codeVerifierSealed ? open(platform.config.authSecret, PKCE_SEAL_PURPOSE, pending.codeVerifierSealed) : null;
  if (!codeVerifier || !pending.nonce) return { error: 'expired' };

  let identity;
  try {
    const currentUrl = new URL(`${callbackUrl(platform)}${input.search}`);
    identity = await exchangeCode(platform, provider, currentUrl, { state, nonce: pending.nonce, codeVerifier });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // The admin reads why in the server log; the person sees only that it failed.
    input.log.warn({ organizationId: pending.organizationId, problem: error.problem, err: error.message, detail: error.detail }, 'single sign-on: the provider answer was refused');
    return { error: error.kind === 'unreachable' ? 'unreachable' : 'invalid_response' };
  }

  const email = identity.email;
  // Issue 46: the provider must say it checked the email, unless the organization admin said it
  // never sends the claim (then only its absence is let through, never a false).
  const emailVerified = identity.emailVerified === true || (identity.emailVerified === null && provider.row.emailVerifiedOptional);
  if (!email || !emailVerified) return { error: 'email_not_allowed' };
  // The organization's provider speaks only for the organization's proven domains.
  const domain = await ssoDomainOf(platform.db, email);
  if (domain?.organizationId !== pending.organizationId) return { error: 'email_not_allowed' };
  // Issue 46: a subject the provider used before speaks for its own login only.
  const boundTo = await loginOfSubject(platform, provider.issuer, identity.subject);
  if (boundTo && boundTo !== (await userIdByEmail(platform.db, email))) return { error: 'identity_mismatch' };

  const member = await findOrAdmitMember(platform, {
    organizationId: pending.organizationId,
    email,
    fullName: identity.name ?? email.slice(0, email.indexOf('@')),
    newMembers: provider.row.newMembers,
    joinRole: provider.row.joinRole,
  });
  if ('error' in member) return member;
  if (!(await bindSubject(platform, member.userId, provider.issuer, identity.subject))) return { error: 'identity_mismatch' };

  if (await hasTwoFactor(platform.db, member.userId)) {
    const ticket = randomBytes(32).toString('base64url');
    await platform.db.insert(ssoSignIns).values({
      keyHash: sha256(ticket),
      stage: 'second_factor',
      organizationId: pending.organizationId,
      userId: member.userId,
      // The provider it came through, for the session to name (issue 49 item 21).
      issuer: provider.issuer,
      expiresAt: new Date(now.getTime() + SSO_PENDING_MS),
      createdAt: now,
    });
    return { secondFactor: ticket };
  }
  // Signed in from here: like a password sign-in, the address is known to the account (issue 19).
  await rememberSignInAddress(platform, { email, address: input.address });
  const way = { method: 'sso', factor: null, provider: await providerHost(platform, provider.issuer) } as const;
  return { signedIn: await openSession(platform, { userId: member.userId, address: input.address, userAgent: input.userAgent, way }) };
}

/** The login a provider's subject signed in as before, or null. */
async function loginOfSubject(platform: Platform, issuer: string, subject: string): Promise<string | null> {
  const [row] = await platform.db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * Binds the login to the subject on its first single sign-on through this issuer, and answers
 * whether the login is the subject's: false when it signed in as another subject before, or the
 * subject is another login's (the insert then does nothing and the login has no row, or another).
 */
async function bindSubject(platform: Platform, userId: string, issuer: string, subject: string): Promise<boolean> {
  await platform.db.insert(ssoIdentities).values({ userId, issuer, subject, createdAt: platform.clock.now() }).onConflictDoNothing();
  const [row] = await platform.db
    .select({ subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.issuer, issuer)))
    .limit(1);
  return row?.subject === subject;
}

type MemberOutcome = { userId: string } | { error: SsoRedirectError };

/**
 * The organization's member for the email: an existing login must be this organization's (never
 * another's, whatever this organization's provider asserts); a member added without a login gets
 * one; anyone else joins by the organization's rule, logged as `join_via_sso`.
 */
async function findOrAdmitMember(
  platform: Platform,
  who: { organizationId: string; email: string; fullName: string; newMembers: 'join' | 'refuse'; joinRole: 'admin' | 'account_executive' | 'developer' },
  retried = false,
): Promise<MemberOutcome> {
  const userId = await userIdByEmail(platform.db, who.email);
  if (userId) {
    const [profile] = await platform.db.select({ organizationId: profiles.organizationId }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
    return profile?.organizationId === who.organizationId ? { userId } : { error: 'other_organization' };
  }
  try {
    return await platform.db.transaction(async (tx): Promise<MemberOutcome> => {
      // A member added on the Team tab without a login (decision 6) gets one: they are the organization's already.
      const [withoutLogin] = await tx
        .select({ id: profiles.id, fullName: profiles.fullName })
        .from(profiles)
        .where(and(eq(profiles.organizationId, who.organizationId), isNull(profiles.userId), eq(sql`lower(${profiles.email})`, who.email)))
        .limit(1)
        .for('update');
      if (withoutLogin) {
        const newUserId = await createLogin(tx, { fullName: withoutLogin.fullName, email: who.email });
        await tx.update(profiles).set({ userId: newUserId, updatedAt: platform.clock.now() }).where(eq(profiles.id, withoutLogin.id));
        return { userId: newUserId };
      }
      if (who.newMembers === 'refuse') return { error: 'not_invited' };
      const { profileId, userId: newUserId } = await createMember(tx, {
        organizationId: who.organizationId,
        fullName: who.fullName,
        role: who.joinRole,
        email: who.email,
        loginWithoutPassword: true,
      });
      const [row] = await tx.select().from(profiles).where(eq(profiles.id, profileId));
      await emit(tx, {
        type: 'member.joined_via_sso',
        organizationId: who.organizationId,
        actorId: profileId,
        at: row!.createdAt,
        details: { member_name: who.fullName, member_email: who.email, role: who.joinRole },
        payload: { id: row!.id, fullName: row!.fullName, email: row!.email, role: row!.role, website: row!.website, tags: row!.tags, canSignIn: true, createdAt: row!.createdAt.toISOString() },
      });
      return { userId: newUserId! };
    });
  } catch (error) {
    // The same person's two tabs, or the Team tab, made the login meanwhile: take that one.
    if (isUniqueViolation(error) && !retried) return findOrAdmitMember(platform, who, true);
    throw error;
  }
}

/**
 * The second factor after the provider (an account with two-factor on): the browser's ticket names
 * the pending step; the code is checked and limited as at password sign-in (passTwoFactor: 401
 * two_factor_required / two_factor_invalid, 429). The step is used up only by a right code.
 */
export async function finishSsoTwoFactor(
  platform: Platform,
  input: { ticket: string | undefined; twoFactorCode?: string; recoveryCode?: string; userAgent: string | undefined; address: string },
): Promise<{ me: Me; token: string; recoveryCodesLeft?: number }> {
  const missing = () => unauthorized(SSO_SIGN_IN_MESSAGES.pendingMissing, SSO_ERRORS.pendingMissing);
  if (!input.ticket) throw missing();
  const keyHash = sha256(input.ticket);
  const live = and(eq(ssoSignIns.keyHash, keyHash), eq(ssoSignIns.stage, 'second_factor'), gt(ssoSignIns.expiresAt, platform.clock.now()));
  const [pending] = await platform.db.select().from(ssoSignIns).where(live).limit(1);
  if (!pending?.userId) throw missing();
  const passed = await passTwoFactor(platform, { userId: pending.userId, twoFactorCode: input.twoFactorCode, recoveryCode: input.recoveryCode });
  const used = await platform.db.delete(ssoSignIns).where(live).returning({ userId: ssoSignIns.userId });
  if (used.length === 0) throw missing();
  const actor = await actorOf(platform, pending.userId, pending.organizationId);
  if (!actor) throw missing();
  await rememberSignInAddress(platform, { email: actor.email, address: input.address });
  const way = {
    method: 'sso',
    factor: passed?.factor ?? null,
    provider: pending.issuer ? await providerHost(platform, pending.issuer) : null,
  } as const;
  const token = await openSession(platform, { userId: pending.userId, address: input.address, userAgent: input.userAgent, way });
  return {
    me: await loadMe(platform, actor),
    token,
    ...(passed?.factor === 'recovery_code' ? { recoveryCodesLeft: passed.recoveryCodesLeft } : {}),
  };
}

async function actorOf(platform: Platform, userId: string, organizationId: string): Promise<Actor | null> {
  const [row] = await platform.db
    .select({ profileId: profiles.id, role: profiles.role, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.organizationId, organizationId)))
    .limit(1);
  if (!row?.email) return null;
  return { userId, profileId: row.profileId, organizationId, role: row.role, email: row.email, fullName: row.fullName };
}

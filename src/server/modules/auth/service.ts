// Sign-up with an emailed code, sign-in, password reset. Each change and its email commit in one
// transaction (ARCHITECTURE "Rules"); time comes from the platform clock.
import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { AUTH_MESSAGES, VERIFICATION_CODE_LENGTH, type Me, type SignUpInput } from '../../../domain/auth';
import { createMember, createOrganization } from '../../platform/auth/accounts';
import { authFor } from '../../platform/auth/auth';
import { isUniqueViolation, revokeSessions, setCredentialPassword } from '../../platform/auth/credentials';
import { loadMe } from './me';
import { hashPassword } from '../../platform/auth/password';
import { passTwoFactor, type PassedSecondFactor } from '../two-factor/public';
import { withinRateLimit } from '../../platform/auth/rate-limit';
import { hashResetToken, issueSetPasswordLink, RESET_TOKEN_LIFETIME_MS } from '../../platform/auth/reset-tokens';
import { sealSession, type Actor } from '../../platform/auth/session';
import { passwordClosedForUser, type SsoDomain } from '../sso/public';
import { sessions, users } from '../../platform/db/schema/auth';
import { passwordResetTokens, verificationCodes } from '../../platform/db/schema/platform';
import { emailNotifications } from '../settings/public';
import { profiles } from '../../platform/db/schema/tenancy';
import { badRequest, conflict, forbidden, unauthorized } from '../../platform/errors';
import { SSO_SIGN_IN_MESSAGES } from '../../../domain/sso-sign-in';
import { SSO_ERRORS } from '../../../domain/sso-rules';
import { enqueueEmail, type OutgoingEmail } from '../../platform/mail/outbox';
import { DEFAULT_LOCALE, type Locale } from '../../../domain/locales';
import { addressLocale } from '../../services/reader-locale';
import type { Platform } from '../../platform/platform';
import { passwordResetEmail, signUpAttemptEmail, verificationCodeEmail, welcomeEmail } from './emails';
import { SIGN_UP_TEXTS } from './email-texts';
import { translate } from '../../platform/i18n';

const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Sign-up takes only sign-up codes; the sign-in step-up's codes (issue 26) are its own. */
const isSignUpCode = eq(verificationCodes.purpose, 'sign_up');
/** Wrong guesses after which a code is burnt (a 6-digit code must not be guessable). */
export const MAX_CODE_ATTEMPTS = 5;

/** Codes are keyed to the email and the server secret, so a leaked table row reveals nothing. */
export function hashCode(platform: Platform, email: string, code: string): string {
  return createHmac('sha256', platform.config.authSecret).update(`${email}\n${code}`).digest('hex');
}

/**
 * A new emailed code of `purpose` for `email` (sign-up, or the sign-in step-up of issue 26):
 * stored hashed with its lifetime, the earlier unused ones of that purpose retired (only the
 * newest counts), and its email queued, in one transaction. Returns the code.
 */
export async function issueEmailedCode(
  platform: Platform,
  email: string,
  purpose: 'sign_up' | 'sign_in',
  lifetimeMs: number,
  emailFor: (to: string, code: string) => OutgoingEmail,
): Promise<string> {
  const code = randomCode();
  const now = platform.clock.now();
  await platform.db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ usedAt: now })
      .where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)));
    await tx.insert(verificationCodes).values({
      email,
      purpose,
      codeHash: hashCode(platform, email, code),
      expiresAt: new Date(now.getTime() + lifetimeMs),
      createdAt: now,
    });
    await enqueueEmail(tx, emailFor(email, code));
  });
  return code;
}

/** A random emailed code of VERIFICATION_CODE_LENGTH digits. */
export function randomCode(): string {
  return randomInt(0, 10 ** VERIFICATION_CODE_LENGTH).toString().padStart(VERIFICATION_CODE_LENGTH, '0');
}

async function userIdByEmail(platform: Platform, email: string): Promise<string | null> {
  const [row] = await platform.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Emails a sign-up code. For an address that already has an account the answer is the same
 * (issue 19: sign-up must not tell which emails have accounts); its owner gets a notice instead.
 */
export async function sendSignUpCode(platform: Platform, email: string, log: FastifyBaseLogger, requestLocale: Locale = DEFAULT_LOCALE): Promise<void> {
  if (await userIdByEmail(platform, email)) {
    if (await withinRateLimit(platform, 'sign-up-notice', { email })) {
      // Issue 48: the account's owner reads it in their language; the request's is a stranger's.
      await enqueueEmail(platform.db, signUpAttemptEmail(email, `${platform.config.publicUrl}/`, await addressLocale(platform.db, email, requestLocale)));
    }
    return;
  }
  // An address with no member yet: the request's language (issue 48).
  const code = await issueEmailedCode(platform, email, 'sign_up', CODE_LIFETIME_MS, (to, sent) => verificationCodeEmail(to, sent, requestLocale));
  // Issue 2: with no SMTP configured, the server log shows the code too.
  if (!platform.config.smtpUrl) log.info(`verification code for ${email}: ${code}`);
}

/**
 * Whether `code` is the email's newest unused, unexpired code. A wrong guess counts against the
 * code and the fifth burns it; the count is committed even when the caller's request fails.
 *
 * Issue 20: comparing and counting are one UPDATE, so concurrent guesses queue on the row lock
 * and each sees the count the previous ones left; a guess after the fifth wrong one finds no
 * row. (A right guess is not counted: verify-code and sign-up both check the same code.)
 */
export async function checkSignUpCode(platform: Platform, email: string, code: string): Promise<boolean> {
  const now = platform.clock.now();
  const matches = sql`${verificationCodes.codeHash} = ${hashCode(platform, email, code)}`;
  const newest = platform.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        isSignUpCode,
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const [row] = await platform.db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + case when ${matches} then 0 else 1 end`,
      usedAt: sql`case when not (${matches}) and ${verificationCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now.toISOString()}::timestamptz else ${verificationCodes.usedAt} end`,
    })
    .where(
      and(
        inArray(verificationCodes.id, newest),
        isNull(verificationCodes.usedAt),
        gt(verificationCodes.expiresAt, now),
        lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({ matched: sql<boolean>`${matches}` });
  return row?.matched === true;
}

/**
 * Creates the account, its organization (ARCHITECTURE decision 1) and the welcome email in one
 * transaction, consuming the code. Nothing is written unless all of it is. The organization
 * speaks the sign-up page's language (`requestLocale`, issue 48): its default name, its emails to
 * outsiders and the welcome email.
 */
export async function signUp(platform: Platform, input: SignUpInput, requestLocale: Locale = DEFAULT_LOCALE): Promise<{ userId: string }> {
  const { email, fullName, password, code, organizationName } = input;
  // Issue 20: the code first, so only the inbox's owner can learn that the email is taken.
  if (!(await checkSignUpCode(platform, email, code))) throw badRequest(AUTH_MESSAGES.codeInvalid, 'invalid_code');
  if (await userIdByEmail(platform, email)) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
  const now = platform.clock.now();
  // Hashed before the transaction, which on the embedded database holds the only connection.
  const passwordHash = await hashPassword(password);
  try {
    return await platform.db.transaction(async (tx) => {
      // Re-checked under the update, so two requests cannot both use one code.
      const consumed = await tx
        .update(verificationCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(verificationCodes.email, email),
            isSignUpCode,
            eq(verificationCodes.codeHash, hashCode(platform, email, code)),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .returning({ id: verificationCodes.id });
      if (consumed.length === 0) throw badRequest(AUTH_MESSAGES.codeInvalid, 'invalid_code');

      // Issue 49 item 13: the agency's name when the member gave one, else named after them.
      const name = organizationName ?? translate(requestLocale, SIGN_UP_TEXTS.defaultOrganizationName, { name: fullName });
      const organization = await createOrganization(tx, name, requestLocale);
      const member = await createMember(tx, {
        organizationId: organization.id,
        fullName,
        role: 'organization_admin',
        email,
        passwordHash,
      });
      // Spec 4: the welcome email goes out once per member; the unique row is the guard.
      const welcomed = await tx
        .insert(emailNotifications)
        .values({ profileId: member.profileId, emailType: 'welcome', emailData: { email, fullName } })
        .onConflictDoNothing()
        .returning({ id: emailNotifications.id });
      if (welcomed.length > 0) {
        await enqueueEmail(tx, welcomeEmail(email, fullName, organization, `${platform.config.publicUrl}/`));
      }
      return { userId: member.userId! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
    throw error;
  }
}

/**
 * Never says whether the email has an account; only an existing one gets a link.
 *
 * Issue 31 item 4: for a domain whose organization turned password sign-in off, the answer is 403
 * `sso_required` for every email of it (the same whether an account exists); an account that may
 * still use a password (its organization admin, a member of another organization) still gets its
 * link, which the message says.
 */
export async function requestPasswordReset(platform: Platform, email: string, ssoOnly?: SsoDomain | null, requestLocale: Locale = DEFAULT_LOCALE): Promise<void> {
  const userId = await userIdByEmail(platform, email);
  if (ssoOnly) {
    if (userId && !(await passwordClosedForUser(platform.db, ssoOnly, userId))) await sendPasswordResetLink(platform, userId, email, requestLocale);
    throw forbidden(SSO_SIGN_IN_MESSAGES.passwordResetOff, SSO_ERRORS.required);
  }
  if (!userId) return;
  await sendPasswordResetLink(platform, userId, email, requestLocale);
}

async function sendPasswordResetLink(platform: Platform, userId: string, email: string, requestLocale: Locale): Promise<void> {
  // Issue 48: the account's owner's language, else (a login with no profile) the request's.
  const locale = await addressLocale(platform.db, email, requestLocale);
  const now = platform.clock.now();
  await platform.db.transaction(async (tx) => {
    const link = await issueSetPasswordLink(tx, {
      userId,
      email,
      now,
      publicUrl: platform.config.publicUrl,
      lifetimeMs: RESET_TOKEN_LIFETIME_MS,
    });
    await enqueueEmail(tx, passwordResetEmail(email, link, locale));
  });
}

export async function isResetTokenValid(platform: Platform, token: string): Promise<boolean> {
  const [row] = await platform.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashResetToken(token)),
        eq(passwordResetTokens.used, false),
        gt(passwordResetTokens.expiresAt, platform.clock.now()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Sets the new password, uses up the token and signs the user out everywhere else, together.
 * `keepSessionId` is the caller's own session when they happen to be signed in as that user.
 */
export async function completePasswordReset(
  platform: Platform,
  input: { token: string; password: string; keepSessionId?: string },
): Promise<void> {
  // Issue 20: the cheap token lookup first; only a live token earns the (deliberately slow) hash.
  // The guarded update below still decides, should the token be used up meanwhile.
  if (!(await isResetTokenValid(platform, input.token))) throw badRequest(AUTH_MESSAGES.resetLinkInvalid, 'invalid_token');
  const passwordHash = await hashPassword(input.password);
  const now = platform.clock.now();
  await platform.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ used: true })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashResetToken(input.token)),
          eq(passwordResetTokens.used, false),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw badRequest(AUTH_MESSAGES.resetLinkInvalid, 'invalid_token');
    // Also retires the user's other unused reset links (issue 20).
    await setCredentialPassword(tx, used.userId, passwordHash, now);
    await revokeSessions(tx, used.userId, input.keepSessionId);
  });
}

/** 403 `sso_required`: the organization's members sign in through its provider (issue 31 item 4). */
function ssoRequired() {
  return forbidden(SSO_SIGN_IN_MESSAGES.passwordSignInOff, SSO_ERRORS.required);
}

/**
 * Signs in through better-auth and returns the caller with the Set-Cookie headers to forward.
 * A login without a profile (its member was removed) does not get a session.
 *
 * `ssoOnly`: the email's domain belongs to an organization that turned password sign-in off
 * (issue 31 item 4). Every answer but a success is then 403 `sso_required`, a wrong password and
 * an unknown email alike (so nothing tells which emails have accounts); a right password signs in
 * only an account that may still use one (sso-policy.ts: the organization admin, or a member of
 * another organization), before any second factor is asked.
 */
export async function signIn(
  platform: Platform,
  input: {
    email: string;
    password: string;
    headers: Headers;
    twoFactorCode?: string;
    recoveryCode?: string;
    /** Issue 26's step-up passed: the emailed code, and the second factor it checked already. */
    stepUp?: { twoFactor: PassedSecondFactor | null };
    ssoOnly?: SsoDomain | null;
  },
): Promise<{ me: Me; headers: Headers; recoveryCodesLeft?: number }> {
  const auth = authFor(platform);
  let result;
  try {
    result = await auth.api.signInEmail({
      body: { email: input.email, password: input.password },
      headers: input.headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 401) {
      if (input.ssoOnly) throw ssoRequired();
      throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
    }
    throw error;
  }
  const { user, token } = result.response;
  const storedToken = await sealSession(platform.db, token, { method: 'password', factor: input.stepUp ? 'email_code' : null, provider: null });
  const [profile] = await platform.db
    .select({ id: profiles.id, organizationId: profiles.organizationId, role: profiles.role, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.userId, user.id))
    .limit(1);
  if (!profile) {
    await platform.db.delete(sessions).where(eq(sessions.token, storedToken));
    if (input.ssoOnly) throw ssoRequired();
    throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
  }
  if (input.ssoOnly && (await passwordClosedForUser(platform.db, input.ssoOnly, user.id))) {
    await platform.db.delete(sessions).where(eq(sessions.token, storedToken));
    throw ssoRequired();
  }
  // Issue 31: the password was right; an account with two-factor on also needs its second factor.
  // The library made the session already (as its own two-factor plugin does); it goes unused.
  // (`stepUp`: issue 26's step-up checked it already, before using its emailed code.)
  let twoFactor = input.stepUp?.twoFactor ?? null;
  try {
    twoFactor ??= await passTwoFactor(platform, { userId: user.id, twoFactorCode: input.twoFactorCode, recoveryCode: input.recoveryCode });
  } catch (error) {
    await platform.db.delete(sessions).where(eq(sessions.token, storedToken));
    throw error;
  }
  // Issue 49 item 21: the session says which second factor let it in (the app's code counts more
  // than the emailed one, which the row says until here).
  if (twoFactor) await platform.db.update(sessions).set({ signInFactor: twoFactor.factor }).where(eq(sessions.token, storedToken));
  const actor: Actor = {
    userId: user.id,
    profileId: profile.id,
    organizationId: profile.organizationId,
    role: profile.role,
    email: user.email,
    fullName: profile.fullName,
  };
  return {
    me: await loadMe(platform, actor),
    headers: result.headers,
    ...(twoFactor?.factor === 'recovery_code' ? { recoveryCodesLeft: twoFactor.recoveryCodesLeft } : {}),
  };
}

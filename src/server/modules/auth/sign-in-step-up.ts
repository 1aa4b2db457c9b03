// Issue 26: no victim lockout. Past the per-email sign-in limit, an address the account has not
// used still signs in, with the password AND a code emailed to the account (decision 007,
// "Step-up"). The answer without a code is the same whether the password was right, so guessing
// past the limit tells nothing; only a right password gets a code sent, and only a right
// password lets a guess count against the code, so nobody without it can burn the owner's code.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, SIGN_IN_ERRORS } from '../../../domain/auth';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import { countSignInAddresses, RATE_LIMITS, withinRateLimit } from '../../platform/auth/rate-limit';
import { passTwoFactor, type PassedSecondFactor } from '../two-factor/public';
import { accounts, users } from '../../platform/db/schema/auth';
import { verificationCodes } from '../../platform/db/schema/platform';
import { profiles } from '../../platform/db/schema/tenancy';
import { unauthorized } from '../../platform/errors';
import { enqueueEmail } from '../../platform/mail/outbox';
import { DEFAULT_LOCALE } from '../../../domain/locales';
import { addressLocale } from '../../services/reader-locale';
import type { Platform } from '../../platform/platform';
import { signInAttackEmail, signInCodeEmail } from './emails';
import { hashCode, issueEmailedCode, MAX_CODE_ATTEMPTS } from './service';

export const SIGN_IN_CODE_LIFETIME_MS = 15 * 60 * 1000;

const isSignInCode = eq(verificationCodes.purpose, 'sign_in');

type SignInAccount = { userId: string; email: string; passwordHash: string | null };

/** The login that may sign in with `email` (a credential and a profile, as signIn requires). */
async function findSignInAccount(platform: Platform, email: string): Promise<SignInAccount | null> {
  const [row] = await platform.db
    .select({ userId: users.id, email: users.email, passwordHash: accounts.password })
    .from(users)
    .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row ?? null;
}

let unknownAccountHash: Promise<string> | undefined;

/** One Argon2 check whether or not the account exists (as better-auth's sign-in), so timing tells nothing. */
async function isRightPassword(account: SignInAccount | null, password: string): Promise<boolean> {
  if (!account?.passwordHash) {
    unknownAccountHash ??= hashPassword(randomUUID());
    await verifyPassword(await unknownAccountHash, password);
    return false;
  }
  return verifyPassword(account.passwordHash, password);
}

/** Emails a new sign-in code, at most one a minute and a few an hour (past that, silently none). */
async function issueSignInCode(platform: Platform, email: string, account: SignInAccount): Promise<void> {
  // One after the other: a refused second click in a minute must not use up the hour's codes.
  if (!(await withinRateLimit(platform, 'sign-in-code', { email }))) return;
  if (!(await withinRateLimit(platform, 'sign-in-code-hourly', { email }))) return;
  // Issue 48: the account's owner's language.
  const locale = await addressLocale(platform.db, account.email, DEFAULT_LOCALE);
  await issueEmailedCode(platform, email, 'sign_in', SIGN_IN_CODE_LIFETIME_MS, (_, code) => signInCodeEmail(account.email, code, locale));
}

/**
 * Whether `code` is the email's newest live sign-in code, using it up if so. As checkSignUpCode
 * (issue 20), comparing and counting are one UPDATE, so concurrent guesses queue on the row lock;
 * the fifth wrong guess burns the code.
 */
async function useSignInCode(platform: Platform, email: string, code: string): Promise<boolean> {
  const now = platform.clock.now();
  const matches = sql`${verificationCodes.codeHash} = ${hashCode(platform, email, code)}`;
  const live = and(
    eq(verificationCodes.email, email),
    isSignInCode,
    isNull(verificationCodes.usedAt),
    gt(verificationCodes.expiresAt, now),
  );
  const newest = platform.db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(live)
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  const [row] = await platform.db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + case when ${matches} then 0 else 1 end`,
      usedAt: sql`case when ${matches} or ${verificationCodes.attempts} + 1 >= ${MAX_CODE_ATTEMPTS} then ${now.toISOString()}::timestamptz else ${verificationCodes.usedAt} end`,
    })
    .where(and(inArray(verificationCodes.id, newest), live, lt(verificationCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning({ matched: sql<boolean>`${matches}` });
  return row?.matched === true;
}

/** Tells the owner of the attack, at most once a day (past that, silently not). */
async function noticeSignInAttack(platform: Platform, email: string, account: SignInAccount): Promise<void> {
  if (!(await withinRateLimit(platform, 'sign-in-attack-notice', { email }))) return;
  const { max, windowSeconds } = RATE_LIMITS['sign-in'].email;
  const addresses = await countSignInAddresses(platform, email, windowSeconds);
  await enqueueEmail(
    platform.db,
    signInAttackEmail(
      account.email,
      { failures: max, minutes: windowSeconds / 60, addresses },
      `${platform.config.publicUrl}/`,
      await addressLocale(platform.db, account.email, DEFAULT_LOCALE),
    ),
  );
}

/**
 * The step-up for a sign-in past the per-email limit from an address new to the account:
 * returns when the password and the emailed code are both right (the caller then signs in as
 * usual), with the second factor that passed if the account has two-factor on; otherwise throws
 * the one answer for all failures of its kind.
 */
export async function passSignInStepUp(
  platform: Platform,
  input: { email: string; password: string; code?: string; twoFactorCode?: string; recoveryCode?: string },
): Promise<{ twoFactor: PassedSecondFactor | null }> {
  const email = input.email.toLowerCase();
  const account = await findSignInAccount(platform, email);
  if (account) await noticeSignInAttack(platform, email, account);
  const rightPassword = await isRightPassword(account, input.password);
  if (input.code === undefined) {
    if (account && rightPassword) await issueSignInCode(platform, email, account);
    throw unauthorized(AUTH_MESSAGES.signInCodeRequired, SIGN_IN_ERRORS.codeRequired);
  }
  // The code is looked at only after a right password, so a guess without it cannot burn the code.
  if (!account || !rightPassword) throw unauthorized(AUTH_MESSAGES.signInCodeInvalid, SIGN_IN_ERRORS.codeInvalid);
  // Issue 31: an account with two-factor on asks for its second factor before the emailed code is
  // used, so the code survives the "two-factor required" answer and a mistyped app code.
  const twoFactor = await passTwoFactor(platform, { userId: account.userId, twoFactorCode: input.twoFactorCode, recoveryCode: input.recoveryCode });
  if (!(await useSignInCode(platform, email, input.code))) throw unauthorized(AUTH_MESSAGES.signInCodeInvalid, SIGN_IN_ERRORS.codeInvalid);
  return { twoFactor };
}

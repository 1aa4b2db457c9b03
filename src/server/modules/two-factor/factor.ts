// Two-factor sign-in's checks (issue 31 item 1, decision 029), shared by sign-in and Settings:
// TOTP codes by the otpauth library (RFC 6238), each good once; one-time recovery codes stored as
// HMACs. The TOTP secret is sealed with a key derived from AUTH_SECRET (secret-box.ts).
import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  formatRecoveryCode,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
  TWO_FACTOR_ERRORS,
  TWO_FACTOR_SIGN_IN_MESSAGES,
} from '../../../domain/two-factor';
import type { Text } from '../../../domain/locales';
import type { Executor } from '../../platform/db/client';
import { twoFactorRecoveryCodes, twoFactors } from './schema';
import { tooManyRequests, unauthorized } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { refundRateLimit, withinRateLimit } from '../../platform/auth/rate-limit';
import { open, seal } from '../../platform/auth/secret-box';

const SEAL_PURPOSE = 'totp-secret';
const ISSUER = 'Brieflane';

export type TwoFactorRow = typeof twoFactors.$inferSelect;

/** A new random secret, base32 (160 bits, RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpFor(secretBase32: string, label?: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: label ?? ISSUER,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

export function sealTotpSecret(platform: Platform, secretBase32: string): string {
  return seal(platform.config.authSecret, SEAL_PURPOSE, secretBase32);
}

/** The 30-second step `code` belongs to at `now`, within the window either side; null when none. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(secretBase32);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** The user's two-factor row, set up or only begun. */
export async function findTwoFactor(executor: Executor, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await executor.select().from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  return row;
}

export async function hasTwoFactor(executor: Executor, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ userId: twoFactors.userId })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt)))
    .limit(1);
  return row !== undefined;
}

/**
 * Uses an app code of `row`'s secret: true when it matches a step newer than the last one used,
 * which it records. One conditional UPDATE, so two requests with the same code cannot both pass.
 */
export async function useTotpCode(platform: Platform, row: TwoFactorRow, code: string): Promise<boolean> {
  const secret = open(platform.config.authSecret, SEAL_PURPOSE, row.secretSealed);
  if (secret === null) return false;
  const step = matchingStep(secret, code, platform.clock.now());
  if (step === null) return false;
  const used = await platform.db
    .update(twoFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactors.userId, row.userId), or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step))))
    .returning({ userId: twoFactors.userId });
  return used.length > 0;
}

function hashRecoveryCode(platform: Platform, userId: string, code: string): string {
  return createHmac('sha256', platform.config.authSecret).update(`recovery\n${userId}\n${normalizeRecoveryCode(code)}`).digest('hex');
}

/** Uses one of the user's unused recovery codes, whatever its case, spaces or hyphen. */
export async function useRecoveryCode(platform: Platform, userId: string, typed: string): Promise<boolean> {
  const codeHash = hashRecoveryCode(platform, userId, typed);
  const unused = platform.db
    .select({ id: twoFactorRecoveryCodes.id })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, codeHash), isNull(twoFactorRecoveryCodes.usedAt)))
    .limit(1);
  const used = await platform.db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: platform.clock.now() })
    .where(and(inArray(twoFactorRecoveryCodes.id, unused), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length > 0;
}

/** How many of the user's recovery codes are still unused. */
export async function countRecoveryCodesLeft(executor: Executor, userId: string): Promise<number> {
  const [left] = await executor
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return left?.n ?? 0;
}

/** Ten new recovery codes replace the user's old ones; returns them as shown (`abcde-fghjk`). */
export async function replaceRecoveryCodes(platform: Platform, executor: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_CODE_LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join(''),
  );
  await executor.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await executor.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(platform, userId, code) })));
  return codes.map(formatRecoveryCode);
}

/**
 * Checks a second factor of a user with two-factor on: an app code or a recovery code. Guesses
 * count against the user's 'two-factor' limit (429 past it; a right one is taken back, as for
 * passwords). Answers whether it passed; the caller says so (401 at sign-in, 400 in Settings).
 */
export async function checkSecondFactor(platform: Platform, row: TwoFactorRow, factor: SecondFactor): Promise<boolean> {
  const who = { userId: row.userId };
  if (!(await withinRateLimit(platform, 'two-factor', who))) throw tooManyRequests();
  const passed = 'totpCode' in factor ? await useTotpCode(platform, row, factor.totpCode) : await useRecoveryCode(platform, row.userId, factor.recoveryCode);
  if (passed) await refundRateLimit(platform, 'two-factor', who);
  return passed;
}

export type SecondFactor = { totpCode: string } | { recoveryCode: string };

/** The message for a second factor that did not pass. */
export function wrongFactorMessage(factor: SecondFactor): Text {
  return 'totpCode' in factor ? TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid : TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeInvalid;
}

/**
 * A second factor that passed at sign-in: which kind (the session records it, issue 49 item 21),
 * and after a recovery code how many are left (the member is told, and sent to make new ones).
 */
export type PassedSecondFactor = { factor: 'app_code' } | { factor: 'recovery_code'; recoveryCodesLeft: number };

/**
 * Sign-in's second step (issue 31): nothing for a user without two-factor (null); otherwise a
 * 401 `two_factor_required` until an app code or a recovery code comes with the password, and
 * the factor that passed once one did.
 */
export async function passTwoFactor(
  platform: Platform,
  input: { userId: string; twoFactorCode?: string; recoveryCode?: string },
): Promise<PassedSecondFactor | null> {
  const row = await findTwoFactor(platform.db, input.userId);
  if (!row?.enabledAt) return null;
  const factor: SecondFactor | undefined = input.twoFactorCode
    ? { totpCode: input.twoFactorCode }
    : input.recoveryCode
      ? { recoveryCode: input.recoveryCode }
      : undefined;
  if (!factor) throw unauthorized(TWO_FACTOR_SIGN_IN_MESSAGES.codeRequired, TWO_FACTOR_ERRORS.required);
  if (!(await checkSecondFactor(platform, row, factor))) throw unauthorized(wrongFactorMessage(factor), TWO_FACTOR_ERRORS.invalid);
  if ('totpCode' in factor) return { factor: 'app_code' };
  return { factor: 'recovery_code', recoveryCodesLeft: await countRecoveryCodesLeft(platform.db, input.userId) };
}

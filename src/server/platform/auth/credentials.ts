// Password and session changes on a login, inside the caller's transaction: settings, password
// reset and (later) the Team tab all change passwords the same way.
import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accounts, sessions } from '../db/schema/auth';
import { passwordResetTokens } from '../db/schema/platform';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { badRequest, sqlState } from '../errors';
import type { Platform } from '../platform';
import { verifyPassword } from './password';
import { publishSessionsEnded } from './session-cache';

/**
 * Writes the Argon2id hash into the user's credential account (better-auth's row format), and
 * retires every unused reset or set-password link of the user (issue 20): whoever sets the
 * password (a reset, Settings, an admin on the Team tab), an older emailed link must not undo it.
 */
export async function setCredentialPassword(executor: Executor, userId: string, passwordHash: string, now: Date) {
  await retireResetTokens(executor, userId);
  const updated = await executor
    .update(accounts)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  if (updated.length === 0) {
    await executor
      .insert(accounts)
      .values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash });
  }
}

/**
 * Ends the user's sessions, all of them or all but one, on every app server: the 'sessions'
 * event goes with the caller's transaction, so their cached copies go when it commits.
 */
export async function revokeSessions(executor: Executor, userId: string, keepSessionId?: string) {
  const ended = await executor
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId))
    .returning({ id: sessions.id });
  if (ended.length > 0) await publishSessionsEnded(executor, userId);
}

/** Postgres unique_violation (an email already taken), whether drizzle wrapped the driver's error or not. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** Marks every unused reset or set-password token of the user as used. */
export async function retireResetTokens(executor: Executor, userId: string) {
  await executor
    .update(passwordResetTokens)
    .set({ used: true })
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.used, false)));
}

/** 400 unless `password` is the user's current one. Callers rate limit it ('current-password'). */
export async function assertCurrentPassword(platform: Platform, userId: string, password: string | undefined): Promise<void> {
  const [account] = await platform.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  if (!password || !account?.password || !(await verifyPassword(account.password, password))) {
    throw badRequest(AUTH_MESSAGES.currentPasswordWrong, 'wrong_password');
  }
}

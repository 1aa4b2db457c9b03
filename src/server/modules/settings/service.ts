// Settings tab (spec 2): the caller's own profile and password. Nobody changes their own role here.
import { and, eq, ne, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { isUniqueViolation, revokeSessions, setCredentialPassword } from '../../platform/auth/credentials';
import { hashPassword, verifyPassword } from '../../platform/auth/password';
import type { Actor } from '../../platform/auth/session';
import { accounts, users } from '../../platform/db/schema/auth';
import { profiles } from '../../platform/db/schema/tenancy';
import { badRequest, conflict } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { publishChange } from '../../platform/realtime/publisher';

/** Updates the profile and the login's name and email together; returns the updated actor. */
export async function updateOwnProfile(
  platform: Platform,
  input: { actor: Actor; fullName: string; email: string },
): Promise<Actor> {
  const { actor, fullName, email } = input;
  const now = platform.clock.now();
  const [taken] = await platform.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, actor.userId)))
    .limit(1);
  if (taken) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
  try {
    await platform.db.transaction(async (tx) => {
      await tx.update(users).set({ name: fullName, email, updatedAt: now }).where(eq(users.id, actor.userId));
      await tx
        .update(profiles)
        .set({ fullName, email, updatedAt: now })
        .where(and(eq(profiles.id, actor.profileId), eq(profiles.organizationId, actor.organizationId)));
      await publishChange(tx, { organizationId: actor.organizationId, topic: 'team' });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
    throw error;
  }
  return { ...actor, fullName, email };
}

/** ARCHITECTURE decision 7: the current password is asked for. Other sessions are signed out. */
export async function changeOwnPassword(
  platform: Platform,
  input: { actor: Actor; sessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  const [account] = await platform.db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, input.actor.userId), eq(accounts.providerId, 'credential')))
    .limit(1);
  if (!account?.password || !(await verifyPassword(account.password, input.currentPassword))) {
    throw badRequest(AUTH_MESSAGES.currentPasswordWrong, 'wrong_password');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = platform.clock.now();
  await platform.db.transaction(async (tx) => {
    await setCredentialPassword(tx, input.actor.userId, passwordHash, now);
    await revokeSessions(tx, input.actor.userId, input.sessionId);
  });
}

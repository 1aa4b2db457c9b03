// Settings tab (spec 2): the caller's own profile and password. Nobody changes their own role here.
import type { Locale } from '../../../domain/locales';
import type { Region } from '../../../domain/region-rules';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '../../../domain/auth';
import { assertCurrentPassword, isUniqueViolation, retireResetTokens, revokeSessions, setCredentialPassword } from '../../platform/auth/credentials';
import { hashPassword } from '../../platform/auth/password';
import type { Actor } from '../../platform/auth/session';
import { users } from '../../platform/db/schema/auth';
import { profiles } from '../../platform/db/schema/tenancy';
import { badRequest, conflict } from '../../platform/errors';
import { enqueueEmail } from '../../platform/mail/outbox';
import { memberLocale } from '../../services/reader-locale';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { emailChangedEmail } from './emails';

/** Whether a profile update changes the email the actor signs in with. */
export function changesEmail(actor: Actor, email: string): boolean {
  return email.toLowerCase() !== actor.email.toLowerCase();
}

/** A setting of the member's own profile: theirs alone, so no activity row and no live change. */
async function setOwn(platform: Platform, actor: Actor, values: { locale: Locale | null } | { region: Region | null } | { timeZone: string }): Promise<void> {
  await platform.db
    .update(profiles)
    .set({ ...values, updatedAt: platform.clock.now() })
    .where(and(eq(profiles.id, actor.profileId), eq(profiles.organizationId, actor.organizationId)));
}

/** The member's language (issue 48). */
export const setOwnLanguage = (platform: Platform, actor: Actor, locale: Locale | null) => setOwn(platform, actor, { locale });

/** The member's region (issue 48 item 3), whose conventions the web app writes dates and numbers in. */
export const setOwnRegion = (platform: Platform, actor: Actor, region: Region | null) => setOwn(platform, actor, { region });

/** The member's time zone (issue 49 item 22), which their digest follows. */
export const setOwnTimeZone = (platform: Platform, actor: Actor, timeZone: string) => setOwn(platform, actor, { timeZone });

/**
 * Updates the profile and the login's name and email together; returns the updated actor.
 * Issue 20: a new email needs the current password (checked before the 'email taken' lookup, so
 * the lookup tells nothing to a stolen session), retires reset links sent to the old address and
 * tells the old address, all with the change.
 */
export async function updateOwnProfile(
  platform: Platform,
  input: { actor: Actor; fullName: string; email: string; currentPassword?: string },
): Promise<Actor> {
  const { actor, fullName } = input;
  const email = input.email.toLowerCase();
  const emailChanges = changesEmail(actor, email);
  const now = platform.clock.now();
  if (emailChanges) {
    if (!input.currentPassword) throw badRequest(AUTH_MESSAGES.currentPasswordForEmail, 'current_password_required');
    await assertCurrentPassword(platform, actor.userId, input.currentPassword);
    const [taken] = await platform.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, actor.userId)))
      .limit(1);
    if (taken) throw conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
  }
  try {
    await platform.db.transaction(async (tx) => {
      await tx.update(users).set({ name: fullName, email, updatedAt: now }).where(eq(users.id, actor.userId));
      await tx
        .update(profiles)
        .set({ fullName, email, updatedAt: now })
        .where(and(eq(profiles.id, actor.profileId), eq(profiles.organizationId, actor.organizationId)));
      if (emailChanges) {
        await retireResetTokens(tx, actor.userId);
        await enqueueEmail(
          tx,
          emailChangedEmail({ oldEmail: actor.email, newEmail: email, fullName, organizationId: actor.organizationId, locale: await memberLocale(tx, actor.organizationId, actor.profileId) }),
        );
      }
      await emit(tx, { type: 'member.profile_changed', organizationId: actor.organizationId, actorId: actor.profileId, at: platform.clock.now() });
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
  await assertCurrentPassword(platform, input.actor.userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = platform.clock.now();
  await platform.db.transaction(async (tx) => {
    // Also retires the user's unused reset links (issue 20).
    await setCredentialPassword(tx, input.actor.userId, passwordHash, now);
    await revokeSessions(tx, input.actor.userId, input.sessionId);
  });
}

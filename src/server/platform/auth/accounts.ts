// Creating organizations and the people in them, inside the caller's transaction, so a failed
// sign-up (or seed, or team invite) leaves no user, no organization and no profile behind.
import type { Locale } from '../../../domain/locales';
import { randomUUID } from 'node:crypto';
import type { Role } from '../../../domain/roles';
import type { Executor } from '../db/client';
import { accounts, users } from '../db/schema/auth';
import { organizations, profiles } from '../db/schema/tenancy';
import { hashPassword } from './password';

/** A new organization; its language (issue 48) `locale` when given, else the default (English). */
export async function createOrganization(executor: Executor, name: string, locale?: Locale): Promise<{ id: string; name: string; locale: Locale }> {
  const [row] = await executor
    .insert(organizations)
    .values({ name, ...(locale ? { locale } : {}) })
    .returning({ id: organizations.id, name: organizations.name, locale: organizations.locale });
  return row!;
}

export type NewMember = {
  organizationId: string;
  fullName: string;
  role: Role;
  /** Without an email the member has a profile but no login (ARCHITECTURE decision 6). */
  email?: string | null;
  /** Sets the login's password; the email is then taken as verified. */
  password?: string;
  /**
   * The same, already hashed (hashPassword). Callers inside a transaction hash first: on the
   * embedded database an open transaction holds the only connection, and Argon2id takes tens of
   * milliseconds that every other request would wait (decision 014).
   */
  passwordHash?: string;
  /**
   * Make a login for the email even without a password: the member chooses one later through
   * an emailed set-password link (Team tab invitations).
   */
  loginWithoutPassword?: boolean;
  website?: string | null;
  tags?: string[];
};

/**
 * Adds a member to an organization: a profile, and when an email and a password (or
 * loginWithoutPassword) are given, a login (createLogin).
 */
export async function createMember(
  executor: Executor,
  member: NewMember,
): Promise<{ profileId: string; userId: string | null }> {
  const email = member.email?.trim().toLowerCase() || null;
  const userId =
    email && (member.password || member.passwordHash || member.loginWithoutPassword)
      ? await createLogin(executor, { fullName: member.fullName, email, password: member.password, passwordHash: member.passwordHash })
      : null;
  const [profile] = await executor
    .insert(profiles)
    .values({
      userId,
      organizationId: member.organizationId,
      email,
      fullName: member.fullName,
      role: member.role,
      website: member.website ?? null,
      tags: member.tags ?? [],
    })
    .returning({ id: profiles.id });
  return { profileId: profile!.id, userId };
}

/**
 * A better-auth user for the email, with a credential account (the library's own row format:
 * provider 'credential', account id = user id, Argon2id hash) when a password (or its hash) is
 * given. Without one the login has no password until it is set through a reset link.
 */
export async function createLogin(
  executor: Executor,
  login: { fullName: string; email: string; password?: string; passwordHash?: string },
): Promise<string> {
  const passwordHash = login.passwordHash ?? (login.password ? await hashPassword(login.password) : undefined);
  const userId = randomUUID();
  await executor.insert(users).values({ id: userId, name: login.fullName, email: login.email, emailVerified: true });
  if (passwordHash) {
    await executor.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
    });
  }
  return userId;
}

// Creating organizations and the people in them, inside the caller's transaction, so a failed
// sign-up (or seed, or team invite) leaves no user, no organization and no profile behind.
import { randomUUID } from 'node:crypto';
import type { Role } from '../../../domain/roles';
import type { Executor } from '../db/client';
import { accounts, users } from '../db/schema/auth';
import { organizations, profiles } from '../db/schema/tenancy';
import { hashPassword } from './password';

export async function createOrganization(executor: Executor, name: string): Promise<{ id: string; name: string }> {
  const [row] = await executor.insert(organizations).values({ name }).returning({ id: organizations.id, name: organizations.name });
  return row!;
}

export type NewMember = {
  organizationId: string;
  fullName: string;
  role: Role;
  /** Without an email the member has a profile but no login (ARCHITECTURE decision 6). */
  email?: string | null;
  /** Required for a login; the email is then taken as verified. */
  password?: string;
  website?: string | null;
  tags?: string[];
};

/**
 * Adds a member to an organization: a profile, and when an email and password are given, a
 * better-auth user with a credential account (the library's own row format: provider
 * 'credential', account id = user id, Argon2id hash).
 */
export async function createMember(
  executor: Executor,
  member: NewMember,
): Promise<{ profileId: string; userId: string | null }> {
  let userId: string | null = null;
  const email = member.email?.trim().toLowerCase() || null;
  if (email && member.password) {
    userId = randomUUID();
    const passwordHash = await hashPassword(member.password);
    await executor.insert(users).values({ id: userId, name: member.fullName, email, emailVerified: true });
    await executor.insert(accounts).values({
      id: randomUUID(),
      accountId: userId,
      providerId: 'credential',
      userId,
      password: passwordHash,
    });
  }
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

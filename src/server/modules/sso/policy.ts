// Which sign-in an email's domain uses (issue 31 item 4, decision 032), for the sign-in and reset
// routes as well as single sign-on itself: one indexed read of the domain. What it tells is what
// the public lookup tells anyway (whether the domain uses single sign-on), never whether an
// account exists.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { emailDomain } from '../../../domain/sso-rules';
import type { Executor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/auth';
import { organizationSso, organizationSsoDomains } from './schema';
import { profiles } from '../../platform/db/schema/tenancy';

export type SsoDomain = { organizationId: string; passwordSignIn: boolean };

/**
 * The organization whose single sign-on covers the email's domain, or null. Only a proven domain
 * counts (issue 46): a claim without its TXT record changes nothing for anyone.
 */
export async function ssoDomainOf(db: Executor, email: string): Promise<SsoDomain | null> {
  const domain = emailDomain(email);
  if (!domain) return null;
  const [row] = await db
    .select({ organizationId: organizationSso.organizationId, passwordSignIn: organizationSso.passwordSignIn })
    .from(organizationSsoDomains)
    .innerJoin(organizationSso, eq(organizationSso.organizationId, organizationSsoDomains.organizationId))
    .where(and(eq(organizationSsoDomains.domain, domain), isNotNull(organizationSsoDomains.verifiedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Whether `userId` may not sign in with a password: a member of the organization that turned
 * password sign-in off for its domain, other than its organization admin, who keeps the password
 * so that a broken provider cannot lock the organization out. A member of another organization
 * whose email happens to be in the domain keeps the password too: single sign-on never signs
 * them in (it admits only its own organization's members).
 */
export async function passwordClosedForUser(db: Executor, domain: SsoDomain, userId: string): Promise<boolean> {
  if (domain.passwordSignIn) return false;
  const [profile] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), eq(profiles.organizationId, domain.organizationId)))
    .limit(1);
  return profile !== undefined && profile.role !== 'organization_admin';
}

/** The user id of a login by email (any case), or null. */
export async function userIdByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}

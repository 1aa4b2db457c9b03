// Who hears of a project's news by email (spec 6): the organization's staff with an email, and
// the developers assigned to the project. One place, for tasks and intake alike (intake tells the
// same staff in their inbox too).
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../platform/db/client';
import type { Locale } from '../../domain/locales';
import { profiles } from '../platform/db/schema/tenancy';
import { memberLocaleColumn } from './reader-locale';
import { developerProjectAccess } from '../modules/sharing/schema';

/** `locale`: the language their emails speak (issue 48: theirs, else their organization's). */
export type Recipient = { id: string; email: string; fullName: string; locale: Locale };

export type StaffMember = { id: string; email: string | null; fullName: string; locale: Locale };

/** The organization's admins and account executives (who all see every project of it), with or without an email. */
export async function staffMembers(executor: Executor, organizationId: string): Promise<StaffMember[]> {
  return executor
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName, locale: memberLocaleColumn })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), inArray(profiles.role, ['organization_admin', 'admin', 'account_executive'])))
    .orderBy(profiles.id);
}

/** Those of them with an email. */
export function withEmail(members: readonly StaffMember[]): Recipient[] {
  return members.flatMap((member) => (member.email ? [{ id: member.id, email: member.email, fullName: member.fullName, locale: member.locale }] : []));
}

/** The organization's admins and account executives with an email. */
export async function staffRecipients(executor: Executor, organizationId: string): Promise<Recipient[]> {
  return withEmail(await staffMembers(executor, organizationId));
}

/** The organization's admins (the organization admin included) with an email. */
export async function adminRecipients(executor: Executor, organizationId: string): Promise<Recipient[]> {
  const rows = await executor
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName, locale: memberLocaleColumn })
    .from(profiles)
    .where(and(eq(profiles.organizationId, organizationId), inArray(profiles.role, ['organization_admin', 'admin'])))
    .orderBy(profiles.id);
  return withEmail(rows);
}

/** The developers with access to the project, with an email. */
export async function assignedDeveloperRecipients(executor: Executor, organizationId: string, projectId: string): Promise<Recipient[]> {
  const rows = await executor
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName, locale: memberLocaleColumn })
    .from(developerProjectAccess)
    .innerJoin(profiles, eq(profiles.id, developerProjectAccess.developerProfileId))
    .where(
      and(
        eq(developerProjectAccess.projectId, projectId),
        eq(profiles.organizationId, organizationId),
        eq(profiles.role, 'developer'),
        isNotNull(profiles.email),
      ),
    );
  return rows.flatMap((row) => (row.email ? [{ id: row.id, email: row.email, fullName: row.fullName, locale: row.locale }] : []));
}

// The project page's way in (access.ts): a signed-in member of the project's organization who
// can see it (developers only projects in their access list). Anything else, another
// organization's project included, is not found.
import { and, eq, ne, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PROJECT_DETAIL_MESSAGES } from '../../../domain/project-details';
import { canManageProjects } from '../../../domain/roles';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { profiles } from '../../platform/db/schema/tenancy';
import { projects } from '../../modules/projects/schema';
import { developerProjectAccess } from '../../modules/sharing/schema';
import { notFound } from '../../platform/errors';
import type { ProjectAccess } from './access';

/**
 * The projects the actor may see: the organization's, and for developers only assigned ones.
 * The ids may be placeholders of a prepared statement (the project list prepares its queries).
 */
export function visibleProjects(actor: Pick<Actor, 'role'> & { organizationId: string | Placeholder; profileId: string | Placeholder }): SQL {
  const inOrganization = eq(projects.organizationId, actor.organizationId);
  if (canManageProjects(actor.role)) return inOrganization;
  // A correlated EXISTS served by the (project_id, developer_profile_id) unique index.
  return and(
    inOrganization,
    sql`exists (select 1 from ${developerProjectAccess} where ${developerProjectAccess.projectId} = ${projects.id} and ${developerProjectAccess.developerProfileId} = ${actor.profileId})`,
  )!;
}

/**
 * The other side of visibleProjects: the profiles who can see a project, of its organization and
 * staff or a developer assigned to it. The project's id and organization may be values or columns
 * of the query (due reminders join them).
 */
export function profileSeesProject(project: { id: string | AnyColumn; organizationId: string | AnyColumn }): SQL {
  return and(
    eq(profiles.organizationId, project.organizationId),
    or(
      ne(profiles.role, 'developer'),
      sql`exists (select 1 from ${developerProjectAccess} where ${developerProjectAccess.projectId} = ${project.id} and ${developerProjectAccess.developerProfileId} = ${profiles.id})`,
    ),
  )!;
}

/** Whether the actor sees the project now: the live gate asks before each of its changes. */
export async function seesProject(db: Executor, actor: Pick<Actor, 'role' | 'organizationId' | 'profileId'>, projectId: string): Promise<boolean> {
  const rows = await db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, projectId), visibleProjects(actor))).limit(1);
  return rows.length > 0;
}

/** The ids of the projects the actor sees now. */
export async function visibleProjectIds(db: Executor, actor: Pick<Actor, 'role' | 'organizationId' | 'profileId'>): Promise<string[]> {
  const rows = await db.select({ id: projects.id }).from(projects).where(visibleProjects(actor));
  return rows.map((row) => row.id);
}

export function memberProjectAccess(actor: Actor, projectId: string): ProjectAccess {
  return {
    actor: { profileId: actor.profileId, fullName: actor.fullName, email: actor.email },
    canManage: canManageProjects(actor.role),
    readOnly: false,
    via: 'member',
    project: async (db) => {
      const [row] = await db
        .select({ id: projects.id, name: projects.name, organizationId: projects.organizationId })
        .from(projects)
        .where(and(eq(projects.id, projectId), visibleProjects(actor)));
      if (!row) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
      return row;
    },
  };
}

/** The `:projectId` path parameter of the project page's routes. */
export const projectParams = z.object({ projectId: z.uuid({ message: PROJECT_DETAIL_MESSAGES.notFound.id }) });

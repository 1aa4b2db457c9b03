// The project page's way in (platform/project-access.ts): a signed-in member of the project's
// organization who can see it (developers only projects in their access list). Anything else,
// another organization's project included, is not found.
import { and, eq } from 'drizzle-orm';
import { PROJECT_DETAIL_MESSAGES } from '../../../domain/project-details';
import { canManageProjects } from '../../../domain/roles';
import type { Actor } from '../../platform/auth/session';
import { projects } from '../../platform/db/schema/work';
import { notFound } from '../../platform/errors';
import type { ProjectAccess } from '../../platform/project-access';
import { visibleProjects } from './service';

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

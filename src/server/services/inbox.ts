// Who hears of a project's news (issue 16): its followers. The inbox's writing side is emit's
// outlet (outlets/inbox.ts).
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../platform/db/client';
import { profiles } from '../platform/db/schema/tenancy';
import { projects } from '../modules/projects/schema';
import { developerProjectAccess } from '../modules/sharing/schema';
import { projectNotes } from '../modules/notes/schema';
import { tasks } from '../modules/tasks/schema';

/** A bound on one change's notifications: an organization's followers of one project. */
const FOLLOWERS_LIMIT = 200;

/**
 * Who follows a project (issue 16, decision 016): members of its organization who created it,
 * are assigned to it, have a task on it or wrote a note on it, and can still see it (a developer
 * only while assigned). `except` (who made the change) is left out.
 */
export async function projectFollowers(executor: Executor, project: { id: string; organizationId: string }, except: string | null): Promise<string[]> {
  const assigned = sql`exists (select 1 from ${developerProjectAccess} where ${developerProjectAccess.projectId} = ${project.id} and ${developerProjectAccess.developerProfileId} = ${profiles.id})`;
  const rows = await executor
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, project.organizationId),
        except ? ne(profiles.id, except) : undefined,
        or(ne(profiles.role, 'developer'), assigned),
        or(
          sql`${profiles.id} = (select ${projects.createdBy} from ${projects} where ${projects.id} = ${project.id})`,
          assigned,
          sql`exists (select 1 from ${tasks} where ${tasks.projectId} = ${project.id} and ${tasks.assigneeId} = ${profiles.id})`,
          sql`exists (select 1 from ${projectNotes} where ${projectNotes.projectId} = ${project.id} and ${projectNotes.createdBy} = ${profiles.id})`,
        ),
      ),
    )
    .orderBy(profiles.id)
    .limit(FOLLOWERS_LIMIT);
  return rows.map((row) => row.id);
}

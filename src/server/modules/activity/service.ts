// Activities tab: the caller's organization's activity log, newest first, in keyset pages
// (spec 7 "Read"; spec 9's limit of 100 entries becomes pages of at most 100).
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTIVITY_MESSAGES,
  actionSubstring,
  type ActivityEntry,
  type listActivitiesQuerySchema,
} from '../../../domain/activity';
import { canManageUsers } from '../../../domain/roles';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { containsPattern, decodeCursor, encodeCursor, type Cursor } from '../../platform/db/cursor';
import { profiles } from '../../platform/db/schema/tenancy';
import { activityLogs } from './schema';
import { projects } from '../projects/public';
import { forbidden } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { ProjectAccess } from '../../services/project-access/access';
import type { ProjectListQuery } from '../../../domain/project-lists';

// The page cursor carries created_at to the microsecond (as text): log rows take the
// database's now(), and a millisecond cursor (a JS Date) would skip rows written within the same
// millisecond.
const createdAtKey = sql<string>`to_char(${activityLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows after the cursor in (created_at desc, id desc) order. A row comparison, not the OR form:
 * the planner turns it into an index condition on (organization_id, created_at), so a deep page
 * starts at the cursor instead of filtering every newer row.
 */
function afterActivityCursor(cursor: Cursor): SQL {
  return sql`(${activityLogs.createdAt}, ${activityLogs.id}) < (${cursor.time}::timestamptz, ${cursor.id}::uuid)`;
}

/** The project's name, or for a deleted project the name its entries kept (issue 14). */
const projectNameOf = sql<string | null>`coalesce(${projects.name}, ${activityLogs.details}->>'project_name')`;

/**
 * User name or email (of members of this organization only: an outsider's name is not ours to
 * search), project name, or the action; 'create client' finds create_client.
 */
function searchCondition(organizationId: string, search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(activityLogs.action, containsPattern(search.replace(/\s+/g, '_'))),
    ilike(projectNameOf, pattern),
    and(eq(profiles.organizationId, organizationId), or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern))),
  );
}

const entryColumns = {
  id: activityLogs.id,
  action: activityLogs.action,
  projectId: activityLogs.projectId,
  liveProject: projects.id,
  projectName: projectNameOf,
  userId: activityLogs.userId,
  userOrganizationId: profiles.organizationId,
  fullName: profiles.fullName,
  email: profiles.email,
  details: activityLogs.details,
  createdAt: activityLogs.createdAt,
};

type EntryRow = {
  id: string;
  action: string;
  liveProject: string | null;
  projectName: string | null;
  userId: string | null;
  userOrganizationId: string | null;
  fullName: string | null;
  email: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
};

/** What a link's client does without an account: submit a questionnaire (issue 27), decide on an approval (issue 33). */
const LINK_CLIENT_ACTIONS = new Set(['submit_questionnaire', 'approve_file', 'request_changes']);

function toEntry(row: EntryRow, organizationId: string): ActivityEntry {
  const member = row.userId !== null && row.userOrganizationId === organizationId;
  return {
    id: row.id,
    action: row.action,
    // A link only to a project that still exists; a deleted one is shown by name.
    projectId: row.liveProject,
    projectName: row.projectName,
    // An intake submission is its link's client's, also when someone signed in elsewhere sent it (issue 27).
    actorKind: member ? 'member' : LINK_CLIENT_ACTIONS.has(row.action) ? 'link_client' : row.userId === null ? 'removed' : 'outside',
    user: member ? { fullName: row.fullName!, email: row.email } : null,
    details: row.details ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the log (limit + 1 rows, to know whether another follows). */
export function activityPageQuery(db: Executor, organizationId: string, query: z.output<typeof listActivitiesQuerySchema>) {
  const action = actionSubstring(query.action);
  return db
    .select({ ...entryColumns, cursorTime: createdAtKey })
    .from(activityLogs)
    .leftJoin(projects, and(eq(projects.id, activityLogs.projectId), eq(projects.organizationId, organizationId)))
    .leftJoin(profiles, eq(profiles.id, activityLogs.userId))
    .where(
      and(
        // Served by activity_logs_organization_id_idx (organization_id, created_at), read backwards.
        eq(activityLogs.organizationId, organizationId),
        query.cursor ? afterActivityCursor(decodeCursor(query.cursor)) : undefined,
        // Spec 7: the action filter is a case-insensitive contains.
        action ? ilike(activityLogs.action, containsPattern(action)) : undefined,
        query.projectId ? eq(activityLogs.projectId, query.projectId) : undefined,
        query.userId ? eq(activityLogs.userId, query.userId) : undefined,
        searchCondition(organizationId, query.search),
      ),
    )
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(query.limit + 1);
}

export async function listActivities(
  { db }: Platform,
  actor: Actor,
  query: z.output<typeof listActivitiesQuerySchema>,
): Promise<{ items: ActivityEntry[]; nextCursor: string | null }> {
  if (!canManageUsers(actor.role)) throw forbidden(ACTIVITY_MESSAGES.forbidden);
  const rows = await activityPageQuery(db, actor.organizationId, query);

  const items = rows.slice(0, query.limit).map((row) => toEntry(row, actor.organizationId));
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.id }) : null };
}

/**
 * A task's own activity (its page, issue 29): the entries that name it (`details.task_id`, written
 * since issue 29), newest first, a keyset page at a time (issue 36: it was the latest 50, the
 * older entries out of reach). Staff only, like the Activities tab; a developer gets 403.
 */
export async function listTaskActivity(
  { db }: Platform,
  access: ProjectAccess,
  taskId: string,
  query: ProjectListQuery,
): Promise<{ items: ActivityEntry[]; nextCursor: string | null }> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const project = await access.project(db);
  if (!access.canManage) throw forbidden(ACTIVITY_MESSAGES.forbidden);
  const rows = await db
    .select({ ...entryColumns, cursorTime: createdAtKey })
    .from(activityLogs)
    .leftJoin(projects, eq(projects.id, activityLogs.projectId))
    .leftJoin(profiles, eq(profiles.id, activityLogs.userId))
    // activity_logs_project_id_idx finds the project's entries; the task's are filtered among them.
    .where(
      and(
        eq(activityLogs.projectId, project.id),
        eq(activityLogs.organizationId, project.organizationId),
        sql`${activityLogs.details}->>'task_id' = ${taskId}`,
        cursor ? afterActivityCursor(cursor) : undefined,
      ),
    )
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit).map((row) => toEntry(row, project.organizationId)),
    nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.id }) : null,
  };
}

// The in-app inbox's writing side (issue 16): a feature notifies a member in the transaction
// of the change, so the notification exists only if the change commits; the recipient's open
// pages hear of it over the live socket (a change event for them alone).
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../domain/inbox';
import type { Executor } from '../platform/db/client';
import { profiles } from '../platform/db/schema/tenancy';
import { developerProjectAccess, notifications, projectNotes, projects, tasks } from '../platform/db/schema/work';
import { publishChange } from '../platform/realtime/publisher';

export type NewNotification = {
  organizationId: string;
  recipientId: string;
  kind: NotificationKind;
  projectId: string | null;
  /** The task it is about, for a task's notification: opening it shows that task. */
  taskId?: string | null;
  /** The comment it is about (a mention, a comment on a followed task): opening it scrolls there. */
  commentId?: string | null;
  title: string;
  body?: string | null;
};

export async function notifyMember(executor: Executor, notification: NewNotification, now: Date): Promise<void> {
  await executor
    .insert(notifications)
    .values({ ...notification, taskId: notification.taskId ?? null, commentId: notification.commentId ?? null, body: notification.body ?? null, createdAt: now });
  await publishChange(executor, { organizationId: notification.organizationId, topic: 'inbox', recipientId: notification.recipientId });
}

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

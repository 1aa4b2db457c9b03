// Every feature writes its activity entry (spec 7 "activity_logs") in the same transaction as
// the change, so the log never claims something that did not happen. The same transaction
// publishes the realtime "this changed" event, delivered only if it commits.
import type { Executor } from './db/client';
import { activityLogs } from './db/schema/work';
import { publishChange, topicForAction } from './realtime/publisher';

export type ActivityAction =
  | 'create_project'
  | 'create_client'
  | 'create_task'
  | 'complete_task'
  | 'update_task'
  | 'update_project'
  | 'update_project_status'
  | 'delete_project'
  | 'create_template'
  | 'update_template'
  | 'delete_template'
  | 'upload_file'
  | 'upload_link'
  | 'delete_file'
  | 'add_note'
  | 'edit_note'
  | 'delete_note'
  | 'create_access_link'
  | 'revoke_access_link'
  | 'submit_questionnaire'
  | 'reopen_questionnaire'
  | 'lock_questionnaire'
  | 'assign_developer'
  | 'unassign_developer'
  | 'add_team_member'
  | 'update_team_member'
  | 'remove_team_member';

export async function recordActivity(
  executor: Executor,
  entry: {
    organizationId: string;
    userId: string | null;
    action: ActivityAction;
    projectId?: string | null;
    details?: Record<string, unknown> | null;
  },
): Promise<void> {
  await executor.insert(activityLogs).values({
    organizationId: entry.organizationId,
    userId: entry.userId,
    action: entry.action,
    projectId: entry.projectId ?? null,
    details: entry.details ?? null,
  });
  await publishChange(executor, {
    organizationId: entry.organizationId,
    projectId: entry.projectId ?? null,
    topic: topicForAction(entry.action),
  });
}

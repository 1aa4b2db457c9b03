// Every feature writes its activity entry (spec 7 "activity_logs") in the same transaction as
// the change, so the log never claims something that did not happen. The same transaction
// publishes the realtime "this changed" event, delivered only if it commits.
import type { Executor } from '../../platform/db/client';
import { activityLogs } from '../../modules/activity/schema';
import { topicForAction, type ActivityAction } from '../../../domain/change-topics';
import { publishChange } from '../../platform/realtime/publish-change';

export type { ActivityAction };

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

// The in-app inbox's writing side (issue 16), an outlet of emit (services/events.ts): a member is
// notified in the transaction of the change, so the notification exists only if the change
// commits; the recipient's open pages hear of it over the live socket (a change event for them alone).
import type { NotificationKind } from '../../../domain/inbox';
import type { Executor } from '../../platform/db/client';
import { notifications } from '../../modules/inbox/schema';
import { publishChange } from '../../platform/realtime/publish-change';

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

// The in-app inbox's writing side (issue 16): a feature notifies a member in the transaction
// of the change, so the notification exists only if the change commits; the recipient's open
// pages hear of it over the live socket (a change event for them alone).
import type { NotificationKind } from '../../domain/inbox';
import type { Executor } from './db/client';
import { notifications } from './db/schema/work';
import { publishChange } from './realtime/publisher';

export type NewNotification = {
  organizationId: string;
  recipientId: string;
  kind: NotificationKind;
  projectId: string | null;
  title: string;
  body?: string | null;
};

export async function notifyMember(executor: Executor, notification: NewNotification, now: Date): Promise<void> {
  await executor.insert(notifications).values({ ...notification, body: notification.body ?? null, createdAt: now });
  await publishChange(executor, { organizationId: notification.organizationId, topic: 'inbox', recipientId: notification.recipientId });
}

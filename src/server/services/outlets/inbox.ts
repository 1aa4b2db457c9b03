// The in-app inbox's writing side (issue 16), an outlet of emit (services/events.ts): a member is
// notified in the transaction of the change, so the notification exists only if the change
// commits; the recipient's open pages hear of it over the live socket (a change event for them alone).
// Issue 48: a notification has one reader, so its words are stored in their language (theirs,
// else their organization's: reader-locale.ts), as their emails are written.
import type { NotificationKind } from '../../../domain/inbox';
import type { Locale, Text } from '../../../domain/locales';
import type { Executor } from '../../platform/db/client';
import { translate } from '../../platform/i18n';
import { notifications } from '../../modules/inbox/schema';
import { publishChange } from '../../platform/realtime/publish-change';
import { memberLocale } from '../reader-locale';

/**
 * A notification's words: a text (with its values), said in the recipient's language when it is
 * stored, or words as they are (what someone wrote, or already said in the recipient's language).
 */
export type InboxWords = Text | string;

export type NewNotification = {
  organizationId: string;
  recipientId: string;
  kind: NotificationKind;
  projectId: string | null;
  /** The task it is about, for a task's notification: opening it shows that task. */
  taskId?: string | null;
  /** The comment it is about (a mention, a comment on a followed task): opening it scrolls there. */
  commentId?: string | null;
  title: InboxWords;
  body?: InboxWords | null;
};

export async function notifyMember(executor: Executor, notification: NewNotification, now: Date): Promise<void> {
  const { title, body, ...rest } = notification;
  // Read once, and only when there is a text to say.
  let locale: Locale | undefined;
  const say = async (words: InboxWords) =>
    typeof words === 'string' ? words : translate((locale ??= await memberLocale(executor, notification.organizationId, notification.recipientId)), words);
  await executor.insert(notifications).values({
    ...rest,
    title: await say(title),
    body: body == null ? null : await say(body),
    taskId: notification.taskId ?? null,
    commentId: notification.commentId ?? null,
    createdAt: now,
  });
  await publishChange(executor, { organizationId: notification.organizationId, topic: 'inbox', recipientId: notification.recipientId });
}

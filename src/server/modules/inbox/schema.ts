// The inbox module's tables: each member's news and the digest's queue.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../domain/inbox';
import { organizationId, profiles } from '../../platform/db/schema/tenancy';
import { createdAt, inList } from '../../platform/db/columns';
import { projects } from '../projects/schema';
import { tasks } from '../tasks/schema';
import { taskComments } from '../comments/schema';

/**
 * The in-app inbox (issue 16): what happened that concerns one member — an assignment, a
 * completion on their project, a note, an intake submission, a link's first open. Kept 90 days.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    // The task a task notification is about, so opening it shows the task (issue 27); gone with it.
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    // The comment a mention or a reply is about (issue 29): opening it scrolls there; gone with it.
    commentId: uuid('comment_id').references((): AnyPgColumn => taskComments.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body'),
    createdAt,
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null`),
    // A task's deletion sets its notifications' task_id to null: found by this index.
    index('notifications_task_idx').on(t.taskId),
    index('notifications_comment_idx').on(t.commentId),
    check('notifications_kind_check', inList(t.kind, NOTIFICATION_KINDS)),
  ],
);

/**
 * Emails held for a member's daily digest (issue 29 item 4), written where the email would have
 * been enqueued. The digest job takes them (deletes them) in the transaction that enqueues the
 * digest, so of several servers one sends each item, once.
 */
export const digestItems = pgTable(
  'digest_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt,
  },
  (t) => [index('digest_items_profile_idx').on(t.profileId, t.createdAt), index('digest_items_created_idx').on(t.createdAt)],
);

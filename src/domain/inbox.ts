// The in-app inbox (issue 16): a member's notifications, newest first, read or not.
import { z } from 'zod';
// Named here too for the server; inbox-rules.ts has them without zod, for the bell in the top bar
// of every signed-in page (decision 013).
export { approvalDecidedTitle, INBOX_TEXTS, notePreview } from './inbox-rules';

export const NOTIFICATION_KINDS = [
  'task_assigned',
  'task_completed',
  'note_added',
  'intake_submitted',
  'link_opened',
  'mentioned',
  'task_comment',
  'task_due_soon',
  'task_overdue',
  // Issue 32: a project's time reached 80 % or 100 % of its budget (to the organization's staff).
  'budget_alert',
  // Issue 33: a client approved a file or asked for changes through a share link (to staff).
  'approval_decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Issue 29: a task's assignee hears the day before it is due, and the day it becomes overdue. */
export const DUE_REMINDER_KINDS = ['task_due_soon', 'task_overdue'] as const;
export type DueReminderKind = (typeof DUE_REMINDER_KINDS)[number];

/** Notifications older than this are pruned (the housekeeping job). */
export const INBOX_RETENTION_DAYS = 90;
export const INBOX_PAGE_SIZE = 20;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  projectId: z.string().nullable(),
  /** A task's notification names its task: opening it shows the task on the project's Tasks tab. */
  taskId: z.string().nullable(),
  /** A mention's or a comment's notification names its comment: opening it scrolls there (issue 29). */
  commentId: z.string().nullable(),
  title: z.string(),
  body: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const inboxPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const inboxQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export const markReadSchema = z.object({ ids: z.array(z.uuid({ message: 'Unknown notification' })).min(1).max(100).optional(), all: z.literal(true).optional() })
  .refine((body) => (body.ids ? !body.all : body.all === true), { message: 'Name the notifications, or all.' });

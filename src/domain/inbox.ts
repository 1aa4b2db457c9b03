// The in-app inbox (issue 16): a member's notifications, newest first, read or not.
import { z } from 'zod';

export const NOTIFICATION_KINDS = ['task_assigned', 'task_completed', 'note_added', 'intake_submitted', 'link_opened'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications older than this are pruned (the housekeeping job). */
export const INBOX_RETENTION_DAYS = 90;
export const INBOX_PAGE_SIZE = 20;
const NOTE_PREVIEW_LENGTH = 120;

export const INBOX_TEXTS = {
  title: 'Inbox',
  open: (unread: number) => (unread === 0 ? 'Inbox' : `Inbox, ${unread} unread`),
  empty: 'Nothing new. Assignments, completions and client answers show up here.',
  markAllRead: 'Mark all read',
  markRead: 'Mark read',
  unread: 'Unread:',
  loading: 'Loading...',
  loadMore: 'Load more',
  assigned: (task: string) => `You were assigned "${task}"`,
  completed: (task: string) => `"${task}" was completed`,
  noteAdded: (project: string) => `New note on ${project}`,
  /** The note's start, on one line: who wrote it and its first words. */
  notePreview: (author: string, content: string) => {
    const line = content.replace(/\s+/g, ' ').trim();
    return `${author}: ${line.length > NOTE_PREVIEW_LENGTH ? `${line.slice(0, NOTE_PREVIEW_LENGTH - 1)}…` : line}`;
  },
  intakeSubmitted: (project: string) => `The client answered the questionnaire of ${project}`,
  linkOpened: (link: string) => `Link "${link}" was opened for the first time`,
} as const;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  projectId: z.string().nullable(),
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

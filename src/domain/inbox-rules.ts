// The inbox's texts without zod (issue 16): the bell is in the top bar of every signed-in page,
// which loads no schema library at first (decision 013). The schemas are in ./inbox.ts.

export const INBOX_TEXTS = {
  title: 'Inbox',
  open: (unread: number) => (unread === 0 ? 'Inbox' : `Inbox, ${unread} unread`),
  empty: 'Nothing new. Assignments, completions and client answers show up here.',
  markAllRead: 'Mark all read',
  markRead: 'Mark read',
  loadMore: 'Load more',
  assigned: (task: string) => `You were assigned "${task}"`,
  completed: (task: string) => `"${task}" was completed`,
  noteAdded: (project: string) => `New note on ${project}`,
  intakeSubmitted: (project: string) => `The client answered the questionnaire of ${project}`,
  linkOpened: (link: string) => `Link "${link}" was opened for the first time`,
} as const;

// The inbox's texts without zod (issue 16): the bell is in the top bar of every signed-in page,
// which loads no schema library at first (decision 013). The schemas are in ./inbox.ts.
import { deciderViaLinkInEnglish } from './approval-states';

const NOTE_PREVIEW_LENGTH = 120;

export const INBOX_TEXTS = {
  title: 'Inbox',
  open: (unread: number) => (unread === 0 ? 'Inbox' : `Inbox, ${unread} unread`),
  empty: 'Nothing new. Assignments, completions and client answers show up here.',
  markAllRead: 'Mark all read',
  markRead: 'Mark read',
  unread: 'Unread:',
  loading: 'Loading...',
  loadFailed: 'The inbox could not be loaded.',
  loadMore: 'Load more',
  assigned: (task: string) => `You were assigned "${task}"`,
  completed: (task: string) => `"${task}" was completed`,
  noteAdded: (project: string) => `New note on ${project}`,
  /** The note's start, on one line: who wrote it and its first words. */
  notePreview: (author: string, content: string) => {
    const line = content.replace(/\s+/g, ' ').trim();
    return `${author}: ${line.length > NOTE_PREVIEW_LENGTH ? `${line.slice(0, NOTE_PREVIEW_LENGTH - 1)}…` : line}`;
  },
  mentioned: (author: string, task: string) => `${author} mentioned you on "${task}"`,
  commented: (author: string, task: string) => `${author} commented on "${task}"`,
  dueSoon: (task: string) => `"${task}" is due tomorrow`,
  overdue: (task: string) => `"${task}" is overdue`,
  intakeSubmitted: (project: string) => `The client answered the questionnaire of ${project}`,
  /** A client's decision through a share link: the name they typed, with the link's (issue 46 4a). */
  approvalDecided: (name: string, link: string | null, decision: 'approved' | 'changes_requested', file: string, version: number) => {
    const who = deciderViaLinkInEnglish(name, link);
    return decision === 'approved' ? `${who} approved ${file} (version ${version})` : `${who} asked for changes to ${file} (version ${version})`;
  },
  linkOpened: (link: string) => `Link "${link}" was opened for the first time`,
} as const;

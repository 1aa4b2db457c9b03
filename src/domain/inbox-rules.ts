// The inbox's texts without zod (issue 16): the bell is in the top bar of every signed-in page,
// which loads no schema library at first (decision 013). The schemas are in ./inbox.ts.
// Issue 48: the server writes a notification's title (and its body, when it is words) in its
// recipient's language when it stores it (services/outlets/inbox.ts), as it writes emails.
import { APPROVAL_TEXTS, type ApprovalDecisionKind } from './approval-states';
import type { Text, TextValues } from './locales';

const NOTE_PREVIEW_LENGTH = 120;

export const INBOX_TEXTS = {
  title: /*i18n*/ { id: 'domain.inbox-rules.title', message: 'Inbox' },
  /** The bell's name with unread notifications (with none it is `title`). */
  openUnread: /*i18n*/ { id: 'domain.inbox-rules.openUnread', message: 'Inbox, {unread} unread' },
  empty: /*i18n*/ { id: 'domain.inbox-rules.empty', message: 'Nothing new. Assignments, completions and client answers show up here.' },
  markAllRead: /*i18n*/ { id: 'domain.inbox-rules.markAllRead', message: 'Mark all read' },
  markRead: /*i18n*/ { id: 'domain.inbox-rules.markRead', message: 'Mark read' },
  unread: /*i18n*/ { id: 'domain.inbox-rules.unread', message: 'Unread:' },
  loading: /*i18n*/ { id: 'domain.inbox-rules.loading', message: 'Loading...' },
  loadFailed: /*i18n*/ { id: 'domain.inbox-rules.loadFailed', message: 'The inbox could not be loaded.' },
  loadMore: /*i18n*/ { id: 'domain.inbox-rules.loadMore', message: 'Load more' },
  assigned: /*i18n*/ { id: 'domain.inbox-rules.assigned', message: 'You were assigned "{task}"' },
  completed: /*i18n*/ { id: 'domain.inbox-rules.completed', message: '"{task}" was completed' },
  noteAdded: /*i18n*/ { id: 'domain.inbox-rules.noteAdded', message: 'New note on {project}' },
  mentioned: /*i18n*/ { id: 'domain.inbox-rules.mentioned', message: '{author} mentioned you on "{task}"' },
  commented: /*i18n*/ { id: 'domain.inbox-rules.commented', message: '{author} commented on "{task}"' },
  dueSoon: /*i18n*/ { id: 'domain.inbox-rules.dueSoon', message: '"{task}" is due tomorrow' },
  overdue: /*i18n*/ { id: 'domain.inbox-rules.overdue', message: '"{task}" is overdue' },
  intakeSubmitted: /*i18n*/ { id: 'domain.inbox-rules.intakeSubmitted', message: 'The client answered the questionnaire of {project}' },
  /** A client's decision through a share link: `who` is APPROVAL_TEXTS.deciderViaLink (issue 46 4a). */
  approved: /*i18n*/ { id: 'domain.inbox-rules.approved', message: '{who} approved {file} (version {version})' },
  changesRequested: /*i18n*/ { id: 'domain.inbox-rules.changesRequested', message: '{who} asked for changes to {file} (version {version})' },
  linkOpened: /*i18n*/ { id: 'domain.inbox-rules.linkOpened', message: 'Link "{link}" was opened for the first time' },
} as const;

/** The note's start, on one line: who wrote it and its first words (their content, not our words). */
export function notePreview(author: string, content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return `${author}: ${line.length > NOTE_PREVIEW_LENGTH ? `${line.slice(0, NOTE_PREVIEW_LENGTH - 1)}…` : line}`;
}

/**
 * A client's decision through a share link, said by `say` (the server's translator in the
 * recipient's language): the name they typed, with the link's, an unnamed link as "Untitled link"
 * in that language (issue 46 4a).
 */
export function approvalDecidedTitle(
  say: (text: Text, values?: TextValues) => string,
  decision: { name: string; link: string | null; kind: ApprovalDecisionKind; file: string; version: number },
): string {
  const who = say(APPROVAL_TEXTS.deciderViaLink, { name: decision.name, link: decision.link || say(APPROVAL_TEXTS.untitledLink) });
  return say(decision.kind === 'approved' ? INBOX_TEXTS.approved : INBOX_TEXTS.changesRequested, { who, file: decision.file, version: decision.version });
}

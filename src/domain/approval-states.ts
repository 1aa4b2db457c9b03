// An approval's states and their words (issue 33), alone: the files list shows them on every
// page, a share link's first download included, without the messages of ./approval-rules.ts.
export const APPROVAL_STATES = ['awaiting', 'approved', 'changes_requested'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_DECISIONS = ['approved', 'changes_requested'] as const;
export type ApprovalDecisionKind = (typeof APPROVAL_DECISIONS)[number];

import type { Text } from './locales';

export const APPROVAL_TEXTS = {
  states: { awaiting: /*i18n*/ { id: 'domain-shared.approval-states.states.awaiting', message: 'Awaiting approval' }, approved: /*i18n*/ { id: 'domain-shared.approval-states.states.approved', message: 'Approved' }, changes_requested: /*i18n*/ { id: 'domain-shared.approval-states.states.changes_requested', message: 'Changes requested' } } satisfies Record<ApprovalState, Text>,
  decisions: { approved: /*i18n*/ { id: 'domain-shared.approval-states.decisions.approved', message: 'Approved' }, changes_requested: /*i18n*/ { id: 'domain-shared.approval-states.decisions.changes_requested', message: 'Requested changes' } } satisfies Record<ApprovalDecisionKind, Text>,
  awaitingBadge: /*i18n*/ { id: 'domain-shared.approval-states.awaitingBadge', message: 'Awaiting approval ({count})' },
  changesBadge: /*i18n*/ { id: 'domain-shared.approval-states.changesBadge', message: 'Changes requested' },
  untitledLink: /*i18n*/ { id: 'domain-shared.approval-states.untitledLink', message: 'Untitled link' },
  /**
   * Issue 46 4(a): who decided, as staff read it anywhere. The name is what the client typed, free
   * text that can read "Olivia Park (Owner)", so it is never shown without the link it came through
   * (the name staff gave the link).
   */
  deciderViaLink: /*i18n*/ { id: 'domain-shared.approval-states.deciderViaLink', message: "{name} via link ''{link}''" },
} as const;

/**
 * Issue 49 item 7: the decision that settled the request staff made, the newest on the version
 * asked about; null while it awaits (a new version, or staff asking again, reopens it).
 */
export function settlingDecision<D extends { version: number }>(approval: { state: ApprovalState; version: number; decisions: readonly D[] } | null): D | null {
  if (!approval || approval.state === 'awaiting') return null;
  // The decisions come newest first.
  return approval.decisions.find((decision) => decision.version === approval.version) ?? null;
}

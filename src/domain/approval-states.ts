// An approval's states and their words (issue 33), alone: the files list shows them on every
// page, a share link's first download included, without the messages of ./approval-rules.ts.
export const APPROVAL_STATES = ['awaiting', 'approved', 'changes_requested'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_DECISIONS = ['approved', 'changes_requested'] as const;
export type ApprovalDecisionKind = (typeof APPROVAL_DECISIONS)[number];

const UNTITLED_LINK = 'Untitled link';

export const APPROVAL_TEXTS = {
  states: { awaiting: 'Awaiting approval', approved: 'Approved', changes_requested: 'Changes requested' } satisfies Record<ApprovalState, string>,
  decisions: { approved: 'Approved', changes_requested: 'Requested changes' } satisfies Record<ApprovalDecisionKind, string>,
  awaitingBadge: (count: number) => `Awaiting approval (${count})`,
  changesBadge: 'Changes requested',
  untitledLink: UNTITLED_LINK,
  /**
   * Issue 46 4(a): who decided, as staff read it anywhere. The name is what the client typed, free
   * text that can read "Olivia Park (Owner)", so it is never shown without the link it came through
   * (the name staff gave the link).
   */
  deciderViaLink: (name: string, link: string | null) => `${name} via link '${link || UNTITLED_LINK}'`,
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

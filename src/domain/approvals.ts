// Client approvals through share links (issue 33; ARCHITECTURE decision 17): staff ask for the
// client's approval of a file; on a link that allows it ("Viewers may approve") the client
// approves the newest version or asks for changes (a comment required), giving their name. A new
// version sets the request back to awaiting; every decision stays with its version.
import { z } from 'zod';
import { text } from './text-fields';

export {
  APPROVAL_COMMENT_MAX,
  APPROVAL_DECISIONS,
  APPROVAL_MESSAGE_MAX,
  APPROVAL_MESSAGES,
  APPROVAL_STATES,
  APPROVAL_TEXTS,
  DECIDER_NAME_MAX,
  type ApprovalDecisionKind,
  type ApprovalState,
} from './approval-rules';
import { APPROVAL_COMMENT_MAX, APPROVAL_DECISIONS, APPROVAL_MESSAGE_MAX, APPROVAL_MESSAGES, APPROVAL_STATES, DECIDER_NAME_MAX } from './approval-rules';

export const requestApprovalSchema = z.object({
  message: text().trim().max(APPROVAL_MESSAGE_MAX).nullish().transform((v) => (v ? v : null)),
  dueDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, APPROVAL_MESSAGES.dueDateInvalid.id)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), APPROVAL_MESSAGES.dueDateInvalid.id)
    .nullish()
    .transform((v) => v ?? null),
});
export type RequestApprovalInput = z.input<typeof requestApprovalSchema>;

/** Staff's Request approval form: the message and the due date as typed, empty for none. */
export const requestApprovalFormSchema = z
  .object({ message: z.string(), dueDate: z.string() })
  .transform(({ message, dueDate }): RequestApprovalInput => ({ message: message || null, dueDate: dueDate || null }))
  .pipe(requestApprovalSchema);

export const decideApprovalSchema = z
  .object({
    decision: z.enum(APPROVAL_DECISIONS, { message: APPROVAL_MESSAGES.decisionInvalid.id }),
    /** The version the client looked at: a decision on a replaced version is refused. */
    version: z.number().int().min(1).max(1_000_000),
    name: text().trim().min(1, APPROVAL_MESSAGES.nameRequired.id).max(DECIDER_NAME_MAX),
    comment: text().trim().max(APPROVAL_COMMENT_MAX).nullish().transform((v) => (v ? v : null)),
  })
  .refine((body) => body.decision !== 'changes_requested' || body.comment !== null, { message: APPROVAL_MESSAGES.commentRequired.id, path: ['comment'] });
export type DecideApprovalInput = z.input<typeof decideApprovalSchema>;

export const approvalDecisionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  decision: z.enum(APPROVAL_DECISIONS),
  comment: z.string().nullable(),
  deciderName: z.string(),
  linkName: z.string().nullable(),
  createdAt: z.string(),
});
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

export const fileApprovalSchema = z.object({
  state: z.enum(APPROVAL_STATES),
  version: z.number().int(),
  message: z.string().nullable(),
  dueDate: z.string().nullable(),
  requestedAt: z.string(),
  /** Newest first, every version's. */
  decisions: z.array(approvalDecisionSchema),
});
export type FileApproval = z.infer<typeof fileApprovalSchema>;

/** A project's approval counts, for the badges on its card and page. */
export const approvalSummarySchema = z.object({ awaiting: z.number().int(), changesRequested: z.number().int() });
export type ApprovalSummary = z.infer<typeof approvalSummarySchema>;

export const APPROVAL_FILTERS = ['awaiting_approval', 'changes_requested'] as const;
export type ApprovalFilter = (typeof APPROVAL_FILTERS)[number];

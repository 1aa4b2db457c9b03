// Approvals' words and rules without zod (issue 33): what the project and shared pages show, so a
// share link's page loads no schema library (decision 013). The API's schemas are in ./approvals.ts.
export { APPROVAL_DECISIONS, APPROVAL_STATES, APPROVAL_TEXTS, type ApprovalDecisionKind, type ApprovalState } from './approval-states';
import { APPROVAL_TEXTS } from './approval-states';

export const APPROVAL_MESSAGE_MAX = 2000;
export const APPROVAL_COMMENT_MAX = 5000;
export const DECIDER_NAME_MAX = 120;

export const APPROVAL_MESSAGES = {
  notAllowed: 'This link does not accept approvals.',
  linkGone: 'This link is no longer active, so it cannot record a decision.',
  notRequested: 'This file is not awaiting approval.',
  oldVersion: (version: number, newest: number) =>
    `Version ${version} has been replaced by version ${newest}. Please review version ${newest} and decide on it.`,
  commentRequired: 'Please say what should change.',
  nameRequired: 'Please give your name.',
  notAFile: 'Links cannot be approved; only uploaded files.',
  dueDateInvalid: 'Enter a due date as YYYY-MM-DD.',
  notStaff: 'Only staff can ask for a client approval.',
  untitledLink: APPROVAL_TEXTS.untitledLink,
} as const;




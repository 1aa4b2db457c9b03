// Approvals' words and rules without zod (issue 33): what the project and shared pages show, so a
// share link's page loads no schema library (decision 013). The API's schemas are in ./approvals.ts.
export { APPROVAL_DECISIONS, APPROVAL_STATES, APPROVAL_TEXTS, type ApprovalDecisionKind, type ApprovalState } from './approval-states';
import { APPROVAL_TEXTS } from './approval-states';

export const APPROVAL_MESSAGE_MAX = 2000;
export const APPROVAL_COMMENT_MAX = 5000;
export const DECIDER_NAME_MAX = 120;

export const APPROVAL_MESSAGES = {
  notAllowed: /*i18n*/ { id: 'domain-shared.approval-rules.notAllowed', message: 'This link does not accept approvals.' },
  linkGone: /*i18n*/ { id: 'domain-shared.approval-rules.linkGone', message: 'This link is no longer active, so it cannot record a decision.' },
  notRequested: /*i18n*/ { id: 'domain-shared.approval-rules.notRequested', message: 'This file is not awaiting approval.' },
  oldVersion: /*i18n*/ { id: 'domain-shared.approval-rules.oldVersion', message: 'Version {version} has been replaced by version {newest}. Please review version {newest} and decide on it.' },
  commentRequired: /*i18n*/ { id: 'domain-shared.approval-rules.commentRequired', message: 'Please say what should change.' },
  nameRequired: /*i18n*/ { id: 'domain-shared.approval-rules.nameRequired', message: 'Please give your name.' },
  notAFile: /*i18n*/ { id: 'domain-shared.approval-rules.notAFile', message: 'Links cannot be approved; only uploaded files.' },
  dueDateInvalid: /*i18n*/ { id: 'domain-shared.approval-rules.dueDateInvalid', message: 'Enter a due date as YYYY-MM-DD.' },
  notStaff: /*i18n*/ { id: 'domain-shared.approval-rules.notStaff', message: 'Only staff can ask for a client approval.' },
  untitledLink: APPROVAL_TEXTS.untitledLink,
  decisionInvalid: /*i18n*/ { id: 'domain-shared.approval-rules.decisionInvalid', message: 'Choose Approve or Request changes.' },
} as const;




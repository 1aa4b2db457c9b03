// Issue 33's words of the files feature that only its on-demand parts use (the file menu, the
// viewer, the version history, the approval dialog and the client's approval panel), so they stay
// out of the first download of a share link (decision 013).
import { APPROVAL_TEXTS } from '@/domain/approval-states';

export const FILE_EXTRAS_TEXTS = {
  // Issue 33: versions, previews, approvals.
  fileActions: (name: string) => `Actions for ${name}`,
  uploadNewVersion: 'Upload new version',
  newVersionUploaded: (version: number) => `Version ${version} uploaded`,
  versionHistory: 'Version history',
  versionsLoadFailed: 'The versions could not be loaded.',
  versionTitle: (version: number) => `Version ${version}`,
  versionBy: (name: string | null, when: string) => `${name ?? 'Someone'} · ${when}`,
  downloadVersion: (version: number) => `Download version ${version}`,
  pdfPage: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  previewFailed: 'This file cannot be previewed. Download it instead.',
  loadingPreview: 'Loading preview...',
  requestApproval: 'Request client approval',
  changeApproval: 'Change approval request',
  cancelApproval: 'Withdraw approval request',
  approvalRequested: 'Approval requested',
  approvalCancelled: 'Approval request withdrawn',
  approvalFailed: 'Could not change the approval request',
  requestApprovalDescription: 'Clients holding a link where viewers may approve will see this file first and can approve it or request changes.',
  approvalMessage: 'Message to the client',
  approvalDueDate: 'Due date',
  sending: 'Saving...',
  decisionHistory: 'Decisions',
  /** The name the client typed never without its link (issue 46 4a). */
  decisionLine: (decision: string, name: string, version: number, link: string | null) => `${decision} by ${APPROVAL_TEXTS.deciderViaLink(name, link)} on version ${version}`,
  // The shared page's approval panel.
  awaitingYourApproval: 'Awaiting your approval',
  awaitingDescription: 'Review each file, then approve it or say what should change.',
  yourName: 'Your name',
  comment: 'Comment',
  commentHint: 'Required when requesting changes.',
  approve: 'Approve',
  requestChanges: 'Request changes',
  approved: 'Thank you: your approval was recorded.',
  changesSent: 'Thank you: your request for changes was sent.',
  decideFailed: 'Your decision was not recorded',
  dueBy: (date: string) => `Due ${date}`,
  nothingAwaiting: 'Nothing is awaiting your approval.',
  awaitingLoadFailed: 'The files awaiting your approval could not be loaded.',
} as const;

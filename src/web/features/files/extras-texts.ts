// Issue 33's words of the files feature that only its on-demand parts use (the file menu, the
// viewer, the version history, the approval dialog and the client's approval panel), so they stay
// out of the first download of a share link's code (decision 013). Their words are in the same
// `files` part as texts.ts (the id names the feature's folder, decision 045).

export const FILE_EXTRAS_TEXTS = {
  // Issue 33: versions, previews, approvals.
  fileActions: /*i18n*/ { id: 'files.fileActions', message: 'Actions for {name}' },
  uploadNewVersion: /*i18n*/ { id: 'files.uploadNewVersion', message: 'Upload new version' },
  newVersionUploaded: /*i18n*/ { id: 'files.newVersionUploaded', message: 'Version {version} uploaded' },
  versionHistory: /*i18n*/ { id: 'files.versionHistory', message: 'Version history' },
  versionsLoadFailed: /*i18n*/ { id: 'files.versionsLoadFailed', message: 'The versions could not be loaded.' },
  versionTitle: /*i18n*/ { id: 'files.versionTitle', message: 'Version {version}' },
  /** Who uploaded a version, when the uploader has no name any more. */
  someone: /*i18n*/ { id: 'files.someone', message: 'Someone' },
  downloadVersion: /*i18n*/ { id: 'files.downloadVersion', message: 'Download version {version}' },
  pdfPage: /*i18n*/ { id: 'files.pdfPage', message: 'Page {page} of {pages}' },
  previousPage: /*i18n*/ { id: 'files.previousPage', message: 'Previous page' },
  nextPage: /*i18n*/ { id: 'files.nextPage', message: 'Next page' },
  previewFailed: /*i18n*/ { id: 'files.previewFailed', message: 'This file cannot be previewed. Download it instead.' },
  loadingPreview: /*i18n*/ { id: 'files.loadingPreview', message: 'Loading preview...' },
  requestApproval: /*i18n*/ { id: 'files.requestApproval', message: 'Request client approval' },
  changeApproval: /*i18n*/ { id: 'files.changeApproval', message: 'Change approval request' },
  cancelApproval: /*i18n*/ { id: 'files.cancelApproval', message: 'Withdraw approval request' },
  approvalRequested: /*i18n*/ { id: 'files.approvalRequested', message: 'Approval requested' },
  approvalCancelled: /*i18n*/ { id: 'files.approvalCancelled', message: 'Approval request withdrawn' },
  approvalFailed: /*i18n*/ { id: 'files.approvalFailed', message: 'Could not change the approval request' },
  requestApprovalDescription: /*i18n*/ { id: 'files.requestApprovalDescription', message: 'Clients holding a link where viewers may approve will see this file first and can approve it or request changes.' },
  approvalMessage: /*i18n*/ { id: 'files.approvalMessage', message: 'Message to the client' },
  approvalDueDate: /*i18n*/ { id: 'files.approvalDueDate', message: 'Due date' },
  sending: /*i18n*/ { id: 'files.sending', message: 'Saving...' },
  decisionHistory: /*i18n*/ { id: 'files.decisionHistory', message: 'Decisions' },
  /** `decider`: the name the client typed, never without its link (APPROVAL_TEXTS.deciderViaLink, issue 46 4a). */
  decisionLine: /*i18n*/ { id: 'files.decisionLine', message: '{decision} by {decider} on version {version}' },
  // The shared page's approval panel.
  awaitingYourApproval: /*i18n*/ { id: 'files.awaitingYourApproval', message: 'Awaiting your approval' },
  awaitingDescription: /*i18n*/ { id: 'files.awaitingDescription', message: 'Review each file, then approve it or say what should change.' },
  yourName: /*i18n*/ { id: 'files.yourName', message: 'Your name' },
  comment: /*i18n*/ { id: 'files.comment', message: 'Comment' },
  commentHint: /*i18n*/ { id: 'files.commentHint', message: 'Required when requesting changes.' },
  approve: /*i18n*/ { id: 'files.approve', message: 'Approve' },
  requestChanges: /*i18n*/ { id: 'files.requestChanges', message: 'Request changes' },
  approved: /*i18n*/ { id: 'files.approved', message: 'Thank you: your approval was recorded.' },
  changesSent: /*i18n*/ { id: 'files.changesSent', message: 'Thank you: your request for changes was sent.' },
  decideFailed: /*i18n*/ { id: 'files.decideFailed', message: 'Your decision was not recorded' },
  dueBy: /*i18n*/ { id: 'files.dueBy', message: 'Due {date}' },
  nothingAwaiting: /*i18n*/ { id: 'files.nothingAwaiting', message: 'Nothing is awaiting your approval.' },
  awaitingLoadFailed: /*i18n*/ { id: 'files.awaitingLoadFailed', message: 'The files awaiting your approval could not be loaded.' },
  // Issue 49 item 7: what was decided stays on the client's page, after a reload too.
  decided: /*i18n*/ { id: 'files.decided', message: 'Decided' },
  /** `name`: the name given with the decision; `date`: when, as a date and time. */
  decidedApproved: /*i18n*/ { id: 'files.decidedApproved', message: 'Approved by {name} on {date}' },
  decidedChanges: /*i18n*/ { id: 'files.decidedChanges', message: 'Changes requested by {name} on {date}' },
  decidedChangesNext: /*i18n*/ { id: 'files.decidedChangesNext', message: 'When a new version is ready, it will appear here for your approval.' },
} as const;

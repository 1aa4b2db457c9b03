// Issue 48 item 3: the approval email in the `server` part of the catalogs (decision 045). Its
// first line names the decider with the link they decided through (issue 46 4a), as the inbox does.
export const FILE_EMAIL_TEXTS = {
  viaLink: /*i18n*/ { id: 'server.emails.files.viaLink', message: "{name} via link ''{link}''" },
  untitledLink: /*i18n*/ { id: 'server.emails.files.untitledLink', message: 'Untitled link' },
  approved: /*i18n*/ { id: 'server.emails.files.approved', message: '{who} approved {file} (version {version})' },
  changesRequested: /*i18n*/ { id: 'server.emails.files.changesRequested', message: '{who} asked for changes to {file} (version {version})' },
  onProject: /*i18n*/ { id: 'server.emails.files.onProject', message: '{news}, on the project "{project}".' },
  comment: /*i18n*/ { id: 'server.emails.files.comment', message: 'Their comment: {comment}' },
  openProject: /*i18n*/ { id: 'server.emails.files.openProject', message: 'Open the project: {url}' },
};

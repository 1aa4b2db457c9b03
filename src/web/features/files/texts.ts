// Labels of the files feature (spec 2 "Files & Links" and the shared page's "Files & Resources"),
// as message descriptors each component translates (issue 48, decision 045: `useT('files')`);
// the spec's messages (Upload File, Add Link, toasts, empty state, errors) are FILE_MESSAGES in
// src/domain/file-rules.ts. A share link downloads this part: one entry per text, no duplicates.
export const FILES_TEXTS = {
  /** Spec 2 words the same list differently on the project page and on the shared page. */
  wording: {
    member: {
      title: /*i18n*/ { id: 'files.wording.member.title', message: 'Files & Links' },
      open: /*i18n*/ { id: 'files.wording.member.open', message: 'Open Link' },
      linkName: /*i18n*/ { id: 'files.wording.member.linkName', message: 'Name' },
      linkUrl: /*i18n*/ { id: 'files.wording.member.linkUrl', message: 'URL' },
    },
    shared: {
      title: /*i18n*/ { id: 'files.wording.shared.title', message: 'Files & Resources' },
      open: /*i18n*/ { id: 'files.wording.shared.open', message: 'Visit' },
      linkName: /*i18n*/ { id: 'files.wording.shared.linkName', message: 'Link Title' },
      linkUrl: /*i18n*/ { id: 'files.wording.shared.linkUrl', message: 'Link URL' },
    },
  },

  chooseFile: /*i18n*/ { id: 'files.chooseFile', message: 'Choose file' },
  loadMoreFiles: /*i18n*/ { id: 'files.loadMoreFiles', message: 'Load more files and links' },
  uploadProgress: /*i18n*/ { id: 'files.uploadProgress', message: 'Upload progress' },
  download: /*i18n*/ { id: 'files.download', message: 'Download' },
  deleteItem: /*i18n*/ { id: 'files.deleteItem', message: 'Delete {name}' },
  // The Add Link dialog.
  addLinkDescription: /*i18n*/ { id: 'files.addLinkDescription', message: 'Share a web address with everyone on this project.' },
  linkNamePlaceholder: /*i18n*/ { id: 'files.linkNamePlaceholder', message: 'e.g., Project Brief' },
  adding: /*i18n*/ { id: 'files.adding', message: 'Adding...' },
  // The shared page's upload modal.
  /** `extensions`: the accepted extensions, joined by ', '. */
  accepted: /*i18n*/ { id: 'files.accepted', message: 'Accepted: {extensions}.' },
  file: /*i18n*/ { id: 'files.file', message: 'File' },
  upload: /*i18n*/ { id: 'files.upload', message: 'Upload' },
  // Issue 33: what the list itself shows; the dialogs' words are in extras-texts.ts.
  versionLabel: /*i18n*/ { id: 'files.versionLabel', message: 'v{version}' },
  preview: /*i18n*/ { id: 'files.preview', message: 'Preview' },
  previewOf: /*i18n*/ { id: 'files.previewOf', message: 'Preview of {name}' },
  thumbnailOf: /*i18n*/ { id: 'files.thumbnailOf', message: 'Thumbnail of {name}' },
  /**
   * Issue 49 item 7: on staff's file row, the client's decision on the version asked about.
   * `decider`: the name the client typed with its link (APPROVAL_TEXTS.deciderViaLink, issue 46 4a).
   */
  clientDecision: /*i18n*/ { id: 'files.clientDecision', message: '{decision} by {decider} · {date}' },
} as const;

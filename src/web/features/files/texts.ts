// Labels of the files feature (spec 2 "Files & Links" and the shared page's "Files & Resources");
// the spec's messages (Upload File, Add Link, toasts, empty state, errors) are FILE_MESSAGES in
// src/domain/file-rules.ts.
export const FILES_TEXTS = {
  /** Spec 2 words the same list differently on the project page and on the shared page. */
  wording: {
    member: { title: 'Files & Links', open: 'Open Link', linkName: 'Name', linkUrl: 'URL' },
    shared: { title: 'Files & Resources', open: 'Visit', linkName: 'Link Title', linkUrl: 'Link URL' },
  },
  chooseFile: 'Choose file',
  loadMoreFiles: 'Load more files and links',
  uploadProgress: 'Upload progress',
  download: 'Download',
  deleteItem: (name: string) => `Delete ${name}`,
  // The Add Link dialog.
  addLinkDescription: 'Share a web address with everyone on this project.',
  linkNamePlaceholder: 'e.g., Project Brief',
  linkUrlPlaceholder: 'https://example.com',
  adding: 'Adding...',
  // The shared page's upload modal.
  accepted: (extensions: readonly string[]) => `Accepted: ${extensions.join(', ')}.`,
  file: 'File',
  upload: 'Upload',
  // Issue 33: what the list itself shows; the dialogs' words are in extras-texts.ts.
  versionLabel: (version: number) => `v${version}`,
  preview: 'Preview',
  previewOf: (name: string) => `Preview of ${name}`,
  thumbnailOf: (name: string) => `Thumbnail of ${name}`,
} as const;

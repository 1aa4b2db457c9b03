// Files' messages and rules without zod (spec 2 "Files & Links", 5, 8, 9): what a page that
// lists files needs, so that a share link's page loads no schema library (decision 013). The
// API's schemas and the upload checks are in ./files.ts.

export const FILE_MESSAGES = {
  upload: /*i18n*/ { id: 'domain-shared.file-rules.upload', message: 'Upload File' },
  uploading: /*i18n*/ { id: 'domain-shared.file-rules.uploading', message: 'Uploading...' },
  uploaded: /*i18n*/ { id: 'domain-shared.file-rules.uploaded', message: 'File uploaded successfully' },
  uploadFailedTitle: /*i18n*/ { id: 'domain-shared.file-rules.uploadFailedTitle', message: 'Upload failed' },
  uploadFailed: /*i18n*/ { id: 'domain-shared.file-rules.uploadFailed', message: 'Failed to upload file' },
  addLink: /*i18n*/ { id: 'domain-shared.file-rules.addLink', message: 'Add Link' },
  linkAdded: /*i18n*/ { id: 'domain-shared.file-rules.linkAdded', message: 'Link added successfully' },
  linkFailed: /*i18n*/ { id: 'domain-shared.file-rules.linkFailed', message: 'Failed to add link' },
  linkRequired: /*i18n*/ { id: 'domain-shared.file-rules.linkRequired', message: 'Please provide both name and URL' },
  linkScheme: /*i18n*/ { id: 'domain-shared.file-rules.linkScheme', message: 'Only http and https links can be added' },
  linkInvalid: /*i18n*/ { id: 'domain-shared.file-rules.linkInvalid', message: 'Enter a web address, like example.com/brief' },
  empty: /*i18n*/ { id: 'domain-shared.file-rules.empty', message: 'No files uploaded yet' },
  loadFailed: /*i18n*/ { id: 'domain-shared.file-rules.loadFailed', message: 'Error loading files: {message}' },
  deleted: /*i18n*/ { id: 'domain-shared.file-rules.deleted', message: 'File deleted successfully' },
  deleteFileTitle: /*i18n*/ { id: 'domain-shared.file-rules.deleteFileTitle', message: 'Delete File' },
  deleteLinkTitle: /*i18n*/ { id: 'domain-shared.file-rules.deleteLinkTitle', message: 'Delete Link' },
  deleteConfirm: /*i18n*/ { id: 'domain-shared.file-rules.deleteConfirm', message: 'Are you sure you want to delete {name}? This cannot be undone.' },
  deleteFailed: /*i18n*/ { id: 'domain-shared.file-rules.deleteFailed', message: 'Failed to delete file: {message}' },
  wrongType: /*i18n*/ { id: 'domain-shared.file-rules.wrongType', message: 'This file type is not allowed. Accepted: pdf, doc, docx, xls, xlsx, png, jpg, jpeg, gif, txt, zip' },
  contentMismatch: /*i18n*/ { id: 'domain-shared.file-rules.contentMismatch', message: 'The file content does not match its extension.' },
  tooLarge: /*i18n*/ { id: 'domain-shared.file-rules.tooLarge', message: 'The file is larger than the {mb} MB limit.' },
  noFile: /*i18n*/ { id: 'domain-shared.file-rules.noFile', message: 'Choose a file to upload.' },
  malformedUpload: /*i18n*/ { id: 'domain-shared.file-rules.malformedUpload', message: 'The upload could not be read. Please choose the file again.' },
  storageFull: /*i18n*/ { id: 'domain-shared.file-rules.storageFull', message: 'There is no room left to store this file. Please ask your administrator to free up space.' },
  notFound: /*i18n*/ { id: 'domain-shared.file-rules.notFound', message: 'File not found' },
  notYours: /*i18n*/ { id: 'domain-shared.file-rules.notYours', message: 'You can only delete files and links you added.' },
  notYoursToReplace: /*i18n*/ { id: 'domain-shared.file-rules.notYoursToReplace', message: 'You can only upload new versions of files you added.' },
  linkHasNoVersions: /*i18n*/ { id: 'domain-shared.file-rules.linkHasNoVersions', message: 'A link has no versions; only uploaded files do.' },
  versionNotFound: /*i18n*/ { id: 'domain-shared.file-rules.versionNotFound', message: 'Version not found' },
  noThumbnail: /*i18n*/ { id: 'domain-shared.file-rules.noThumbnail', message: 'This file has no preview' },
  unstorableName: /*i18n*/ { id: 'domain-shared.file-rules.unstorableName', message: 'The file name contains a character that cannot be saved' },
} as const;

export const ACCEPTED_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'png', 'jpg', 'jpeg', 'gif', 'txt', 'zip'] as const;
export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

/** Spec 9: bytes divided by 1024, rounded, in KB. */
export function fileSizeLabel(bytes: number | null): string {
  return `${Math.round((bytes ?? 0) / 1024)} KB`;
}

/**
 * A link as typed, with https:// added when it names no scheme ('example.com/brief', or a host
 * and port), as the client card does with a website (spec 2). 'mailto:' and the like keep theirs,
 * and are refused.
 */
export function linkWithScheme(url: string): string {
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) && !/^[^\s:/]+:\d+(?:[/?#]|$)/.test(url);
  return hasScheme ? url : `https://${url}`;
}

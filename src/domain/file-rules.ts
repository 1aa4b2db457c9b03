// Files' messages and rules without zod (spec 2 "Files & Links", 5, 8, 9): what a page that
// lists files needs, so that a share link's page loads no schema library (decision 013). The
// API's schemas and the upload checks are in ./files.ts.
import { unstorableTextMessage } from './storable-text';

export const FILE_MESSAGES = {
  upload: 'Upload File',
  uploading: 'Uploading...',
  uploaded: 'File uploaded successfully',
  uploadFailedTitle: 'Upload failed',
  uploadFailed: 'Failed to upload file',
  addLink: 'Add Link',
  linkAdded: 'Link added successfully',
  linkFailed: 'Failed to add link',
  linkRequired: 'Please provide both name and URL',
  linkScheme: 'Only http and https links can be added',
  linkInvalid: 'Enter a web address, like example.com/brief',
  empty: 'No files uploaded yet',
  loadFailed: (message: string) => `Error loading files: ${message}`,
  deleted: 'File deleted successfully',
  deleteFileTitle: 'Delete File',
  deleteLinkTitle: 'Delete Link',
  deleteConfirm: (name: string) => `Are you sure you want to delete ${name}? This cannot be undone.`,
  deleteFailed: (message: string) => `Failed to delete file: ${message}`,
  wrongType: 'This file type is not allowed. Accepted: pdf, doc, docx, xls, xlsx, png, jpg, jpeg, gif, txt, zip',
  contentMismatch: 'The file content does not match its extension.',
  tooLarge: (mb: number) => `The file is larger than the ${mb} MB limit.`,
  noFile: 'Choose a file to upload.',
  malformedUpload: 'The upload could not be read. Please choose the file again.',
  storageFull: 'There is no room left to store this file. Please ask your administrator to free up space.',
  notFound: 'File not found',
  notYours: 'You can only delete files and links you added.',
  notYoursToReplace: 'You can only upload new versions of files you added.',
  linkHasNoVersions: 'A link has no versions; only uploaded files do.',
  versionNotFound: 'Version not found',
  noThumbnail: 'This file has no preview',
  unstorableName: unstorableTextMessage('File name'),
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

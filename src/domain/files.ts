// Files and links on the project page (spec 2 "Files & Links", 3 "project_file", 5, 8;
// ARCHITECTURE decision 10: type checked by extension and by content).
import { z } from 'zod';
import { ACCEPTED_EXTENSIONS, FILE_MESSAGES, linkWithScheme, type AcceptedExtension } from './file-rules';
import { fileApprovalSchema } from './approvals';
import { projectListPageSchema } from './project-lists';
import { isStorableText, text } from './text-fields';
// Named here too for the API and the server; pages read them from file-rules.ts (decision 013).
export { ACCEPTED_EXTENSIONS, FILE_MESSAGES, fileSizeLabel, type AcceptedExtension } from './file-rules';

export const CONTENT_TYPES: Record<AcceptedExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
  zip: 'application/zip',
};

export const FILE_NAME_MAX = 255;

/**
 * The name an upload is stored under: trimmed and cut to 255 characters without splitting a
 * surrogate pair; null when it holds a character that cannot be saved (decision 006), such as a
 * NUL in the multipart filename.
 */
export function storedFileName(raw: string): string | null {
  let name = raw.trim().slice(0, FILE_NAME_MAX);
  const last = name.charCodeAt(name.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) name = name.slice(0, -1);
  return isStorableText(name) ? name : null;
}

/** The lower-case extension when it is an accepted one. */
export function acceptedExtension(fileName: string): AcceptedExtension | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(ext) ? (ext as AcceptedExtension) : null;
}

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61];
const GIF89 = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // doc, xls

/** Bytes of the start of a file that decide its type (the longest signature). */
export const SIGNATURE_BYTES = 8;

/**
 * Decision 10 for text read in pieces: each piece must continue valid UTF-8 without NULs.
 * `push` answers false from the first bad piece on; `end` whether the whole was valid.
 */
export function textContentCheck(): { push: (bytes: Uint8Array) => boolean; end: () => boolean } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = true;
  return {
    push(bytes) {
      if (!valid) return false;
      try {
        if (bytes.includes(0)) valid = false;
        else decoder.decode(bytes, { stream: true });
      } catch {
        valid = false;
      }
      return valid;
    },
    end() {
      if (!valid) return false;
      try {
        decoder.decode();
      } catch {
        valid = false;
      }
      return valid;
    },
  };
}

/** Decision 10: the content's magic bytes must match the extension; text must be UTF-8 without NULs. */
export function contentMatchesExtension(ext: AcceptedExtension, bytes: Uint8Array): boolean {
  switch (ext) {
    case 'pdf':
      return startsWith(bytes, PDF);
    case 'png':
      return startsWith(bytes, PNG);
    case 'jpg':
    case 'jpeg':
      return startsWith(bytes, JPEG);
    case 'gif':
      return startsWith(bytes, GIF87) || startsWith(bytes, GIF89);
    case 'zip':
    case 'docx':
    case 'xlsx':
      return startsWith(bytes, ZIP) || startsWith(bytes, EMPTY_ZIP);
    case 'doc':
    case 'xls':
      return startsWith(bytes, OLE);
    case 'txt':
      if (bytes.includes(0)) return false;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        return true;
      } catch {
        return false;
      }
  }
}

export const addLinkSchema = z.object({
  name: text({ message: FILE_MESSAGES.linkRequired.id }).trim().min(1, FILE_MESSAGES.linkRequired.id).max(300),
  url: text({ message: FILE_MESSAGES.linkRequired.id })
    .trim()
    .min(1, FILE_MESSAGES.linkRequired.id)
    .max(2000)
    .transform(linkWithScheme)
    .refine((v) => URL.canParse(v), FILE_MESSAGES.linkInvalid.id)
    .refine((v) => !URL.canParse(v) || ['http:', 'https:'].includes(new URL(v).protocol), FILE_MESSAGES.linkScheme.id),
});
export type AddLinkInput = z.input<typeof addLinkSchema>;

export const projectFileSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().nullable(),
  isLink: z.boolean(),
  linkUrl: z.string().nullable(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
  /** Issue 33: the newest version's number (1 for a file never replaced; links have 1). */
  version: z.number().int(),
  /** The newest version is an image with a thumbnail made on the server. */
  hasThumbnail: z.boolean(),
  /** The client approval asked for, if any, with its decisions. */
  approval: fileApprovalSchema.nullable(),
  /** The caller may delete it (staff: any; developers: their own). */
  canDelete: z.boolean(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

/** A file or link as webhook events carry it: without the reader's own flag. */
export const fileEventSchema = projectFileSchema.omit({ canDelete: true, approval: true, hasThumbnail: true, version: true });
export type FileEvent = z.infer<typeof fileEventSchema>;

/**
 * A share link's approvals (issue 33): the files awaiting the client's decision, oldest request
 * first; and (issue 49 item 7) the files decided on, newest decision first, each with its
 * decision, so the client's page keeps showing what was decided after a reload.
 */
export const linkApprovalsSchema = z.object({
  items: z.array(projectFileSchema).describe("Awaiting the client's decision, oldest request first (at most 100)"),
  decided: z.array(projectFileSchema).describe('Approved, or changes requested, on the version asked about: newest decision first (at most 100)'),
  canApprove: z.boolean(),
});
export type LinkApprovals = z.infer<typeof linkApprovalsSchema>;

/** A page of files and links, newest first. */
export const filePageSchema = projectListPageSchema(projectFileSchema);
export type FilePage = z.infer<typeof filePageSchema>;

/** Issue 33: one version of a file, newest first in its history. */
export const fileVersionSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  uploadedBy: z.string().nullable(),
  uploaderName: z.string().nullable(),
  createdAt: z.string(),
  hasThumbnail: z.boolean(),
});
export type FileVersion = z.infer<typeof fileVersionSchema>;
export const fileVersionListSchema = z.object({ items: z.array(fileVersionSchema) });

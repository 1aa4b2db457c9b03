// The HTTP side of uploads and downloads, shared by the project page's routes and the shared
// page's (sharing/routes.ts): one multipart file in, one stored object out with its name.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { FILE_MESSAGES } from '../../../domain/files';
import { withValues } from '../../../domain/locales';
import { AppError, badRequest } from '../../platform/errors';
import type { Platform } from '../../platform/platform';

/** RFC 6266: the original name, ASCII fallback plus UTF-8. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Multipart parsing for a plugin's upload routes: one file, no other fields, up to the limit. */
export async function registerUploads(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: platform.config.maxUploadBytes, files: 1, fields: 0, parts: 1 },
  });
}

/** Route options for an upload route: the multipart body is read in the handler, up to the limit. */
export function uploadBodyLimit(platform: Platform): number {
  return platform.config.maxUploadBytes + 64 * 1024;
}

/**
 * An uploaded file as it arrives: read it once. `truncated` says whether it went over the limit;
 * `unreadable` whether the body itself broke off or could not be parsed while it streamed.
 */
export type IncomingFile = {
  fileName: string;
  stream: Readable;
  truncated: () => boolean;
  unreadable: () => boolean;
  maxBytes: number;
};

/**
 * The one file of a multipart request (field "file"), unread; 400 without one or when the body
 * cannot be parsed (no boundary, headers cut short), 413 over the limit.
 */
export async function readUploadedFile(platform: Platform, request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) throw badRequest(FILE_MESSAGES.noFile, 'no_file');
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw uploadReadError(platform, request, error);
  }
  if (!part) throw badRequest(FILE_MESSAGES.noFile, 'no_file');
  let failed = false;
  part.file.once('error', () => {
    failed = true;
  });
  return {
    fileName: part.filename,
    stream: part.file,
    truncated: () => part.file.truncated,
    // The parser may have failed the part before this listener was attached (a short body).
    unreadable: () => failed || part.file.errored !== null,
    maxBytes: platform.config.maxUploadBytes,
  };
}

/**
 * What a failure reading the multipart body means to the client: over the limit is 413;
 * everything else is the body it sent (busboy's "Boundary not found", "Unexpected end of form",
 * the part limits, an aborted upload), a 400.
 */
export function uploadReadError(platform: Platform, request: FastifyRequest, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(platform.config.maxUploadBytes);
  request.log.info({ err: error }, 'unreadable multipart upload');
  return malformedUpload();
}

export function malformedUpload(): AppError {
  return badRequest(FILE_MESSAGES.malformedUpload, 'malformed_upload');
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(413, 'file_too_large', withValues(FILE_MESSAGES.tooLarge, { mb: Math.round(maxBytes / 1024 / 1024) }));
}

export function sendDownload(
  reply: FastifyReply,
  file: { stream: Readable; fileName: string; contentType: string; size: number | null },
) {
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', contentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  if (file.size !== null) reply.header('Content-Length', String(file.size));
  return reply.send(file.stream);
}

/**
 * A thumbnail made by the server (issue 33): shown inline, as an image only; the page may cache
 * it privately for a short while (a new version has its own thumbnail under the same route).
 */
export function sendPreview(reply: FastifyReply, file: { stream: Readable; contentType: string }) {
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', 'inline')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store');
  return reply.send(file.stream);
}

// Files & Links API for the project page. Downloads go only through the authorized route below;
// no stored object has a public URL (ARCHITECTURE "files").
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addLinkSchema, FILE_MESSAGES, projectFileSchema } from '../../../domain/files';
import { requireActor } from '../../platform/auth/session';
import { AppError, badRequest, errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { Storage } from '../../platform/storage/storage';
import { addLink, deleteFile, listFiles, openDownload, uploadFile } from './service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
};
const tags = ['files'];
const projectParams = z.object({ projectId: z.uuid({ message: 'Project not found' }) });
const fileParams = projectParams.extend({ fileId: z.uuid({ message: FILE_MESSAGES.notFound }) });

/** RFC 6266: the original name, ASCII fallback plus UTF-8. */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function fileRoutes(app: FastifyInstance, options: { platform: Platform; storage?: Storage }) {
  const { platform } = options;
  const storage = options.storage ?? platform.storage;
  const maxMb = Math.round(platform.config.maxUploadBytes / 1024 / 1024);
  await app.register(fastifyMultipart, {
    limits: { fileSize: platform.config.maxUploadBytes, files: 1, fields: 0, parts: 1 },
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects/:projectId/files',
    {
      schema: { tags, summary: "A project's files and links, newest first", params: projectParams, response: { 200: z.object({ items: z.array(projectFileSchema) }), ...errors } },
    },
    async (request) => ({ items: await listFiles(platform, await requireActor(platform, request), request.params.projectId) }),
  );

  typed.post(
    '/api/projects/:projectId/files',
    {
      // The multipart body is read in the handler; the body limit is the upload limit.
      bodyLimit: platform.config.maxUploadBytes + 64 * 1024,
      schema: { tags, summary: 'Upload one file (multipart field "file")', params: projectParams, consumes: ['multipart/form-data'], response: { 201: projectFileSchema, ...errors } },
    },
    async (request, reply) => {
      const actor = await requireActor(platform, request);
      if (!request.isMultipart()) throw badRequest(FILE_MESSAGES.noFile, 'no_file');
      const part = await request.file();
      if (!part) throw badRequest(FILE_MESSAGES.noFile, 'no_file');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'file_too_large', FILE_MESSAGES.tooLarge(maxMb));
        }
        throw error;
      }
      const file = await uploadFile(platform, storage, actor, request.params.projectId, { fileName: part.filename, data });
      return reply.status(201).send(file);
    },
  );

  typed.post(
    '/api/projects/:projectId/links',
    { schema: { tags, summary: 'Add a link', params: projectParams, body: addLinkSchema, response: { 201: projectFileSchema, ...errors } } },
    async (request, reply) => {
      const link = await addLink(platform, await requireActor(platform, request), request.params.projectId, request.body);
      return reply.status(201).send(link);
    },
  );

  typed.get(
    '/api/projects/:projectId/files/:fileId/download',
    { schema: { tags, summary: 'Download a file with its original name (authorized)', params: fileParams } },
    async (request, reply) => {
      const actor = await requireActor(platform, request);
      const file = await openDownload(platform, storage, actor, request.params.projectId, request.params.fileId);
      reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      if (file.size !== null) reply.header('Content-Length', String(file.size));
      return reply.send(file.stream);
    },
  );

  typed.delete(
    '/api/projects/:projectId/files/:fileId',
    { schema: { tags, summary: 'Delete a file (record and stored object) or a link', params: fileParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteFile(platform, storage, await requireActor(platform, request), request.params.projectId, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
}

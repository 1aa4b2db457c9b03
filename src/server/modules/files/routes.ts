// Files & Links API for the project page. Downloads go only through the authorized route below;
// no stored object has a public URL (ARCHITECTURE "files").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addLinkSchema, FILE_MESSAGES, projectFileSchema } from '../../../domain/files';
import { requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { Storage } from '../../platform/storage/storage';
import { memberProjectAccess } from '../projects/member-access';
import { readUploadedFile, registerUploads, sendDownload, uploadBodyLimit } from './http';
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

export async function fileRoutes(app: FastifyInstance, options: { platform: Platform; storage?: Storage }) {
  const { platform } = options;
  const storage = options.storage ?? platform.storage;
  await registerUploads(app, platform);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects/:projectId/files',
    {
      schema: { tags, summary: "A project's files and links, newest first", params: projectParams, response: { 200: z.object({ items: z.array(projectFileSchema) }), ...errors } },
    },
    async (request) => ({
      items: await listFiles(platform, memberProjectAccess(await requireActor(platform, request), request.params.projectId)),
    }),
  );

  typed.post(
    '/api/projects/:projectId/files',
    {
      bodyLimit: uploadBodyLimit(platform),
      schema: { tags, summary: 'Upload one file (multipart field "file")', params: projectParams, consumes: ['multipart/form-data'], response: { 201: projectFileSchema, ...errors } },
    },
    async (request, reply) => {
      const access = memberProjectAccess(await requireActor(platform, request), request.params.projectId);
      const file = await uploadFile(platform, storage, access, await readUploadedFile(platform, request));
      return reply.status(201).send(file);
    },
  );

  typed.post(
    '/api/projects/:projectId/links',
    { schema: { tags, summary: 'Add a link', params: projectParams, body: addLinkSchema, response: { 201: projectFileSchema, ...errors } } },
    async (request, reply) => {
      const access = memberProjectAccess(await requireActor(platform, request), request.params.projectId);
      return reply.status(201).send(await addLink(platform, access, request.body));
    },
  );

  typed.get(
    '/api/projects/:projectId/files/:fileId/download',
    { schema: { tags, summary: 'Download a file with its original name (authorized)', params: fileParams } },
    async (request, reply) => {
      const access = memberProjectAccess(await requireActor(platform, request), request.params.projectId);
      return sendDownload(reply, await openDownload(platform, storage, access, request.params.fileId));
    },
  );

  typed.delete(
    '/api/projects/:projectId/files/:fileId',
    { schema: { tags, summary: 'Delete a file (record and stored object) or a link', params: fileParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const access = memberProjectAccess(await requireActor(platform, request), request.params.projectId);
      await deleteFile(platform, storage, access, request.params.fileId);
      return reply.status(204).send(null);
    },
  );
}

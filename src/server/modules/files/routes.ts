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
import { requireContributor } from '../../platform/project-access/access';
import {
  linkReadAccess,
  linkRouteErrors,
  linkWriteAccess,
  recordSharedDownload,
  resolveSharedLink,
  sharedLinkParams,
  sharedLinkRequest,
} from '../../platform/project-access/link';
import { memberProjectAccess } from '../../platform/project-access/member';
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
const fileId = z.uuid({ message: FILE_MESSAGES.notFound });
const fileParams = projectParams.extend({ fileId });

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

  // Anyone holding a share link (the shared project page): nobody deletes through a link.

  typed.get(
    '/api/project-access/:token/files',
    { schema: { tags: ['sharing'], summary: "The shared project's files and links", params: sharedLinkParams, response: { 200: z.object({ items: z.array(projectFileSchema) }), ...linkRouteErrors } } },
    async (request) => ({ items: await listFiles(platform, await linkReadAccess(platform, request)) }),
  );

  typed.post(
    '/api/project-access/:token/files',
    {
      bodyLimit: uploadBodyLimit(platform),
      schema: { tags: ['sharing'], summary: 'Upload one file (multipart field "file"; signed in)', params: sharedLinkParams, consumes: ['multipart/form-data'], response: { 201: projectFileSchema, ...linkRouteErrors } },
    },
    async (request, reply) => {
      const access = await linkWriteAccess(platform, request);
      // Refuse a signed-out upload before reading its body.
      requireContributor(access);
      const file = await uploadFile(platform, storage, access, await readUploadedFile(platform, request));
      return reply.status(201).send(file);
    },
  );

  typed.post(
    '/api/project-access/:token/links',
    { schema: { tags: ['sharing'], summary: 'Add a link (signed in)', params: sharedLinkParams, body: addLinkSchema, response: { 201: projectFileSchema, ...linkRouteErrors } } },
    async (request, reply) => reply.status(201).send(await addLink(platform, await linkWriteAccess(platform, request), request.body)),
  );

  typed.get(
    '/api/project-access/:token/files/:fileId/download',
    { schema: { tags: ['sharing'], summary: 'Download a file of the shared project', params: sharedLinkParams.extend({ fileId }) } },
    async (request, reply) => {
      const linkRequest = await sharedLinkRequest(platform, request);
      const { link, access } = await resolveSharedLink(platform, linkRequest);
      const file = await openDownload(platform, storage, access, request.params.fileId);
      try {
        await recordSharedDownload(platform, link, linkRequest.viewer, file.fileName);
      } catch (error) {
        file.stream.destroy();
        throw error;
      }
      return sendDownload(reply, file);
    },
  );
}

// Files & Links API for the project page. Downloads go only through the authorized route below;
// no stored object has a public URL (ARCHITECTURE "files").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addLinkSchema, FILE_MESSAGES, filePageSchema, projectFileSchema } from '../../../domain/files';
import { projectListQuerySchema } from '../../../domain/project-lists';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { projectParams } from '../../services/project-access/member';
import type { Storage } from '../../platform/storage/storage';
import { requireContributor } from '../../services/project-access/access';
import {
  linkRouteErrors,
  recordSharedDownload,
  resolveSharedWork,
  sharedLinkParams,
  sharedLinkRequest,
} from '../../services/project-access/link';
import { readUploadedFile, registerUploads, sendDownload, uploadBodyLimit } from './http';
import { addLink, deleteFile, listFiles, openDownload, uploadFile } from './service';

const errors = errorResponses(400, 401, 403, 404, 413);
const tags = ['files'];
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
      config: { access: 'member-project' },
      schema: { tags, summary: "A page of a project's files and links, newest first", params: projectParams, querystring: projectListQuerySchema, response: { 200: filePageSchema, ...errors } },
    },
    async (request) => listFiles(platform, request.projectAccess, request.query),
  );

  typed.post(
    '/api/projects/:projectId/files',
    {
      config: { access: 'member-project' },
      bodyLimit: uploadBodyLimit(platform),
      schema: { tags, summary: 'Upload one file (multipart field "file")', params: projectParams, consumes: ['multipart/form-data'], response: { 201: projectFileSchema, ...errors } },
    },
    async (request, reply) => {
      const access = request.projectAccess;
      const file = await uploadFile(platform, storage, access, await readUploadedFile(platform, request));
      return reply.status(201).send(file);
    },
  );

  typed.post(
    '/api/projects/:projectId/links',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Add a link', params: projectParams, body: addLinkSchema, response: { 201: projectFileSchema, ...errors } } },
    async (request, reply) => {
      const access = request.projectAccess;
      return reply.status(201).send(await addLink(platform, access, request.body));
    },
  );

  typed.get(
    '/api/projects/:projectId/files/:fileId/download',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Download a file with its original name (authorized)', params: fileParams } },
    async (request, reply) => {
      const access = request.projectAccess;
      return sendDownload(reply, await openDownload(platform, storage, access, request.params.fileId));
    },
  );

  typed.delete(
    '/api/projects/:projectId/files/:fileId',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Delete a file (record and stored object) or a link', params: fileParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const access = request.projectAccess;
      await deleteFile(platform, storage, access, request.params.fileId);
      return reply.status(204).send(null);
    },
  );

  // Anyone holding a share link (the shared project page): nobody deletes through a link.

  typed.get(
    '/api/project-access/:token/files',
    {
      config: { access: 'link-read' },
      schema: { tags: ['sharing'], summary: "A page of the shared project's files and links", params: sharedLinkParams, querystring: projectListQuerySchema, response: { 200: filePageSchema, ...linkRouteErrors } },
    },
    async (request) => listFiles(platform, request.projectAccess, request.query),
  );

  typed.post(
    '/api/project-access/:token/files',
    {
      config: { access: 'link-write' },
      bodyLimit: uploadBodyLimit(platform),
      schema: { tags: ['sharing'], summary: 'Upload one file (multipart field "file"; signed in)', params: sharedLinkParams, consumes: ['multipart/form-data'], response: { 201: projectFileSchema, ...linkRouteErrors } },
    },
    async (request, reply) => {
      const access = request.projectAccess;
      // Refuse a signed-out upload before reading its body.
      requireContributor(access);
      const file = await uploadFile(platform, storage, access, await readUploadedFile(platform, request));
      return reply.status(201).send(file);
    },
  );

  typed.post(
    '/api/project-access/:token/links',
    { config: { access: 'link-write' }, schema: { tags: ['sharing'], summary: 'Add a link (signed in)', params: sharedLinkParams, body: addLinkSchema, response: { 201: projectFileSchema, ...linkRouteErrors } } },
    async (request, reply) => reply.status(201).send(await addLink(platform, request.projectAccess, request.body)),
  );

  typed.get(
    '/api/project-access/:token/files/:fileId/download',
    { schema: { tags: ['sharing'], summary: 'Download a file of the shared project', params: sharedLinkParams.extend({ fileId }) } },
    async (request, reply) => {
      const linkRequest = await sharedLinkRequest(platform, request);
      const { link, access } = await resolveSharedWork(platform, linkRequest);
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

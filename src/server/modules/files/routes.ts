// Files & Links API for the project page. Downloads go only through the authorized route below;
// no stored object has a public URL (ARCHITECTURE "files").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addLinkSchema, FILE_MESSAGES, filePageSchema, fileVersionListSchema, linkApprovalsSchema, projectFileSchema } from '../../../domain/files';
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
import { decideApprovalSchema, requestApprovalSchema } from '../../../domain/approvals';
import { admitDecision, cancelApproval, linkApprovals, decideApproval, requestApproval, requireApprovalFile } from './approvals';
import type { UsableLink } from '../../services/project-access/link';
import { readUploadedFile, registerUploads, sendDownload, sendPreview, uploadBodyLimit } from './http';
import { addLink, deleteFile, listFiles, listVersions, openDownload, openThumbnail, openVersionDownload, uploadFile, uploadNewVersion } from './service';

const errors = errorResponses(400, 401, 403, 404, 409, 413);
const tags = ['files'];
const fileId = z.uuid({ message: FILE_MESSAGES.notFound.id });
const fileParams = projectParams.extend({ fileId });
const version = z.coerce.number({ message: FILE_MESSAGES.versionNotFound.id }).int({ message: FILE_MESSAGES.versionNotFound.id }).min(1, FILE_MESSAGES.versionNotFound.id).max(1_000_000, FILE_MESSAGES.versionNotFound.id);
const versionParams = fileParams.extend({ version });
const sharedFileParams = sharedLinkParams.extend({ fileId });
const sharedVersionParams = sharedFileParams.extend({ version });

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

  // Issue 33: versions and previews.
  typed.post(
    '/api/projects/:projectId/files/:fileId/versions',
    {
      config: { access: 'member-project' },
      bodyLimit: uploadBodyLimit(platform),
      schema: { tags, summary: 'Upload a new version of a file (multipart field "file")', params: fileParams, consumes: ['multipart/form-data'], response: { 201: projectFileSchema, ...errors } },
    },
    async (request, reply) => {
      const file = await uploadNewVersion(platform, storage, request.projectAccess, request.params.fileId, await readUploadedFile(platform, request));
      return reply.status(201).send(file);
    },
  );

  typed.get(
    '/api/projects/:projectId/files/:fileId/versions',
    { config: { access: 'member-project' }, schema: { tags, summary: "Every version of a file, newest first", params: fileParams, response: { 200: fileVersionListSchema, ...errors } } },
    async (request) => listVersions(platform, request.projectAccess, request.params.fileId),
  );

  typed.get(
    '/api/projects/:projectId/files/:fileId/versions/:version/download',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Download one version of a file (authorized)', params: versionParams } },
    async (request, reply) => sendDownload(reply, await openVersionDownload(platform, storage, request.projectAccess, request.params.fileId, request.params.version)),
  );

  typed.get(
    '/api/projects/:projectId/files/:fileId/thumbnail',
    { config: { access: 'member-project' }, schema: { tags, summary: "The newest version's thumbnail (WebP), if it has one", params: fileParams } },
    async (request, reply) => sendPreview(reply, await openThumbnail(platform, storage, request.projectAccess, request.params.fileId, 'newest')),
  );

  // Issue 33: staff ask for the client's approval of a file, or take the request back.
  typed.put(
    '/api/projects/:projectId/files/:fileId/approval',
    { config: { access: 'member' }, schema: { tags, summary: "Ask for the client's approval of the newest version (staff)", params: fileParams, body: requestApprovalSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await requestApproval(platform, request.actor, request.params.projectId, request.params.fileId, request.body);
      return reply.status(204).send(null);
    },
  );

  typed.delete(
    '/api/projects/:projectId/files/:fileId/approval',
    { config: { access: 'member' }, schema: { tags, summary: 'The file no longer needs approval (staff); its decisions stay', params: fileParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await cancelApproval(platform, request.actor, request.params.projectId, request.params.fileId);
      return reply.status(204).send(null);
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
    '/api/project-access/:token/approvals',
    {
      config: { access: 'link-read', approvals: true },
      schema: {
        tags: ['sharing'],
        summary: "Files awaiting the client's approval, those decided with their decision, and whether this link may decide",
        params: sharedLinkParams,
        response: { 200: linkApprovalsSchema, ...linkRouteErrors },
      },
    },
    async (request) => linkApprovals(platform, request.sharedLink.link, request.sharedLink.via.viewer),
  );

  // A decision resolves its link itself: a revoked or expired link answers 403 here (nothing
  // written), where the gate's 404 serves every other route. Checked before the body is read.
  const decisionLinks = new WeakMap<FastifyRequest, { link: UsableLink; viewer: Awaited<ReturnType<typeof sharedLinkRequest>>['viewer'] }>();
  typed.post(
    '/api/project-access/:token/files/:fileId/approval',
    {
      bodyLimit: 64 * 1024,
      preParsing: async (request) => {
        const via = await sharedLinkRequest(platform, request as FastifyRequest<{ Params: { token: string } }>);
        decisionLinks.set(request, { link: await admitDecision(platform, via), viewer: via.viewer });
      },
      schema: { tags: ['sharing'], summary: 'Approve the newest version, or ask for changes (a comment required)', params: sharedFileParams, body: decideApprovalSchema, response: { 200: projectFileSchema, ...linkRouteErrors } },
    },
    async (request) => {
      const admitted = decisionLinks.get(request)!;
      return decideApproval(platform, admitted.link, admitted.viewer, request.params.fileId, request.body);
    },
  );

  typed.get(
    '/api/project-access/:token/files/:fileId/versions/:version/download',
    { config: { access: 'link-read', approvals: true }, schema: { tags: ['sharing'], summary: 'Download one version of a file of the shared project', params: sharedVersionParams } },
    async (request, reply) => {
      const { link, via, access } = request.sharedLink;
      await requireApprovalFile(platform, link, request.params.fileId, request.params.version);
      const file = await openVersionDownload(platform, storage, access, request.params.fileId, request.params.version);
      try {
        await recordSharedDownload(platform, link, via.viewer, file.fileName);
      } catch (error) {
        file.stream.destroy();
        throw error;
      }
      return sendDownload(reply, file);
    },
  );

  typed.get(
    '/api/project-access/:token/files/:fileId/thumbnail',
    { config: { access: 'link-read', approvals: true }, schema: { tags: ['sharing'], summary: "The newest version's thumbnail (WebP) of a shared file", params: sharedFileParams } },
    async (request, reply) => {
      await requireApprovalFile(platform, request.sharedLink.link, request.params.fileId);
      return sendPreview(reply, await openThumbnail(platform, storage, request.projectAccess, request.params.fileId, 'newest'));
    },
  );

  typed.get(
    '/api/project-access/:token/files/:fileId/download',
    { schema: { tags: ['sharing'], summary: 'Download a file of the shared project', params: sharedLinkParams.extend({ fileId }) } },
    async (request, reply) => {
      const linkRequest = await sharedLinkRequest(platform, request);
      const { link, access } = await resolveSharedWork(platform, linkRequest, 'approvals');
      await requireApprovalFile(platform, link, request.params.fileId);
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

// Sharing API (src/domain/sharing.ts describes it): share links and developer assignment for
// staff, and the shared project page's routes for anyone holding a link. The shared routes
// mirror the project page's and call the same services through a link's ProjectAccess.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addLinkSchema, FILE_MESSAGES, projectFileSchema } from '../../../domain/files';
import { NOTE_MESSAGES, noteContentSchema, sharedNoteSchema, toSharedNote } from '../../../domain/notes';
import {
  accessLinkSchema,
  accessOpenSchema,
  assignDeveloperSchema,
  assignmentResultSchema,
  createAccessLinkSchema,
  openSharedLinkSchema,
  projectDevelopersSchema,
  SHARING_MESSAGES,
  sharedProjectSchema,
} from '../../../domain/sharing';
import { TASK_MESSAGES, taskSchema } from '../../../domain/tasks';
import { text } from '../../../domain/text-fields';
import { findSession, requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { requireContributor } from '../../platform/project-access';
import type { Storage } from '../../platform/storage/storage';
import { readUploadedFile, registerUploads, sendDownload, uploadBodyLimit } from '../files/http';
import { addLink, listFiles, openDownload, uploadFile } from '../files/service';
import { addNote, deleteNote, editNote, listNotes } from '../notes/service';
import { listTasks, setTaskStatus } from '../tasks/service';
import { assignDeveloper, listProjectDevelopers, unassignDeveloper } from './assignment-service';
import { LINK_GRANT_COOKIE } from './link-grant';
import {
  getSharedProject,
  openSharedLink,
  readSharedLink,
  recordSharedDownload,
  resolveSharedLink,
  sharedLinkAccess,
  type SharedLinkRequest,
} from './shared-link-service';
import { createAccessLink, listAccessLinks, listAccessOpens, revokeAccessLink } from './staff-links-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  429: errorResponseSchema,
};
const tags = ['sharing'];
const projectParams = z.object({ projectId: z.uuid({ message: 'Project not found' }) });
const linkParams = projectParams.extend({ linkId: z.uuid({ message: SHARING_MESSAGES.linkNotFound }) });
const developerParams = projectParams.extend({ profileId: z.uuid({ message: SHARING_MESSAGES.notAssigned }) });
const tokenParams = z.object({ token: text('Link').max(200) });
const taskParams = tokenParams.extend({ taskId: z.uuid({ message: TASK_MESSAGES.notFound }) });
const noteParams = tokenParams.extend({ noteId: z.uuid({ message: NOTE_MESSAGES.notFound }) });
const fileParams = tokenParams.extend({ fileId: z.uuid({ message: FILE_MESSAGES.notFound }) });

export async function sharingRoutes(app: FastifyInstance, options: { platform: Platform; storage?: Storage }) {
  const { platform } = options;
  const storage = options.storage ?? platform.storage;
  await registerUploads(app, platform);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Staff of the project's organization.

  typed.get(
    '/api/projects/:projectId/access-links',
    { schema: { tags, summary: 'Active share links, newest first, with open counts (staff)', params: projectParams, response: { 200: z.object({ items: z.array(accessLinkSchema) }), ...errors } } },
    async (request) => ({ items: await listAccessLinks(platform, await requireActor(platform, request), request.params.projectId) }),
  );

  typed.post(
    '/api/projects/:projectId/access-links',
    { schema: { tags, summary: 'Generate a share link, optionally with a password and an expiry (staff)', params: projectParams, body: createAccessLinkSchema, response: { 201: accessLinkSchema, ...errors } } },
    async (request, reply) => {
      const link = await createAccessLink(platform, await requireActor(platform, request), request.params.projectId, request.body);
      return reply.status(201).send(link);
    },
  );

  typed.post(
    '/api/projects/:projectId/access-links/:linkId/revoke',
    { schema: { tags, summary: 'Revoke a share link for good (staff)', params: linkParams, response: { 200: z.object({ revoked: z.literal(true) }), ...errors } } },
    async (request) => {
      await revokeAccessLink(platform, await requireActor(platform, request), request.params.projectId, request.params.linkId);
      return { revoked: true as const };
    },
  );

  typed.get(
    '/api/projects/:projectId/access-links/:linkId/opens',
    { schema: { tags, summary: 'Who opened a share link and when, newest first (staff)', params: linkParams, response: { 200: z.object({ items: z.array(accessOpenSchema), total: z.number() }), ...errors } } },
    async (request) =>
      listAccessOpens(platform, await requireActor(platform, request), request.params.projectId, request.params.linkId),
  );

  typed.get(
    '/api/projects/:projectId/developers',
    { schema: { tags, summary: 'Developers assigned to the project and those who could be (staff)', params: projectParams, response: { 200: projectDevelopersSchema, ...errors } } },
    async (request) => listProjectDevelopers(platform, await requireActor(platform, request), request.params.projectId),
  );

  typed.post(
    '/api/projects/:projectId/developers',
    { schema: { tags, summary: 'Assign a developer: access, their own share link, an email (staff)', params: projectParams, body: assignDeveloperSchema, response: { 201: assignmentResultSchema, ...errors } } },
    async (request, reply) => {
      const result = await assignDeveloper(platform, await requireActor(platform, request), request.params.projectId, request.body);
      return reply.status(201).send(result);
    },
  );

  typed.delete(
    '/api/projects/:projectId/developers/:profileId',
    { schema: { tags, summary: "Unassign a developer and revoke their link (staff)", params: developerParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await unassignDeveloper(platform, await requireActor(platform, request), request.params.projectId, request.params.profileId);
      return reply.status(204).send(null);
    },
  );

  // Anyone holding the link.

  const linkRequest = async (request: FastifyRequest<{ Params: { token: string } }>): Promise<SharedLinkRequest> => ({
    token: request.params.token,
    grant: request.cookies[LINK_GRANT_COOKIE],
    viewer: (await findSession(platform, request))?.actor ?? null,
    address: request.ip,
  });
  // Writes check access; reads also leave an hourly entry in the link's access log.
  const access = async (request: FastifyRequest<{ Params: { token: string } }>) => sharedLinkAccess(platform, await linkRequest(request));
  const readAccess = async (request: FastifyRequest<{ Params: { token: string } }>) =>
    (await readSharedLink(platform, await linkRequest(request))).access;

  typed.post(
    '/api/project-access/:token/session',
    {
      schema: {
        tags,
        summary: 'Open a share link (records the open); a protected link takes its password once and then a grant cookie',
        params: tokenParams,
        body: openSharedLinkSchema.nullish(),
        response: { 200: sharedProjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { project, grant } = await openSharedLink(platform, {
        ...(await linkRequest(request)),
        password: request.body?.password || null,
      });
      if (grant) {
        reply.setCookie(LINK_GRANT_COOKIE, grant.value, {
          path: `/api/project-access/${request.params.token}`,
          httpOnly: true,
          sameSite: 'lax',
          secure: platform.config.publicUrl.startsWith('https:'),
          expires: grant.expiresAt,
        });
      }
      return project;
    },
  );

  typed.get(
    '/api/project-access/:token',
    { schema: { tags, summary: 'The shared project (nothing recorded)', params: tokenParams, response: { 200: sharedProjectSchema, ...errors } } },
    async (request) => getSharedProject(platform, await linkRequest(request)),
  );

  typed.get(
    '/api/project-access/:token/tasks',
    { schema: { tags, summary: "The shared project's tasks", params: tokenParams, response: { 200: z.object({ items: z.array(taskSchema) }), ...errors } } },
    async (request) => ({ items: await listTasks(platform, await readAccess(request)) }),
  );

  typed.patch(
    '/api/project-access/:token/tasks/:taskId',
    {
      schema: {
        tags,
        summary: 'Toggle a task (signed in)',
        params: taskParams,
        body: z.object({ status: z.enum(['pending', 'completed']) }),
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) => setTaskStatus(platform, await access(request), request.params.taskId, request.body.status),
  );

  typed.get(
    '/api/project-access/:token/files',
    { schema: { tags, summary: "The shared project's files and links", params: tokenParams, response: { 200: z.object({ items: z.array(projectFileSchema) }), ...errors } } },
    async (request) => ({ items: await listFiles(platform, await readAccess(request)) }),
  );

  typed.post(
    '/api/project-access/:token/files',
    {
      bodyLimit: uploadBodyLimit(platform),
      schema: { tags, summary: 'Upload one file (multipart field "file"; signed in)', params: tokenParams, consumes: ['multipart/form-data'], response: { 201: projectFileSchema, ...errors } },
    },
    async (request, reply) => {
      const projectAccess = await access(request);
      // Refuse a signed-out upload before reading its body.
      requireContributor(projectAccess);
      const file = await uploadFile(platform, storage, projectAccess, await readUploadedFile(platform, request));
      return reply.status(201).send(file);
    },
  );

  typed.post(
    '/api/project-access/:token/links',
    { schema: { tags, summary: 'Add a link (signed in)', params: tokenParams, body: addLinkSchema, response: { 201: projectFileSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await addLink(platform, await access(request), request.body)),
  );

  typed.get(
    '/api/project-access/:token/files/:fileId/download',
    { schema: { tags, summary: 'Download a file of the shared project', params: fileParams } },
    async (request, reply) => {
      const linkRequestOf = await linkRequest(request);
      const { link, access: projectAccess } = await resolveSharedLink(platform, linkRequestOf);
      const file = await openDownload(platform, storage, projectAccess, request.params.fileId);
      try {
        await recordSharedDownload(platform, link, linkRequestOf.viewer, file.fileName);
      } catch (error) {
        file.stream.destroy();
        throw error;
      }
      return sendDownload(reply, file);
    },
  );

  typed.get(
    '/api/project-access/:token/notes',
    { schema: { tags, summary: "The shared project's notes", params: tokenParams, response: { 200: z.object({ items: z.array(sharedNoteSchema) }), ...errors } } },
    async (request) => ({ items: (await listNotes(platform, await readAccess(request))).map(toSharedNote) }),
  );

  typed.post(
    '/api/project-access/:token/notes',
    { schema: { tags, summary: 'Add a note (signed in)', params: tokenParams, body: noteContentSchema, response: { 201: sharedNoteSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(toSharedNote(await addNote(platform, await access(request), request.body))),
  );

  typed.patch(
    '/api/project-access/:token/notes/:noteId',
    { schema: { tags, summary: 'Edit your own note (signed in)', params: noteParams, body: noteContentSchema, response: { 200: sharedNoteSchema, ...errors } } },
    async (request) => toSharedNote(await editNote(platform, await access(request), request.params.noteId, request.body)),
  );

  typed.delete(
    '/api/project-access/:token/notes/:noteId',
    { schema: { tags, summary: 'Delete your own note (signed in)', params: noteParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteNote(platform, await access(request), request.params.noteId);
      return reply.status(204).send(null);
    },
  );
}

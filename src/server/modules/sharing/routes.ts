// Sharing API (src/domain/sharing.ts describes it): share links and developer assignment for
// staff, and opening a link for anyone holding it. The shared page's tasks, files and notes
// routes are their modules' own, through the project access gate's link access.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessLinkPageSchema,
  accessLinkSchema,
  accessOpenPageSchema,
  assignDeveloperSchema,
  assignedDeveloperPageSchema,
  assignmentResultSchema,
  createAccessLinkSchema,
  developerPageSchema,
  openSharedLinkSchema,
  SHARING_MESSAGES,
  sharedProjectSchema,
} from '../../../domain/sharing';
import { optionListQuerySchema } from '../../../domain/option-lists';
import { projectListQuerySchema } from '../../../domain/project-lists';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { projectParams } from '../../services/project-access/member';
import { assignDeveloper, listAssignedDevelopers, listAvailableDevelopers, unassignDeveloper } from './assignment-service';
import { LINK_GRANT_COOKIE } from '../../services/project-access/link-grant';
import { sharedLinkParams as tokenParams, sharedLinkRequest } from '../../services/project-access/link';
import { getSharedProject, openSharedLink } from './shared-link-service';
import { createAccessLink, listAccessLinks, listAccessOpens, revokeAccessLink } from './staff-links-service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['sharing'];
const linkParams = projectParams.extend({ linkId: z.uuid({ message: SHARING_MESSAGES.linkNotFound.id }) });
const developerParams = projectParams.extend({ profileId: z.uuid({ message: SHARING_MESSAGES.notAssigned.id }) });

export async function sharingRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  // Staff of the project's organization.

  typed.get(
    '/api/projects/:projectId/access-links',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A page of the active share links, newest first, with open counts (staff)',
        params: projectParams,
        querystring: projectListQuerySchema,
        response: { 200: accessLinkPageSchema, ...errors },
      },
    },
    async (request) => listAccessLinks(platform, request.actor, request.params.projectId, request.query),
  );

  typed.post(
    '/api/projects/:projectId/access-links',
    { config: { access: 'member' }, schema: { tags, summary: 'Generate a share link, optionally with a password and an expiry (staff)', params: projectParams, body: createAccessLinkSchema, response: { 201: accessLinkSchema, ...errors } } },
    async (request, reply) => {
      const link = await createAccessLink(platform, request.actor, request.params.projectId, request.body);
      return reply.status(201).send(link);
    },
  );

  typed.post(
    '/api/projects/:projectId/access-links/:linkId/revoke',
    { config: { access: 'member' }, schema: { tags, summary: 'Revoke a share link for good (staff)', params: linkParams, response: { 200: z.object({ revoked: z.literal(true) }), ...errors } } },
    async (request) => {
      await revokeAccessLink(platform, request.actor, request.params.projectId, request.params.linkId);
      return { revoked: true as const };
    },
  );

  typed.get(
    '/api/projects/:projectId/access-links/:linkId/opens',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A page of who opened a share link and when, newest first, and how many entries (staff)',
        params: linkParams,
        querystring: projectListQuerySchema,
        response: { 200: accessOpenPageSchema, ...errors },
      },
    },
    async (request) => listAccessOpens(platform, request.actor, request.params.projectId, request.params.linkId, request.query),
  );

  typed.get(
    '/api/projects/:projectId/developers',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A page of the developers assigned to the project, in the order they were assigned (staff)',
        params: projectParams,
        querystring: projectListQuerySchema,
        response: { 200: assignedDeveloperPageSchema, ...errors },
      },
    },
    async (request) => listAssignedDevelopers(platform, request.actor, request.params.projectId, request.query),
  );

  typed.get(
    '/api/projects/:projectId/developers/available',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "A page of the organization's developers who could be assigned to the project, by name (staff)",
        params: projectParams,
        querystring: optionListQuerySchema,
        response: { 200: developerPageSchema, ...errors },
      },
    },
    async (request) => listAvailableDevelopers(platform, request.actor, request.params.projectId, request.query),
  );

  typed.post(
    '/api/projects/:projectId/developers',
    { config: { access: 'member' }, schema: { tags, summary: 'Assign a developer: access, their own share link, an email (staff)', params: projectParams, body: assignDeveloperSchema, response: { 201: assignmentResultSchema, ...errors } } },
    async (request, reply) => {
      const result = await assignDeveloper(platform, request.actor, request.params.projectId, request.body);
      return reply.status(201).send(result);
    },
  );

  typed.delete(
    '/api/projects/:projectId/developers/:profileId',
    { config: { access: 'member' }, schema: { tags, summary: "Unassign a developer and revoke their link (staff)", params: developerParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await unassignDeveloper(platform, request.actor, request.params.projectId, request.params.profileId);
      return reply.status(204).send(null);
    },
  );

  // Anyone holding the link.

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
        ...(await sharedLinkRequest(platform, request)),
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
    async (request) => getSharedProject(platform, await sharedLinkRequest(platform, request)),
  );
}

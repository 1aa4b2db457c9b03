// Team tab API (spec 2 "Team tab"). Thin routes: parse, call the service, answer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTeamMemberSchema,
  listTeamQuerySchema,
  memberProjectPageSchema,
  memberProjectsQuerySchema,
  TEAM_MESSAGES,
  teamMemberSchema,
  teamPageSchema,
  teamTagPageSchema,
  updateTeamMemberSchema,
} from '../../../domain/team';
import { optionListQuerySchema } from '../../../domain/option-lists';
import { enforceRateLimit } from '../../platform/auth/rate-limit';
import { type Actor } from '../../platform/auth/session';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { addTeamMember, getTeamMember, listMemberProjects, listTeamMembers, listTeamTags, removeTeamMember, updateTeamMember } from './service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const tags = ['team'];
const params = z.object({ memberId: z.uuid({ message: TEAM_MESSAGES.notFound.id }) });

/**
 * Issue 20: a request with an email can answer 'email taken' for an address of any organization,
 * so such requests are rate limited per user and per address.
 */
async function limitEmailLookups(platform: Platform, actor: Actor, email: string | null | undefined, address: string) {
  if (email) await enforceRateLimit(platform, 'member-email', { userId: actor.userId, address });
}

export async function teamRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/team',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Team members the caller may see, newest first, paginated; `tag` (repeatable) keeps members with any of the tags',
        querystring: listTeamQuerySchema,
        response: { 200: teamPageSchema, ...errors },
      },
    },
    async (request) => listTeamMembers(platform, request.actor, request.query),
  );

  typed.get(
    '/api/team/tags',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'A page of the skill tags used by the members the caller may see, each once, in text order (the suggestions are the web app\'s own)',
        querystring: optionListQuerySchema,
        response: { 200: teamTagPageSchema, ...errors },
      },
    },
    async (request) => listTeamTags(platform, request.actor, request.query),
  );

  typed.get(
    '/api/team/:memberId',
    { config: { access: 'member' }, schema: { tags, summary: 'A team member', params, response: { 200: teamMemberSchema, ...errors } } },
    async (request) => getTeamMember(platform, request.actor, request.params.memberId),
  );

  typed.get(
    '/api/team/:memberId/projects',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "A page of a developer member's assigned projects, by name (empty for other roles)",
        params,
        querystring: memberProjectsQuerySchema,
        response: { 200: memberProjectPageSchema, ...errors },
      },
    },
    async (request) => listMemberProjects(platform, request.actor, request.params.memberId, request.query),
  );

  typed.post(
    '/api/team',
    { config: { access: 'member' }, schema: { tags, summary: 'Add a team member', body: createTeamMemberSchema, response: { 201: teamMemberSchema, ...errors } } },
    async (request, reply) => {
      const actor = request.actor;
      await limitEmailLookups(platform, actor, request.body.email, request.ip);
      const member = await addTeamMember(platform, actor, request.body, { viaToken: request.actorSession.via === 'token' });
      return reply.status(201).send(member);
    },
  );

  typed.patch(
    '/api/team/:memberId',
    { config: { access: 'member' }, schema: { tags, summary: 'Edit a team member', params, body: updateTeamMemberSchema, response: { 200: teamMemberSchema, ...errors } } },
    async (request) => {
      const actor = request.actor;
      await limitEmailLookups(platform, actor, request.body.email, request.ip);
      return updateTeamMember(platform, actor, request.params.memberId, request.body, { viaToken: request.actorSession.via === 'token' });
    },
  );

  typed.delete(
    '/api/team/:memberId',
    { config: { access: 'member' }, schema: { tags, summary: 'Remove a team member and their login', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeTeamMember(platform, request.actor, request.params.memberId);
      return reply.status(204).send(null);
    },
  );
}

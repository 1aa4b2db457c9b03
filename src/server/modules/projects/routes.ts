// Projects tab API (spec 2 "Projects tab", "Create Project dialog"). Thin routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeProjectStatusSchema,
  createProjectSchema,
  listProjectsQuerySchema,
  projectCardSchema,
  projectPageSchema,
} from '../../../domain/projects';
import { EXPORT_MESSAGES, EXPORT_PAGE_SIZE, exportProjectsQuerySchema, PROJECT_EXPORT_COLUMNS } from '../../../domain/csv-export';
import { canManageProjects } from '../../../domain/roles';
import { csvFileSchema, sendCsvPages } from '../../platform/csv-response';
import { documentLocale } from '../../services/request-context';
import { errorResponses, forbidden } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { BODY_LIMITS } from '../../platform/request-bodies';
import { projectParams } from '../../services/project-access/member';
import { changeProjectStatus, createProject, deleteProject, listProjects } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['projects'];

export async function projectRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Projects the caller can see, newest first, searched, filtered and paginated',
        querystring: listProjectsQuerySchema,
        response: { 200: projectPageSchema, ...errors },
      },
    },
    async (request) => listProjects(platform, request.actor, request.query),
  );

  typed.get(
    '/api/projects/export',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Every project matching the search and filter, as a CSV download (staff; developers never export)',
        querystring: exportProjectsQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      if (!canManageProjects(actor.role)) throw forbidden(EXPORT_MESSAGES.forbidden);
      return sendCsvPages(reply, { list: 'projects', clock: platform.clock, locale: await documentLocale(platform, request) }, PROJECT_EXPORT_COLUMNS, (cursor) =>
        listProjects(platform, actor, { approval: 'all', ...request.query, cursor, limit: EXPORT_PAGE_SIZE }),
      );
    },
  );

  typed.post(
    '/api/projects',
    { config: { access: 'member' }, bodyLimit: BODY_LIMITS.questionnaire, schema: { tags, summary: 'Create a project', body: createProjectSchema, response: { 201: projectCardSchema, ...errors } } },
    async (request, reply) => {
      const project = await createProject(platform, request.actor, request.body);
      return reply.status(201).send(project);
    },
  );

  typed.patch(
    '/api/projects/:projectId/status',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mark a project completed or on hold (the card buttons)',
        params: projectParams,
        body: changeProjectStatusSchema,
        response: { 200: projectCardSchema, ...errors },
      },
    },
    async (request) =>
      changeProjectStatus(platform, request.actor, request.params.projectId, request.body.status),
  );

  typed.delete(
    '/api/projects/:projectId',
    { config: { access: 'member' }, schema: { tags, summary: 'Delete a project and everything in it', params: projectParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const leftBehind = await deleteProject(platform, request.actor, request.params.projectId);
      if (leftBehind.length) request.log.error({ keys: leftBehind }, 'stored files of a deleted project could not be removed');
      return reply.status(204).send(null);
    },
  );
}

// Project page API (spec 2 "Project detail page"): the project and its Project Info edit form.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { projectDetailSchema, updateProjectResultSchema, updateProjectSchema } from '../../../domain/project-details';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { projectParams } from '../../services/project-access/member';
import { getProjectDetail, updateProject } from './detail-service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['projects'];

export async function projectDetailRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects/:projectId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'One project with its client name, for the project page',
        params: projectParams,
        response: { 200: projectDetailSchema, ...errors },
      },
    },
    async (request) => getProjectDetail(platform, request.actor, request.params.projectId),
  );

  typed.patch(
    '/api/projects/:projectId',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Edit a project (Project Info form); a due date after today forces status active',
        params: projectParams,
        body: updateProjectSchema,
        response: { 200: updateProjectResultSchema, ...errors },
      },
    },
    async (request) =>
      updateProject(platform, request.actor, request.params.projectId, request.body),
  );
}

// Project page API (spec 2 "Project detail page"): the project and its Project Info edit form.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectDetailSchema, updateProjectResultSchema, updateProjectSchema } from '../../../domain/project-details';
import { requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { getProjectDetail, updateProject } from './detail-service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['projects'];
const projectParams = z.object({ projectId: z.uuid({ message: 'Project not found' }) });

export async function projectDetailRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects/:projectId',
    {
      schema: {
        tags,
        summary: 'One project with its client name, for the project page',
        params: projectParams,
        response: { 200: projectDetailSchema, ...errors },
      },
    },
    async (request) => getProjectDetail(platform, await requireActor(platform, request), request.params.projectId),
  );

  typed.patch(
    '/api/projects/:projectId',
    {
      schema: {
        tags,
        summary: 'Edit a project (Project Info form); a due date after today forces status active',
        params: projectParams,
        body: updateProjectSchema,
        response: { 200: updateProjectResultSchema, ...errors },
      },
    },
    async (request) =>
      updateProject(platform, await requireActor(platform, request), request.params.projectId, request.body),
  );
}

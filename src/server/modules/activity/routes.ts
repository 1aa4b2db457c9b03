// Activities tab API (spec 2 "Activities tab", 7 "Read"). Thin route.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPageSchema, listActivitiesQuerySchema } from '../../../domain/activity';
import { TASK_MESSAGES } from '../../../domain/tasks';
import { projectListQuerySchema } from '../../../domain/project-lists';
import { z } from 'zod';
import { ACTIVITY_EXPORT_COLUMNS, EXPORT_PAGE_SIZE, exportActivitiesQuerySchema } from '../../../domain/csv-export';
import { csvFileSchema, sendCsvPages } from '../../platform/csv-response';
import { documentLocale } from '../../services/request-context';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { projectParams } from '../../services/project-access/member';
import { listActivities, listTaskActivity } from './service';

const errors = errorResponses(400, 401, 403);

export async function activityRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/activities',
    {
      config: { access: 'member' },
      schema: {
        tags: ['activity'],
        summary: "The organization's activity log, newest first, searched, filtered by action and paginated",
        querystring: listActivitiesQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (request) => listActivities(platform, request.actor, request.query),
  );

  typed.get(
    '/api/projects/:projectId/tasks/:taskId/activity',
    {
      config: { access: 'member-project' },
      schema: {
        tags: ['activity'],
        summary: "A page of a task's own activity, newest first (staff)",
        params: projectParams.extend({ taskId: z.uuid({ message: TASK_MESSAGES.notFound.id }) }),
        querystring: projectListQuerySchema,
        response: { 200: activityPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listTaskActivity(platform, request.projectAccess, request.params.taskId, request.query),
  );

  typed.get(
    '/api/activities/export',
    {
      config: { access: 'member' },
      schema: {
        tags: ['activity'],
        summary: 'Every log entry matching the search and action filter, as a CSV download (admins and account executives)',
        querystring: exportActivitiesQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      const actor = request.actor;
      return sendCsvPages(reply, { list: 'activity', clock: platform.clock, locale: await documentLocale(platform, request) }, ACTIVITY_EXPORT_COLUMNS, (cursor) =>
        listActivities(platform, actor, { ...request.query, cursor, limit: EXPORT_PAGE_SIZE }),
      );
    },
  );
}

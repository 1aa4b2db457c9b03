// Activities tab API (spec 2 "Activities tab", 7 "Read"). Thin route.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityPageSchema, listActivitiesQuerySchema } from '../../../domain/activity';
import { requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { listActivities } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export async function activityRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/activities',
    {
      schema: {
        tags: ['activity'],
        summary: "The organization's activity log, newest first, searched, filtered by action and paginated",
        querystring: listActivitiesQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (request) => listActivities(platform, await requireActor(platform, request), request.query),
  );
}

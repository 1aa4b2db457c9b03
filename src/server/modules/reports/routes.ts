// Reports tab API (spec 2 "Reports tab"). Thin route.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportSchema } from '../../../domain/reports';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { buildReport } from './service';

const errors = errorResponses(400, 401, 403);

export async function reportRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/reports',
    {
      config: { access: 'member' },
      schema: {
        tags: ['reports'],
        summary: "Counts and completion rates of the organization's projects, clients and tasks created in the range",
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) => buildReport(platform, request.actor, request.query),
  );
}

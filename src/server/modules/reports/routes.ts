// Reports tab API (spec 2 "Reports tab"). Thin route.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportSchema } from '../../../domain/reports';
import { requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { buildReport } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export async function reportRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/reports',
    {
      schema: {
        tags: ['reports'],
        summary: "Counts and completion rates of the organization's projects, clients and tasks created in the range",
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) => buildReport(platform, await requireActor(platform, request), request.query),
  );
}

// The organization's search (issue 34, decision 035). Thin route: parse, search, answer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { searchAnswerSchema, searchQuerySchema } from '../../../domain/search';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { searchOrganization } from './service';

const errors = errorResponses(400, 401, 403);
const tags = ['search'];

export async function searchRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/search',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Search the organization: projects, tasks, comments, notes, file names, and for staff clients, templates and members; only what the caller may see, grouped by kind, the matching words as [start, end) marks',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema, ...errors },
      },
    },
    async (request) => searchOrganization(platform.database, request.actor, request.query.q),
  );
}

// Settings -> Sessions (issue 31 item 5). Signed in only: an API token is not a browser session
// and may neither list nor end them (`tokens: false`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_TEXTS, sessionSchema } from '../../../domain/sessions';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { endOtherSessions, endSession, listSessions } from './service';
import { requestLocale } from '../../services/request-context';

const tags = ['settings'];
const errors = errorResponses(400, 401, 403, 404);
const config = { access: 'member' as const, tokens: false as const };

export async function sessionRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/settings/sessions',
    { config, schema: { tags, summary: 'Your live sessions, this one first', response: { 200: z.array(sessionSchema), ...errors } } },
    // Issue 48: a device described in the reader's language ("Chrome 131 unter Linux").
    async (request) => listSessions(platform, request.actorSession, await requestLocale(platform, request)),
  );

  typed.delete(
    '/api/settings/sessions/:sessionId',
    {
      config,
      schema: {
        tags,
        summary: 'End one of your other sessions; that browser is signed out at once',
        // better-auth's ids are URL-safe letters and digits; anything else names no session.
        params: z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, SESSION_TEXTS.notFound.id) }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await endSession(platform, request.actorSession, request.params.sessionId);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/settings/sessions/end-others',
    { config, schema: { tags, summary: 'End every session but this one', response: { 200: z.object({ ended: z.number() }), ...errors } } },
    async (request) => endOtherSessions(platform, request.actorSession),
  );
}

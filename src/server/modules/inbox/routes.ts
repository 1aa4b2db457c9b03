// Inbox API (issue 16; src/domain/inbox.ts): a member's own notifications.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inboxPageSchema, inboxQuerySchema, markReadSchema } from '../../../domain/inbox';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { listInbox, markRead } from './service';

const tags = ['inbox'];
const errors = errorResponses(400, 401);

export async function inboxRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/inbox',
    { config: { access: 'member' }, schema: { tags, summary: "The caller's notifications, newest first, with the unread count", querystring: inboxQuerySchema, response: { 200: inboxPageSchema, ...errors } } },
    async (request) => listInbox(platform, request.actor, request.query.cursor),
  );

  typed.post(
    '/api/inbox/read',
    { config: { access: 'member' }, schema: { tags, summary: 'Mark notifications read: some by id, or all', body: markReadSchema, response: { 200: z.object({ unread: z.number().int() }), ...errors } } },
    async (request) => markRead(platform, request.actor, request.body),
  );
}

// The dev mailbox: with no SMTP configured every email stays in the outbox, and here a developer
// (or an end-to-end test) reads verification codes and reset links. It exists only then: with
// SMTP_URL set, or in production, both routes answer 404, since the outbox holds other people's
// sign-in secrets. It also answers only callers on this machine (decision 006): the socket's
// peer must be loopback, whatever X-Forwarded-For says.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../domain/text-fields';
import { errorResponseSchema, notFound } from '../../platform/errors';
import { isLoopbackRequest } from '../../platform/loopback';
import type { Platform } from '../../platform/platform';
import { renderMailboxPage } from './page';
import { listMailboxMessages } from './service';

const mailboxQuery = z.object({ to: text().trim().max(320).optional() });

const mailboxResponse = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      createdAt: z.iso.datetime(),
    }),
  ),
});

export function isDevMailboxEnabled(platform: Platform): boolean {
  return !platform.config.smtpUrl && platform.config.env !== 'production';
}

export async function devMailboxRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const disabled = () =>
    notFound('The dev mailbox is available only in development with no SMTP server configured, from this machine.');
  const allowed = (request: FastifyRequest) => isDevMailboxEnabled(platform) && isLoopbackRequest(request);

  typed.get(
    '/api/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Newest outbox emails (only when no SMTP server is configured)',
        querystring: mailboxQuery,
        response: { 200: mailboxResponse, 404: errorResponseSchema },
      },
    },
    async (request) => {
      if (!allowed(request)) throw disabled();
      const messages = await listMailboxMessages(platform.db, { to: request.query.to });
      return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
    },
  );

  typed.get(
    '/dev/mailbox',
    { schema: { hide: true, querystring: mailboxQuery } },
    async (request, reply) => {
      if (!allowed(request)) throw disabled();
      const messages = await listMailboxMessages(platform.db, { to: request.query.to });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderMailboxPage(messages, request.query.to ?? ''));
    },
  );
}

// Webhook routes (issue 30 item 2): the organization's admins only (the service checks the role).
// Open to API tokens of admins, so a deployment script can set its own hook up.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectListPageSchema, projectListQuerySchema } from '../../../domain/project-lists';
import { createWebhookSchema, updateWebhookSchema, WEBHOOK_TEXTS, webhookDeliverySchema, webhookSchema, webhookWithSecretSchema } from '../../../domain/webhooks';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { requestLocale } from '../../services/request-context';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, redeliver, rollWebhookSecret, sendTestEvent, updateWebhook } from './service';

const tags = ['webhooks'];
const errors = errorResponses(400, 401, 403, 404);
const hookParams = z.object({ webhookId: z.uuid({ message: WEBHOOK_TEXTS.notFound.id }) });
const deliveryParams = hookParams.extend({ deliveryId: z.uuid({ message: WEBHOOK_TEXTS.deliveryNotFound.id }) });
const access = { access: 'member' as const };

export async function webhookRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/webhooks',
    { config: access, schema: { tags, summary: "The organization's webhooks, oldest first, with their latest delivery (never their secrets)", response: { 200: z.array(webhookSchema), ...errors } } },
    async (request) => listWebhooks(platform, request.actor),
  );

  typed.post(
    '/api/webhooks',
    {
      config: access,
      schema: {
        tags,
        summary: 'Add a webhook; the answer holds its signing secret, this once',
        description: 'The URL must reach a public address (unless the server sets WEBHOOK_ALLOW_PRIVATE): 400 webhook_url_refused otherwise.',
        body: createWebhookSchema,
        response: { 201: webhookWithSecretSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createWebhook(platform, request.actor, request.body)),
  );

  typed.patch(
    '/api/webhooks/:webhookId',
    { config: access, schema: { tags, summary: 'Change a webhook, or turn it on or off', params: hookParams, body: updateWebhookSchema, response: { 200: webhookSchema, ...errors } } },
    async (request) => updateWebhook(platform, request.actor, request.params.webhookId, request.body),
  );

  typed.post(
    '/api/webhooks/:webhookId/secret',
    { config: access, schema: { tags, summary: 'Make a new signing secret, in use at once; the answer holds it, this once', params: hookParams, response: { 200: webhookWithSecretSchema, ...errors } } },
    async (request) => rollWebhookSecret(platform, request.actor, request.params.webhookId),
  );

  typed.delete(
    '/api/webhooks/:webhookId',
    { config: access, schema: { tags, summary: 'Delete a webhook and its delivery log', params: hookParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteWebhook(platform, request.actor, request.params.webhookId);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/webhooks/:webhookId/deliveries',
    {
      config: access,
      schema: { tags, summary: "One page of a webhook's delivery log, newest first", params: hookParams, querystring: projectListQuerySchema, response: { 200: projectListPageSchema(webhookDeliverySchema), ...errors } },
    },
    async (request) => listDeliveries(platform, request.actor, request.params.webhookId, request.query, await requestLocale(platform, request)),
  );

  typed.post(
    '/api/webhooks/:webhookId/test',
    { config: access, schema: { tags, summary: 'Queue a ping event to the webhook, on or off', params: hookParams, response: { 201: webhookDeliverySchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await sendTestEvent(platform, request.actor, request.params.webhookId)),
  );

  typed.post(
    '/api/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    { config: access, schema: { tags, summary: "Send a delivery's event again (same event id and body)", params: deliveryParams, response: { 201: webhookDeliverySchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await redeliver(platform, request.actor, request.params.webhookId, request.params.deliveryId)),
  );
}

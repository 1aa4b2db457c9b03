// The requests a webhook receiver gets, for the OpenAPI document's `webhooks` (OpenAPI 3.1): one
// entry per event type, its body the envelope with `data` in the same shape the API answers,
// generated from the event catalogue's payload schemas.
import { z } from 'zod';
import { webhookPayloadSchema } from '../../../domain/events';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FAMILIES,
  WEBHOOK_SIGNATURE_HEADER,
  webhookEnvelopeSchema,
  type WebhookEventType,
} from '../../../domain/webhooks';

const pingSchema = z.object({ webhook: z.object({ id: z.string(), url: z.string(), events: z.array(z.enum(WEBHOOK_FAMILIES)) }) });

/**
 * What `data` holds for each event type: the payload schema the event catalogue declares
 * (domain/events.ts, issue 47), the same one emit checks payloads against in tests.
 */
export const WEBHOOK_DATA_SCHEMAS: Record<WebhookEventType, z.ZodType> = {
  ...(Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, webhookPayloadSchema(type)])) as Record<Exclude<WebhookEventType, 'ping'>, z.ZodType>),
  ping: pingSchema,
};

const SUMMARIES: Record<WebhookEventType, string> = {
  'project.created': 'A project was created',
  'project.updated': 'A project was edited or its status changed',
  'project.deleted': 'A project was deleted (its card as it was)',
  'client.created': 'A client was added',
  'client.updated': 'A client was edited',
  'task.created': 'A task was added',
  'task.updated': 'A task was edited, moved or reassigned',
  'task.completed': 'A task was marked complete',
  'comment.created': 'A comment was posted on a task',
  'comment.updated': 'A comment was edited',
  'comment.deleted': 'A comment was deleted',
  'file.created': 'A file was uploaded or a link added',
  'file.deleted': 'A file or link was deleted',
  'intake.submitted': 'A questionnaire was submitted through a share link',
  'member.added': 'A team member was added',
  'member.updated': 'A team member was edited',
  'member.removed': 'A team member was removed',
  ping: 'Send test event',
};

const headers = {
  [WEBHOOK_SIGNATURE_HEADER]: {
    required: true,
    description: 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the signing secret>. Refuse a t far from now.',
    schema: { type: 'string' },
  },
  'Brieflane-Event': { required: true, description: 'The event type', schema: { type: 'string' } },
  'Brieflane-Event-Id': { required: true, description: 'The event id: the same on a retry or a Redeliver', schema: { type: 'string' } },
  'Brieflane-Delivery': { required: true, description: 'This delivery', schema: { type: 'string' } },
};

/** The document's `webhooks`: an entry per event type. */
export function webhookDocs(): Record<string, object> {
  const types: WebhookEventType[] = [...WEBHOOK_EVENT_TYPES, 'ping'];
  return Object.fromEntries(
    types.map((type) => {
      const body = webhookEnvelopeSchema.extend({ type: z.literal(type), data: WEBHOOK_DATA_SCHEMAS[type] });
      return [
        type,
        {
          post: {
            tags: ['webhooks'],
            summary: SUMMARIES[type],
            description: 'Answer 2xx within 10 seconds. Anything else is retried with growing pauses for 24 hours; a hook failing that long is turned off.',
            parameters: Object.entries(headers).map(([name, header]) => ({ name, in: 'header', ...header })),
            requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(body, { io: 'output', unrepresentable: 'any' }) } } },
            responses: { '2XX': { description: 'Received' } },
          },
        },
      ];
    }),
  );
}

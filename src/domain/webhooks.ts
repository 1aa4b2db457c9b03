// Outgoing webhooks (issue 30 item 2): an organization's admins name a URL and the kinds of
// change to send there; every such change is posted as signed JSON. The kinds, the texts and the
// shapes shared by the server, the web app and the OpenAPI document live here.
import { z } from 'zod';
import type { Text } from './locales';
import { text } from './text-fields';

/** What a hook subscribes to: one family covers its created/updated/deleted events. */
export const WEBHOOK_FAMILIES = ['project', 'client', 'task', 'comment', 'file', 'intake', 'member'] as const;
export type WebhookFamily = (typeof WEBHOOK_FAMILIES)[number];

/** Every event a hook may receive, `family.verb`; `ping` only from Send test event. */
export const WEBHOOK_EVENT_TYPES = [
  'project.created',
  'project.updated',
  'project.deleted',
  'client.created',
  'client.updated',
  'task.created',
  'task.updated',
  'task.completed',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'file.created',
  'file.deleted',
  'intake.submitted',
  'member.added',
  'member.updated',
  'member.removed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | 'ping';

export function familyOf(type: WebhookEventType): WebhookFamily | null {
  if (type === 'ping') return null;
  return type.slice(0, type.indexOf('.')) as WebhookFamily;
}

/** Hooks an organization may hold. */
export const WEBHOOKS_PER_ORGANIZATION = 20;

/** A delivery is retried with growing pauses for this long after its event, then given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A hook whose deliveries have failed without a success for this long is turned off. */
export const WEBHOOK_DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/**
 * The pause after the nth failed attempt: 30 s, 1 min, 2 min ... at most an hour, so a day holds
 * about 30 attempts. Jitter (a tenth either way) keeps many hooks from retrying in step.
 */
export function webhookRetryDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_MS);
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Brieflane-Signature';

export const WEBHOOK_TEXTS = {
  title: /*i18n*/ { id: 'domain.webhooks.title', message: 'Webhooks' },
  description: /*i18n*/ { id: 'domain.webhooks.description', message: 'Send a signed POST to another tool whenever something changes in the organization.' },
  add: /*i18n*/ { id: 'domain.webhooks.add', message: 'Add Webhook' },
  addTitle: /*i18n*/ { id: 'domain.webhooks.addTitle', message: 'Add Webhook' },
  editTitle: /*i18n*/ { id: 'domain.webhooks.editTitle', message: 'Edit Webhook' },
  edit: /*i18n*/ { id: 'domain.webhooks.edit', message: 'Edit' },
  url: /*i18n*/ { id: 'domain.webhooks.url', message: 'Payload URL' },
  urlPlaceholder: /*i18n*/ { id: 'domain.webhooks.urlPlaceholder', message: 'https://example.com/hooks/brieflane' },
  descriptionLabel: /*i18n*/ { id: 'domain.webhooks.descriptionLabel', message: 'Description' },
  descriptionPlaceholder: /*i18n*/ { id: 'domain.webhooks.descriptionPlaceholder', message: 'e.g. Slack bot' },
  events: /*i18n*/ { id: 'domain.webhooks.events', message: 'Events' },
  eventsHint: /*i18n*/ { id: 'domain.webhooks.eventsHint', message: 'Send these kinds of change' },
  families: {
    project: /*i18n*/ { id: 'domain.webhooks.families.project', message: 'Projects' },
    client: /*i18n*/ { id: 'domain.webhooks.families.client', message: 'Clients' },
    task: /*i18n*/ { id: 'domain.webhooks.families.task', message: 'Tasks' },
    comment: /*i18n*/ { id: 'domain.webhooks.families.comment', message: 'Comments' },
    file: /*i18n*/ { id: 'domain.webhooks.families.file', message: 'Files and links' },
    intake: /*i18n*/ { id: 'domain.webhooks.families.intake', message: 'Questionnaire submitted' },
    member: /*i18n*/ { id: 'domain.webhooks.families.member', message: 'Team members' },
  } satisfies Record<WebhookFamily, Text>,
  save: /*i18n*/ { id: 'domain.webhooks.save', message: 'Save' },
  created: /*i18n*/ { id: 'domain.webhooks.created', message: 'Webhook added' },
  saved: /*i18n*/ { id: 'domain.webhooks.saved', message: 'Webhook saved' },
  secret: /*i18n*/ { id: 'domain.webhooks.secret', message: 'Signing secret' },
  secretShownOnce: /*i18n*/ { id: 'domain.webhooks.secretShownOnce', message: 'Copy it now: it won\'t be shown again. Check each request\'s Brieflane-Signature header with it.' },
  copy: /*i18n*/ { id: 'domain.webhooks.copy', message: 'Copy' },
  copied: /*i18n*/ { id: 'domain.webhooks.copied', message: 'Secret copied to the clipboard' },
  done: /*i18n*/ { id: 'domain.webhooks.done', message: 'Done' },
  rollSecret: /*i18n*/ { id: 'domain.webhooks.rollSecret', message: 'New Secret' },
  rollSecretTitle: /*i18n*/ { id: 'domain.webhooks.rollSecretTitle', message: 'New Signing Secret' },
  rollSecretConfirm: /*i18n*/ { id: 'domain.webhooks.rollSecretConfirm', message: 'Make a new signing secret? Requests are signed with the new one at once; the receiver must be given it.' },
  delete: /*i18n*/ { id: 'domain.webhooks.delete', message: 'Delete' },
  deleteTitle: /*i18n*/ { id: 'domain.webhooks.deleteTitle', message: 'Delete Webhook' },
  deleteConfirm: /*i18n*/ { id: 'domain.webhooks.deleteConfirm', message: 'Delete the webhook to {url}? Nothing more is sent there, and its delivery log goes too.' },
  deleted: /*i18n*/ { id: 'domain.webhooks.deleted', message: 'Webhook deleted' },
  enabled: /*i18n*/ { id: 'domain.webhooks.enabled', message: 'Active' },
  enable: /*i18n*/ { id: 'domain.webhooks.enable', message: 'Turn on' },
  disable: /*i18n*/ { id: 'domain.webhooks.disable', message: 'Turn off' },
  disabledFailing: /*i18n*/ { id: 'domain.webhooks.disabledFailing', message: 'Turned off after failing for 24 hours' },
  disabledByHand: /*i18n*/ { id: 'domain.webhooks.disabledByHand', message: 'Off' },
  sendTest: /*i18n*/ { id: 'domain.webhooks.sendTest', message: 'Send test event' },
  testQueued: /*i18n*/ { id: 'domain.webhooks.testQueued', message: 'Test event queued' },
  deliveries: /*i18n*/ { id: 'domain.webhooks.deliveries', message: 'Recent deliveries' },
  noDeliveries: /*i18n*/ { id: 'domain.webhooks.noDeliveries', message: 'Nothing sent yet' },
  loadMore: /*i18n*/ { id: 'domain.webhooks.loadMore', message: 'Load more deliveries' },
  redeliver: /*i18n*/ { id: 'domain.webhooks.redeliver', message: 'Redeliver' },
  response: /*i18n*/ { id: 'domain.webhooks.response', message: 'Answer from the receiver' },
  nextTry: /*i18n*/ { id: 'domain.webhooks.nextTry', message: 'Next try {when}' },
  attempts: /*i18n*/ { id: 'domain.webhooks.attempts', message: '{n, plural, one {# attempt} other {# attempts}}' },
  duration: /*i18n*/ { id: 'domain.webhooks.duration', message: '{ms} ms' },
  redelivered: /*i18n*/ { id: 'domain.webhooks.redelivered', message: 'Queued to send again' },
  empty: /*i18n*/ { id: 'domain.webhooks.empty', message: 'No webhooks yet' },
  loadFailed: /*i18n*/ { id: 'domain.webhooks.loadFailed', message: 'Failed to load webhooks' },
  adminsOnly: /*i18n*/ { id: 'domain.webhooks.adminsOnly', message: 'Only admins can manage webhooks.' },
  urlRequired: /*i18n*/ { id: 'domain.webhooks.urlRequired', message: 'Payload URL is required' },
  urlInvalid: /*i18n*/ { id: 'domain.webhooks.urlInvalid', message: 'Enter a URL starting with https:// or http://' },
  eventsRequired: /*i18n*/ { id: 'domain.webhooks.eventsRequired', message: 'Choose at least one kind of event' },
  tooMany: /*i18n*/ { id: 'domain.webhooks.tooMany', message: 'An organization can hold at most {max} webhooks; delete one first.' },
  // The forms' and the API's validation (zod carries the ids; decision 045).
  urlTooLong: /*i18n*/ { id: 'domain.webhooks.urlTooLong', message: 'Must be at most 2000 characters' },
  descriptionTooLong: /*i18n*/ { id: 'domain.webhooks.descriptionTooLong', message: 'Must be at most 200 characters' },
  nothingToChange: /*i18n*/ { id: 'domain.webhooks.nothingToChange', message: 'Nothing to change' },
  notFound: /*i18n*/ { id: 'domain.webhooks.notFound', message: 'Webhook not found' },
  deliveryNotFound: /*i18n*/ { id: 'domain.webhooks.deliveryNotFound', message: 'Delivery not found' },
  status: { pending: /*i18n*/ { id: 'domain.webhooks.status.pending', message: 'Pending' }, delivered: /*i18n*/ { id: 'domain.webhooks.status.delivered', message: 'Delivered' }, failed: /*i18n*/ { id: 'domain.webhooks.status.failed', message: 'Failed' } },
  disabledEmailSubject: /*i18n*/ { id: 'domain.webhooks.disabledEmailSubject', message: 'A webhook was turned off' },
  // A delivery's error as stored: the text's id (with its values), said in the reader's language
  // when the log is read (issue 48); other errors are the receiver's or the network's own words.
  droppedWhenOff: /*i18n*/ { id: 'domain.webhooks.droppedWhenOff', message: 'Not sent: the webhook was turned off' },
  receiverAnswered: /*i18n*/ { id: 'domain.webhooks.receiverAnswered', message: 'The receiver answered {status}' },
} as const;

const payloadUrl = text({ message: WEBHOOK_TEXTS.urlRequired.id })
  .trim()
  .min(1, WEBHOOK_TEXTS.urlRequired.id)
  .max(2000, WEBHOOK_TEXTS.urlTooLong.id)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  }, WEBHOOK_TEXTS.urlInvalid.id);

const families = z
  .array(z.enum(WEBHOOK_FAMILIES))
  .min(1, WEBHOOK_TEXTS.eventsRequired.id)
  .max(WEBHOOK_FAMILIES.length)
  .transform((list) => WEBHOOK_FAMILIES.filter((f) => list.includes(f)));

const webhookDescription = text().trim().max(200, WEBHOOK_TEXTS.descriptionTooLong.id);

export const createWebhookSchema = z.object({
  url: payloadUrl,
  description: webhookDescription.default(''),
  events: families,
});
export type CreateWebhookInput = z.input<typeof createWebhookSchema>;

export const updateWebhookSchema = z
  .object({ url: payloadUrl, description: webhookDescription, events: families, enabled: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, WEBHOOK_TEXTS.nothingToChange.id);
export type UpdateWebhookInput = z.input<typeof updateWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_FAMILIES)),
  enabled: z.boolean(),
  /** Why it is off: 'failing' (turned off by the server) or 'by_hand'; null when on. */
  disabledReason: z.enum(['failing', 'by_hand']).nullable(),
  /** Since when every delivery has failed; null after a success. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  lastDelivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), at: z.string(), responseStatus: z.number().nullable() })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** A hook just created, or its secret just renewed: the secret itself, this once. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  createdAt: z.string(),
  /** When the last attempt was made; null before the first. */
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  responseStatus: z.number().nullable(),
  durationMs: z.number().nullable(),
  /** The first 1 KB of the receiver's answer. */
  response: z.string().nullable(),
  error: z.string().nullable(),
  /** A Redeliver or a test event, rather than a change. */
  manual: z.boolean(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** What every request's body holds. */
export const webhookEnvelopeSchema = z.object({
  id: z.string().describe('The event id: the same on every delivery of this event, so a receiver can drop repeats'),
  type: z.string(),
  created: z.string().describe('When the change happened (ISO 8601)'),
  organization: z.object({ id: z.string() }),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;

/** intake.submitted: the answers of a questionnaire submitted through a link. */
export const intakeSubmittedEventSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  link: z.object({ id: z.string(), name: z.string().nullable() }),
  submittedAt: z.string(),
  /** The project's answers after the submission, by field id. */
  formData: z.record(z.string(), z.unknown()),
});
export type IntakeSubmittedEvent = z.infer<typeof intakeSubmittedEventSchema>;

/** comment.deleted, file.deleted's id-only fellows: what is left to name a deleted comment. */
export const deletedCommentEventSchema = z.object({ id: z.string(), taskId: z.string(), projectId: z.string() });

/** member.removed: the member who left. */
export const removedMemberEventSchema = z.object({ id: z.string(), fullName: z.string(), email: z.string().nullable(), role: z.string() });

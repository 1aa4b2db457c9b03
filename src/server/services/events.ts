// emit(tx, event) (issue 47 item 1): the one way a module tells the rest of the house that
// something happened. The catalogue (domain/events.ts) says what follows from each event; this
// writes it, in the caller's transaction, so all of it commits with the change or none of it does:
// the activity row, the live change on each of the event's topics, each member's news (inbox and
// email or digest, as their settings say) and the webhook deliveries.
import type { NotificationKind } from '../../domain/inbox';
import { eventSpec, type EventNotificationKind, type EventPayload, type EventType } from '../../domain/events';
import type { Executor } from '../platform/db/client';
import { activityLogs } from '../modules/activity/schema';
import { publishChange } from '../platform/realtime/publish-change';
import { deliver, type Delivery } from './outlets/notify';
import { emitWebhookEvent } from './outlets/webhooks';

/** One member's news from an event: of one of the kinds the event declares. */
export type EventDelivery<T extends EventType> = Omit<Delivery, 'organizationId' | 'kind'> & { kind: EventNotificationKind<T> };

export type Emitted<T extends EventType> = {
  type: T;
  organizationId: string;
  /** The project it happened on; its page hears a 'project' change. */
  projectId?: string | null;
  /** Who did it, for the activity row: null for the server itself or a share link's visitor. */
  actorId: string | null;
  /** When it happened (the platform's clock): the webhook's `created`, the news' time. */
  at: Date;
  /** The activity row's details, for an event the log records. */
  details?: Record<string, unknown> | null;
  /** The member a 'time' change is for (only their own tabs hear it). */
  memberId?: string | null;
  /** The members who hear of it, with what each is told. */
  notify?: EventDelivery<T>[];
} & ([EventPayload<T>] extends [never] ? { payload?: never } : { /** The changed object as the API answers it to an admin. */ payload: EventPayload<T> });

export async function emit<T extends EventType>(tx: Executor, event: Emitted<T>): Promise<void> {
  const spec = eventSpec(event.type);
  const { organizationId, at } = event;
  const projectId = event.projectId ?? null;
  if (spec.activity) {
    await tx.insert(activityLogs).values({ organizationId, userId: event.actorId, action: spec.activity, projectId, details: event.details ?? null });
  }
  for (const topic of new Set(spec.topics)) {
    if (topic === 'time' && !event.memberId) continue;
    await publishChange(tx, { organizationId, topic, projectId, ...(topic === 'time' ? { recipientId: event.memberId! } : {}) });
  }
  for (const delivery of event.notify ?? []) await deliver(tx, at, { ...delivery, kind: delivery.kind as NotificationKind, organizationId });
  if (spec.webhook) {
    // Tests check every payload against the schema the OpenAPI document promises for it.
    if (process.env.NODE_ENV === 'test') {
      const checked = spec.webhook.payload.safeParse(event.payload);
      if (!checked.success) throw new Error(`${event.type}: the webhook payload does not match its schema: ${checked.error.message}`);
    }
    await emitWebhookEvent(tx, { organizationId, type: spec.webhook.type, data: event.payload as object, at });
  }
}

// The write side of outgoing webhooks (issue 30 item 2): a service that changes something calls
// emitWebhookEvent in the change's own transaction, with the object as the API answers it. One
// statement writes a delivery for every enabled hook of the organization that asked for the
// event's kind (none when there is no such hook), so no event is lost on a crash and none is
// sent for a change that rolled back; the delivery worker (modules/webhooks) posts them after.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { familyOf, WEBHOOK_RETRY_WINDOW_MS, type WebhookEnvelope, type WebhookEventType } from '../../domain/webhooks';
import type { Role } from '../../domain/roles';
import type { Executor } from '../platform/db/client';
import { webhookDeliveries, webhooks } from '../platform/db/schema/platform';

/**
 * Whom an event's object is shaped for: an admin of the organization (who may add hooks), so a
 * change made by a developer or through a share link carries the same fields as any other.
 */
export const WEBHOOK_VIEWER = { role: 'organization_admin' } as const satisfies { role: Role };

/** Notified (at commit) when deliveries are written: every server's worker wakes at once. */
export const WEBHOOK_CHANNEL = 'brieflane_webhooks';

export type WebhookEvent = {
  organizationId: string;
  type: Exclude<WebhookEventType, 'ping'>;
  /** The changed object as the API answers it to an admin. */
  data: object;
  /** When the change happened (the platform's clock). */
  at: Date;
};

/** The exact JSON text a receiver gets (and that is signed). */
export function envelopeBody(eventId: string, type: WebhookEventType, organizationId: string, at: Date, data: object): string {
  const envelope: WebhookEnvelope = { id: eventId, type, created: at.toISOString(), organization: { id: organizationId }, data: data as Record<string, unknown> };
  return JSON.stringify(envelope);
}

/**
 * A hook turned off (by an admin, or by the worker after 24 hours of failures) sends none of the
 * events still waiting: they are marked failed, and Redeliver sends any of them once it is back
 * on. Test events and redeliveries an admin asked for still go.
 */
export async function dropPendingDeliveries(executor: Executor, webhookId: string, reason: string): Promise<void> {
  await executor
    .update(webhookDeliveries)
    .set({ status: 'failed', error: reason })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.manual, false)));
}

export async function emitWebhookEvent(executor: Executor, event: WebhookEvent): Promise<void> {
  const { at } = event;
  const eventId = randomUUID();
  const body = envelopeBody(eventId, event.type, event.organizationId, at, event.data);
  const family = familyOf(event.type);
  const giveUpAt = new Date(at.getTime() + WEBHOOK_RETRY_WINDOW_MS);
  // Served by webhooks_organization_idx; an organization without hooks inserts nothing.
  const written = await executor.execute<{ n: number }>(sql`
    with written as (
      insert into ${webhookDeliveries} (webhook_id, organization_id, event_id, event_type, body, created_at, next_attempt_at, give_up_at)
      select ${webhooks.id}, ${webhooks.organizationId}, ${eventId}, ${event.type}, ${body}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, ${giveUpAt.toISOString()}::timestamptz
      from ${webhooks}
      where ${webhooks.organizationId} = ${event.organizationId} and ${webhooks.enabled} and ${family} = any(${webhooks.events})
      returning 1
    )
    select count(*)::int as n from written`);
  // Both drivers answer { rows }.
  const [row] = (written as unknown as { rows: { n: number }[] }).rows;
  if ((row?.n ?? 0) > 0) await executor.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}

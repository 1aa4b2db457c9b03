// The write side of outgoing webhooks (issue 30 item 2), an outlet of emit (services/events.ts):
// in the change's own transaction, with the object as the API answers it, one statement writes a
// delivery for every enabled hook of the organization that asked for the event's kind (none when
// there is no such hook), so no event is lost on a crash and none is sent for a change that
// rolled back; the delivery worker (modules/webhooks) posts them after.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { familyOf, WEBHOOK_RETRY_WINDOW_MS, type WebhookEventType } from '../../../domain/webhooks';
import type { Executor } from '../../platform/db/client';
import { webhookDeliveries, webhooks } from '../../modules/webhooks/schema';
import { envelopeBody, WEBHOOK_CHANNEL } from '../webhook-events';

export type WebhookEvent = {
  organizationId: string;
  type: Exclude<WebhookEventType, 'ping'>;
  /** The changed object as the API answers it to an admin. */
  data: object;
  /** When the change happened (the platform's clock). */
  at: Date;
};

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

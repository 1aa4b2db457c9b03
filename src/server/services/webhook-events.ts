// Outgoing webhooks' shared pieces (issue 30 item 2): whom a payload is shaped for, the signed
// body, the channel that wakes the workers, and dropping a turned-off hook's pending deliveries.
// Writing an event's deliveries is emit's outlet (outlets/webhooks.ts).
import { and, eq } from 'drizzle-orm';
import type { WebhookEnvelope, WebhookEventType } from '../../domain/webhooks';
import type { Role } from '../../domain/roles';
import type { Executor } from '../platform/db/client';
import { webhookDeliveries } from '../modules/webhooks/schema';

/**
 * Whom an event's object is shaped for: an admin of the organization (who may add hooks), so a
 * change made by a developer or through a share link carries the same fields as any other.
 */
export const WEBHOOK_VIEWER = { role: 'organization_admin' } as const satisfies { role: Role };

/** Notified (at commit) when deliveries are written: every server's worker wakes at once. */
export const WEBHOOK_CHANNEL = 'brieflane_webhooks';

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

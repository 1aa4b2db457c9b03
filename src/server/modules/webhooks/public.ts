// What other modules may use of the webhooks module (decision 012); the lint refuses the rest.
import { and, lt, ne } from 'drizzle-orm';
import { DAY_MS, type Prune } from '../../platform/db/housekeeping';
import { webhookDeliveries } from './schema';

/** A webhook's delivery log keeps a month of finished deliveries (issue 30). */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * DAY_MS;

/** Finished deliveries past the month, for the housekeeping job. */
export const pruneWebhookDeliveries: Prune = async (db, now) =>
  (
    await db
      .delete(webhookDeliveries)
      .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS))))
      .returning({ id: webhookDeliveries.id })
  ).length;

// The webhooks module's tables: an organization's webhooks and their deliveries.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_FAMILIES, type WebhookDeliveryStatus, type WebhookFamily } from '../../../domain/webhooks';
import { organizations, profiles } from '../../platform/db/schema/tenancy';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * An organization's outgoing webhooks (issue 30 item 2). The secret signs each request, so it is
 * kept as it is (a hash could not sign); it leaves the server once, when made.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    secret: text('secret').notNull(),
    events: text('events').array().$type<WebhookFamily[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'failing': turned off by the delivery worker; 'by_hand': by an admin. */
    disabledReason: text('disabled_reason').$type<'failing' | 'by_hand'>(),
    /** The first failed attempt since the last success; null while deliveries succeed. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhooks_organization_idx').on(t.organizationId, t.createdAt),
    check('webhooks_events_check', sql`${t.events} <@ array[${inList(WEBHOOK_FAMILIES)}]::text[]`),
    check('webhooks_disabled_reason_check', sql`${t.disabledReason} in ('failing', 'by_hand')`),
  ],
);

/**
 * One event on its way to one hook: written in the same transaction as the change (so none is
 * lost on a crash and none sent for a change rolled back), then posted by the delivery worker.
 * `body` is the exact JSON text sent and signed, so a redelivery sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    manual: boolean('manual').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop after this (the event's time plus 24 hours). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    response: text('response'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The worker's claim: due pending deliveries.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // A hook's delivery log, newest first.
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt, t.id),
    index('webhook_deliveries_organization_idx').on(t.organizationId),
    check('webhook_deliveries_status_check', sql`${t.status} in (${inList(WEBHOOK_DELIVERY_STATUSES)})`),
  ],
);

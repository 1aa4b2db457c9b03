// Settings -> Webhooks (issue 30 item 2): an organization's admins add, change and remove its
// outgoing webhooks, read each one's delivery log, send it a test event and redeliver an event.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_LOCALE, withValues, type Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { isAdmin } from '../../../domain/roles';
import type { ProjectListQuery } from '../../../domain/project-lists';
import {
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TEXTS,
  WEBHOOKS_PER_ORGANIZATION,
  type createWebhookSchema,
  type updateWebhookSchema,
  type Webhook,
  type WebhookDelivery,
  type WebhookWithSecret,
} from '../../../domain/webhooks';
import type { Actor } from '../../platform/auth/session';
import { afterNewestFirst, cursorTimeOf, decodeCursor, encodeCursor } from '../../platform/db/cursor';
import type { Executor } from '../../platform/db/client';
import { webhookDeliveries, webhooks } from './schema';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { checkDestination } from '../../platform/outbound-http';
import type { Platform } from '../../platform/platform';
import { dropPendingDeliveries, envelopeBody, WEBHOOK_CHANNEL } from '../../services/webhook-events';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type LastDelivery = Pick<DeliveryRow, 'status' | 'createdAt' | 'lastAttemptAt' | 'responseStatus'>;

/** How long the check of a typed URL may take (its DNS lookup). */
const URL_CHECK_TIMEOUT_MS = 5_000;

function assertAdmin(actor: Actor) {
  if (!isAdmin(actor.role)) throw forbidden(WEBHOOK_TEXTS.adminsOnly);
}

/** `whsec_` and 32 random bytes: the key of each request's HMAC. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function toWebhook(row: WebhookRow, last: LastDelivery | undefined): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.enabled ? null : (row.disabledReason ?? 'by_hand'),
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: last
      ? { status: last.status, at: (last.lastAttemptAt ?? last.createdAt).toISOString(), responseStatus: last.responseStatus }
      : null,
  };
}

/**
 * `locale`: the reader's language, for an error stored as a text's id, with its values
 * (WEBHOOK_TEXTS.droppedWhenOff, receiverAnswered, outbound's failures); an error stored before
 * as English words shows as it is.
 */
function toDelivery(row: DeliveryRow, locale: Locale = DEFAULT_LOCALE): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    response: row.response,
    error: row.error === null ? null : translate(locale, row.error),
    manual: row.manual,
  };
}

/** A typed URL the server would not send to is refused when saved, with the reason. */
async function assertSendable(platform: Platform, url: string) {
  const checked = await checkDestination(url, { allowPrivate: platform.config.webhooks.allowPrivate, timeoutMs: URL_CHECK_TIMEOUT_MS });
  // In the caller's language (issue 48).
  if (!checked.ok) throw badRequest(withValues(checked.error.text, checked.error.values), 'webhook_url_refused');
}

async function findHook(executor: Executor, actor: Actor, webhookId: string): Promise<WebhookRow> {
  const [row] = await executor
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.organizationId, actor.organizationId)))
    .limit(1);
  if (!row) throw notFound(WEBHOOK_TEXTS.notFound);
  return row;
}

async function lastDeliveryOf(executor: Executor, webhookId: string): Promise<LastDelivery | undefined> {
  const [row] = await executor
    .select({ status: webhookDeliveries.status, createdAt: webhookDeliveries.createdAt, lastAttemptAt: webhookDeliveries.lastAttemptAt, responseStatus: webhookDeliveries.responseStatus })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(1);
  return row;
}

/** The organization's hooks, oldest first, each with its latest delivery. */
export async function listWebhooks({ db }: Platform, actor: Actor): Promise<Webhook[]> {
  assertAdmin(actor);
  const rows = await db.select().from(webhooks).where(eq(webhooks.organizationId, actor.organizationId)).orderBy(webhooks.createdAt, webhooks.id);
  // At most WEBHOOKS_PER_ORGANIZATION hooks, each an index probe (webhook_deliveries_webhook_idx).
  return Promise.all(rows.map(async (row) => toWebhook(row, await lastDeliveryOf(db, row.id))));
}

export async function createWebhook(platform: Platform, actor: Actor, input: z.output<typeof createWebhookSchema>): Promise<WebhookWithSecret> {
  assertAdmin(actor);
  await assertSendable(platform, input.url);
  return platform.db.transaction(async (tx) => {
    // Counted under a lock on the organization's hooks, so two requests cannot both take the last place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${actor.organizationId}`}))`);
    const [held] = await tx.select({ n: count() }).from(webhooks).where(eq(webhooks.organizationId, actor.organizationId));
    if ((held?.n ?? 0) >= WEBHOOKS_PER_ORGANIZATION) throw badRequest(withValues(WEBHOOK_TEXTS.tooMany, { max: WEBHOOKS_PER_ORGANIZATION }), 'too_many_webhooks');
    const now = platform.clock.now();
    const secret = newSecret();
    const [row] = await tx
      .insert(webhooks)
      .values({ organizationId: actor.organizationId, url: input.url, description: input.description, events: input.events, secret, createdBy: actor.profileId, createdAt: now, updatedAt: now })
      .returning();
    return { ...toWebhook(row!, undefined), secret };
  });
}

export async function updateWebhook(platform: Platform, actor: Actor, webhookId: string, input: z.output<typeof updateWebhookSchema>): Promise<Webhook> {
  assertAdmin(actor);
  if (input.url !== undefined) await assertSendable(platform, input.url);
  const { db, clock } = platform;
  return db.transaction(async (tx) => {
    await findHook(tx, actor, webhookId);
    const switched =
      input.enabled === undefined
        ? {}
        : input.enabled
          ? // Turned back on: its failures start counting afresh.
            { enabled: true, disabledReason: null, failingSince: null }
          : { enabled: false, disabledReason: 'by_hand' as const };
    const [row] = await tx
      .update(webhooks)
      .set({ url: input.url, description: input.description, events: input.events, ...switched, updatedAt: clock.now() })
      .where(eq(webhooks.id, webhookId))
      .returning();
    if (input.enabled === false) await dropPendingDeliveries(tx, webhookId, WEBHOOK_TEXTS.droppedWhenOff.id);
    return toWebhook(row!, await lastDeliveryOf(tx, webhookId));
  });
}

/** A new signing secret, in use at once; the answer holds it, this once. */
export async function rollWebhookSecret({ db, clock }: Platform, actor: Actor, webhookId: string): Promise<WebhookWithSecret> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await findHook(tx, actor, webhookId);
    const secret = newSecret();
    const [row] = await tx.update(webhooks).set({ secret, updatedAt: clock.now() }).where(eq(webhooks.id, webhookId)).returning();
    return { ...toWebhook(row!, await lastDeliveryOf(tx, webhookId)), secret };
  });
}

/** Removes the hook and its delivery log; deliveries in flight finish, nothing more is sent. */
export async function deleteWebhook({ db }: Platform, actor: Actor, webhookId: string): Promise<void> {
  assertAdmin(actor);
  const deleted = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.organizationId, actor.organizationId)))
    .returning({ id: webhooks.id });
  if (deleted.length === 0) throw notFound(WEBHOOK_TEXTS.notFound);
}

/** One page of a hook's delivery log, newest first. */
export async function listDeliveries(
  { db }: Platform,
  actor: Actor,
  webhookId: string,
  query: ProjectListQuery,
  locale: Locale,
): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
  assertAdmin(actor);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  await findHook(db, actor, webhookId);
  const rows = await db
    .select({ delivery: webhookDeliveries, cursorTime: cursorTimeOf(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    // Served by webhook_deliveries_webhook_idx (webhook_id, created_at, id), read backwards.
    .where(and(eq(webhookDeliveries.webhookId, webhookId), cursor ? afterNewestFirst(webhookDeliveries.createdAt, webhookDeliveries.id, cursor) : undefined))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit).map((r) => toDelivery(r.delivery, locale)),
    nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.delivery.id }) : null,
  };
}

async function queueManual(tx: Executor, hook: WebhookRow, delivery: { eventId: string; eventType: string; body: string }, now: Date): Promise<WebhookDelivery> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      webhookId: hook.id,
      organizationId: hook.organizationId,
      ...delivery,
      manual: true,
      nextAttemptAt: now,
      giveUpAt: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS),
      createdAt: now,
    })
    .returning();
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  return toDelivery(row!);
}

/**
 * Queues a `ping` event to the hook, on or off (an admin checking a receiver before turning the
 * hook on), whatever kinds it asked for.
 */
export async function sendTestEvent({ db, clock }: Platform, actor: Actor, webhookId: string): Promise<WebhookDelivery> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const hook = await findHook(tx, actor, webhookId);
    const now = clock.now();
    const eventId = randomUUID();
    const body = envelopeBody(eventId, 'ping', hook.organizationId, now, { webhook: { id: hook.id, url: hook.url, events: hook.events } });
    return queueManual(tx, hook, { eventId, eventType: 'ping', body }, now);
  });
}

/** Sends a delivery's event again, as a new delivery with the same event id and body. */
export async function redeliver({ db, clock }: Platform, actor: Actor, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const hook = await findHook(tx, actor, webhookId);
    const [original] = await tx
      .select({ eventId: webhookDeliveries.eventId, eventType: webhookDeliveries.eventType, body: webhookDeliveries.body })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, hook.id)))
      .limit(1);
    if (!original) throw notFound(WEBHOOK_TEXTS.deliveryNotFound);
    return queueManual(tx, hook, original, clock.now());
  });
}

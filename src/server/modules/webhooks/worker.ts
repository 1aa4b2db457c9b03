// Posts the webhook deliveries (issue 30 item 2), as the mail worker sends the email outbox: each
// app server claims due deliveries with SELECT ... FOR UPDATE SKIP LOCKED and pushes their
// next_attempt_at forward (a lease) before sending, so no two servers send the same delivery and
// no transaction stays open while a receiver is slow. A server killed mid-send leaves its
// deliveries to be sent again when the lease runs out: at least once, with the event id for a
// receiver to drop a repeat.
//
// A failed attempt is retried with growing pauses until the event is 24 hours old. A hook whose
// attempts have all failed for 24 hours is turned off, and the organization's admins are emailed,
// by the one server whose conditional update turns it off.
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settingsSectionPath } from '../../../domain/settings-sections';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TEXTS, webhookRetryDelayMs } from '../../../domain/webhooks';
import type { Config } from '../../platform/config';
import { webhookDeliveries, webhooks } from './schema';
import { createJob } from '../../platform/jobs';
import { enqueueEmail } from '../../platform/mail/outbox';
import { postJson, type OutboundResult, type PostOptions } from '../../platform/outbound-http';
import type { Platform } from '../../platform/platform';
import { listenOn, type ChangeListener } from '../../platform/realtime/listener';
import { adminRecipients } from '../../services/recipients';
import { messageWithValues, type Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import { WEBHOOK_EMAIL_TEXTS } from './email-texts';
import { dropPendingDeliveries, WEBHOOK_CHANNEL } from '../../services/webhook-events';
import { signWebhookBody } from './signature';

export type WebhookWorkerOptions = {
  /** How often the worker looks for due deliveries (retries; a NOTIFY wakes it for new ones). */
  pollIntervalMs?: number;
  /** Deliveries claimed per round. */
  batchSize?: number;
  /**
   * Requests in flight at once per server. Bounded because a receiver's name lookup that hangs
   * holds one of libuv's four threads past our deadline (Node cannot cancel it).
   */
  concurrency?: number;
  /** How long a claimed delivery is hidden from other servers: past the 10 s deadline. */
  leaseMs?: number;
  /** Tests stand in a resolver; production uses the system's. */
  post?: PostOptions;
  /** false: no polling and no wake-ups, only deliverDue() (tests that move the clock). */
  background?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's webhook delivery worker. */
    webhookWorker: WebhookWorker;
  }
}

export type WebhookRoundReport = { delivered: number; retried: number; failed: number; disabled: number };

export type WebhookWorker = {
  /** One round: claims due deliveries and tries each once. Rounds never overlap. */
  deliverDue: () => Promise<WebhookRoundReport>;
  start: () => Promise<void>;
  nudge: () => void;
  stop: () => Promise<void>;
};

type Claimed = {
  id: string;
  webhookId: string;
  organizationId: string;
  eventId: string;
  eventType: string;
  body: string;
  attempts: number;
  giveUpAt: Date;
  createdAt: Date;
  url: string;
  secret: string;
};

/** The headers of one attempt: the event's names and the signature over the timestamp and body. */
export function deliveryHeaders(delivery: Pick<Claimed, 'id' | 'eventId' | 'eventType' | 'body' | 'secret'>, now: Date): Record<string, string> {
  return {
    'User-Agent': 'Brieflane-Webhooks/1',
    'Brieflane-Event': delivery.eventType,
    'Brieflane-Event-Id': delivery.eventId,
    'Brieflane-Delivery': delivery.id,
    [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(delivery.secret, Math.floor(now.getTime() / 1000), delivery.body),
  };
}

/** A first attempt starts a little after its event (the wake-up, a queue): failing since then counts as since the event. */
const LEASE_SLACK_MS = 5 * 60_000;

const succeeded = (result: OutboundResult) => !result.error && result.status !== null && result.status >= 200 && result.status < 300;

/**
 * A failed attempt's error as stored: a text's id with its values (messageWithValues), said in the
 * language of whoever reads the delivery log (service.ts toDelivery), the network's failures too.
 */
function describeFailure(result: OutboundResult): string {
  if (result.error) return messageWithValues(result.error.text, result.error.values);
  return messageWithValues(WEBHOOK_TEXTS.receiverAnswered, { status: String(result.status) });
}

export function createWebhookWorker(platform: Pick<Platform, 'db' | 'clock' | 'config'>, log: FastifyInstance['log'], options: WebhookWorkerOptions = {}): WebhookWorker {
  const { db, clock, config } = platform;
  const batchSize = options.batchSize ?? 20;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = options.leaseMs ?? 30_000;
  const postOptions: PostOptions = { allowPrivate: config.webhooks.allowPrivate, timeoutMs: 10_000, maxAnswerBytes: 1024, ...options.post };

  async function claimDue(): Promise<Claimed[]> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: webhookDeliveries.id,
          webhookId: webhookDeliveries.webhookId,
          organizationId: webhookDeliveries.organizationId,
          eventId: webhookDeliveries.eventId,
          eventType: webhookDeliveries.eventType,
          body: webhookDeliveries.body,
          attempts: webhookDeliveries.attempts,
          giveUpAt: webhookDeliveries.giveUpAt,
          createdAt: webhookDeliveries.createdAt,
          url: webhooks.url,
          secret: webhooks.secret,
        })
        .from(webhookDeliveries)
        .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
        // Served by webhook_deliveries_due_idx. A hook turned off keeps its deliveries; a test
        // event or a redelivery an admin asked for goes anyway.
        .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), or(eq(webhooks.enabled, true), eq(webhookDeliveries.manual, true))))
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(batchSize)
        .for('update', { of: webhookDeliveries, skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
          .where(inArray(webhookDeliveries.id, rows.map((r) => r.id)));
      }
      return rows;
    });
  }

  /** Turns the hook off if it has failed since `from` without a success; true for the one server that did. */
  async function disableIfFailingSince(webhookId: string, from: Date, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [hook] = await tx
        .update(webhooks)
        .set({ enabled: false, disabledReason: 'failing', updatedAt: now })
        .where(and(eq(webhooks.id, webhookId), eq(webhooks.enabled, true), lte(webhooks.failingSince, from)))
        .returning({ url: webhooks.url, organizationId: webhooks.organizationId });
      if (!hook) return false;
      await dropPendingDeliveries(tx, webhookId, WEBHOOK_TEXTS.droppedWhenOff.id);
      const admins = await adminRecipients(tx, hook.organizationId);
      for (const admin of admins) {
        await enqueueEmail(tx, { kind: 'webhook_disabled', to: admin.email, organizationId: hook.organizationId, ...disabledEmail(config, admin, hook.url) });
      }
      return true;
    });
  }

  async function attempt(delivery: Claimed, report: WebhookRoundReport) {
    const started = clock.now();
    const result = await postJson(delivery.url, delivery.body, deliveryHeaders(delivery, started), postOptions);
    const now = clock.now();
    const outcome = {
      attempts: delivery.attempts + 1,
      lastAttemptAt: started,
      responseStatus: result.status,
      durationMs: result.durationMs,
      response: result.answer || null,
    };
    if (succeeded(result)) {
      await db.update(webhookDeliveries).set({ ...outcome, status: 'delivered', error: null }).where(eq(webhookDeliveries.id, delivery.id));
      await db.update(webhooks).set({ failingSince: null }).where(and(eq(webhooks.id, delivery.webhookId), sql`${webhooks.failingSince} is not null`));
      report.delivered++;
      return;
    }
    // The last attempt is made when the window ends, not a pause short of it.
    const givingUp = now.getTime() >= delivery.giveUpAt.getTime();
    const nextAttemptAt = new Date(Math.min(now.getTime() + webhookRetryDelayMs(outcome.attempts), delivery.giveUpAt.getTime()));
    await db
      .update(webhookDeliveries)
      .set({ ...outcome, error: describeFailure(result), status: givingUp ? 'failed' : 'pending', ...(givingUp ? {} : { nextAttemptAt }) })
      .where(eq(webhookDeliveries.id, delivery.id));
    await db.update(webhooks).set({ failingSince: started }).where(and(eq(webhooks.id, delivery.webhookId), isNull(webhooks.failingSince)));
    if (givingUp) report.failed++;
    else report.retried++;
    // Failing for 24 hours: every attempt since failingSince failed, or this event's whole window did.
    const failingFrom = givingUp ? new Date(Math.max(now.getTime() - WEBHOOK_DISABLE_AFTER_MS, delivery.createdAt.getTime() + LEASE_SLACK_MS)) : new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_MS);
    if (await disableIfFailingSince(delivery.webhookId, failingFrom, now)) {
      report.disabled++;
      log.warn({ webhookId: delivery.webhookId }, 'webhook turned off after failing for 24 hours');
    }
  }

  async function runRound(): Promise<WebhookRoundReport> {
    const report: WebhookRoundReport = { delivered: 0, retried: 0, failed: 0, disabled: 0 };
    const queue = await claimDue();
    const lanes = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await attempt(next, report);
    });
    await Promise.all(lanes);
    return report;
  }

  let current: Promise<WebhookRoundReport> | undefined;
  async function deliverDue(): Promise<WebhookRoundReport> {
    while (current) await current.catch(() => {});
    current = runRound().finally(() => {
      current = undefined;
    });
    return current;
  }

  const job = createJob({
    name: 'webhooks',
    everyMs: options.pollIntervalMs ?? 5_000,
    // Not in the start's path: a slow receiver must not hold the server's start.
    firstAfterMs: 1_000,
    log,
    run: async () => {
      const report = await deliverDue();
      return report.delivered + report.retried + report.failed >= batchSize ? 'again' : undefined;
    },
  });
  return { deliverDue, start: () => job.start(), nudge: () => job.wake(), stop: () => job.stop() };
}

/** To each admin, in their language (issue 48). */
function disabledEmail(config: Config, admin: { fullName: string; locale: Locale }, url: string) {
  const settings = `${config.publicUrl}${settingsSectionPath('developers')}`;
  const say = admin.locale;
  return {
    subject: translate(say, WEBHOOK_EMAIL_TEXTS.disabledSubject),
    text: [
      translate(say, EMAIL_TEXTS.hi, { name: admin.fullName }),
      '',
      translate(say, WEBHOOK_EMAIL_TEXTS.disabledBody, { url }),
      '',
      translate(say, WEBHOOK_EMAIL_TEXTS.disabledWhatNow, { url: settings }),
    ].join('\n'),
  };
}

/**
 * Runs the worker with the app: started when ready, stopped (its round awaited) on close. A
 * NOTIFY on the webhook channel wakes it on every server at once; the poll is for retries.
 */
export function attachWebhookDelivery(app: FastifyInstance, platform: Platform, options: WebhookWorkerOptions = {}): WebhookWorker {
  const worker = createWebhookWorker(platform, app.log.child({ module: 'webhooks' }), options);
  app.decorate('webhookWorker', worker);
  if (options.background === false) return worker;
  let wakeUps: ChangeListener | undefined;
  app.addHook('onReady', async () => {
    const wake = () => worker.nudge();
    wakeUps = await listenOn(platform.database, platform.config.databaseUrl, WEBHOOK_CHANNEL, { onPayload: wake, onResync: wake }, app.log);
    await worker.start();
  });
  app.addHook('onClose', async () => {
    await wakeUps?.stop();
    await worker.stop();
  });
  return worker;
}

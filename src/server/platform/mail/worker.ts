// Delivers the email outbox through SMTP. Safe with several app servers: each claims due rows
// with SELECT ... FOR UPDATE SKIP LOCKED and pushes their next_attempt_at forward (a lease)
// before sending, so no transaction stays open while an SMTP server is slow, and a server that
// dies mid-send only delays the email until the lease runs out.
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema/platform';
import { createJob } from '../jobs';
import type { MailTransport } from './smtp-transport';
import { redactText } from '../log-redaction';

export type MailWorkerLogger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type MailWorkerOptions = {
  db: Database;
  clock: Clock;
  transport: MailTransport;
  from: string;
  logger?: MailWorkerLogger;
  /** How often the worker looks for due emails. */
  pollIntervalMs?: number;
  /** Emails claimed per round. */
  batchSize?: number;
  /** After this many failed attempts an email is marked 'failed' and not tried again. */
  maxAttempts?: number;
  /** How long a claimed email is hidden from other workers while it is being sent. */
  leaseMs?: number;
};

export type DeliveryReport = { sent: number; retried: number; failed: number };

export type MailWorker = {
  /** Starts polling; the first round runs at once. */
  start: () => void;
  /** Runs a round soon, e.g. right after an email was enqueued. */
  nudge: () => void;
  /** One round: claims due emails and tries each once. Rounds never overlap. */
  deliverDue: () => Promise<DeliveryReport>;
  /** Stops polling and waits for the round in flight. */
  stop: () => Promise<void>;
};

export const DEFAULT_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/** Back-off after the nth failed attempt: 30 s, 1 min, 2 min, 4 min ... at most an hour. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failedAttempts - 1), MAX_RETRY_MS);
}

const silentLogger: MailWorkerLogger = { info: () => {}, warn: () => {}, error: () => {} };

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, clock, transport, from } = options;
  const logger = options.logger ?? silentLogger;
  const pollIntervalMs = options.pollIntervalMs ?? 3_000;
  const batchSize = options.batchSize ?? 10;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const leaseMs = options.leaseMs ?? 5 * 60_000;

  let running = false;
  let current: Promise<DeliveryReport> | undefined;

  async function claimDue() {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: emailOutbox.id,
          kind: emailOutbox.kind,
          to: emailOutbox.toAddress,
          subject: emailOutbox.subject,
          text: emailOutbox.text,
          html: emailOutbox.html,
          attempts: emailOutbox.attempts,
        })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        await tx
          .update(emailOutbox)
          .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
          .where(eq(emailOutbox.id, row.id));
      }
      return rows;
    });
  }

  async function runRound(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
    const claimed = await claimDue();
    for (const email of claimed) {
      try {
        await transport.send({ from, to: email.to, subject: email.subject, text: email.text, html: email.html ?? undefined });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: clock.now(), lastError: null })
          .where(eq(emailOutbox.id, email.id));
        report.sent++;
        logger.info({ emailId: email.id, kind: email.kind }, 'email sent');
      } catch (error) {
        const attempts = email.attempts + 1;
        const lastError = describeError(error);
        const givingUp = attempts >= maxAttempts;
        const nextAttemptAt = new Date(clock.now().getTime() + retryDelayMs(attempts));
        await db
          .update(emailOutbox)
          .set({ attempts, lastError, status: givingUp ? 'failed' : 'pending', ...(givingUp ? {} : { nextAttemptAt }) })
          .where(eq(emailOutbox.id, email.id));
        if (givingUp) {
          report.failed++;
          logger.error({ emailId: email.id, kind: email.kind, attempts, error: redactText(lastError) }, 'email failed for good');
        } else {
          report.retried++;
          logger.warn({ emailId: email.id, kind: email.kind, attempts, nextAttemptAt, error: redactText(lastError) }, 'email not sent, will retry');
        }
      }
    }
    return report;
  }

  async function deliverDue(): Promise<DeliveryReport> {
    // Rounds never overlap: a nudge during a round waits for it and then runs its own.
    while (running) await current;
    running = true;
    current = runRound().finally(() => {
      running = false;
    });
    return current;
  }

  // Pacing, overlap and error logging belong to the job; a full batch means more may be due.
  const job = createJob({
    name: 'mail',
    everyMs: pollIntervalMs,
    log: logger,
    run: async () => {
      const report = await deliverDue();
      return report.sent + report.retried + report.failed >= batchSize ? 'again' : undefined;
    },
  });

  return {
    start() {
      void job.start();
    },
    nudge() {
      job.wake();
    },
    deliverDue,
    stop: () => job.stop(),
  };
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

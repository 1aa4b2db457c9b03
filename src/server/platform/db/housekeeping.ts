// Rows that stop meaning anything once their time is up: expired sessions, sign-up codes,
// reset links, unanswered passkey challenges, better-auth verifications and single sign-ons never finished, rate-limit counters past their longest memory, and
// delivered emails and finished webhook deliveries after a month, inbox notifications after 90 days. Nothing deletes them otherwise, so without this job the
// tables grow with every sign-in and every email for as long as the server runs. The DELETEs are
// idempotent, so several app servers running the job at once do no harm.
import { and, eq, lt, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createJob, runWithServer } from '../jobs';
import type { Platform } from '../platform';
import type { Executor } from './client';
import { rateLimits, sessions, verifications } from './schema/auth';
import { emailOutbox, passkeyChallenges, passwordResetTokens, ssoSignIns, verificationCodes, webhookDeliveries } from './schema/platform';
import { notifications } from './schema/work';
import { INBOX_RETENTION_DAYS } from '../../../domain/inbox';

const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** Longer than every rate-limit window and memory (the known sign-in address: 30 days). */
export const RATE_LIMIT_RETENTION_MS = 31 * DAY_MS;
/** Delivered emails stay a month (the dev mailbox and an operator's questions read them). */
export const SENT_EMAIL_RETENTION_MS = 30 * DAY_MS;
/** A webhook's delivery log keeps a month of finished deliveries (issue 30). */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * DAY_MS;

export type Pruned = {
  sessions: number;
  verifications: number;
  verificationCodes: number;
  resetTokens: number;
  passkeyChallenges: number;
  rateLimits: number;
  sentEmails: number;
  notifications: number;
  webhookDeliveries: number;
  ssoSignIns: number;
};

export async function pruneExpired(db: Executor, now: Date): Promise<Pruned> {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    sessions: await count(db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })),
    verifications: await count(db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id })),
    verificationCodes: await count(
      db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, now)).returning({ id: verificationCodes.id }),
    ),
    resetTokens: await count(
      db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).returning({ id: passwordResetTokens.id }),
    ),
    // WebAuthn challenges nobody answered in time (decision 031).
    passkeyChallenges: await count(
      db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now)).returning({ challenge: passkeyChallenges.challenge }),
    ),
    rateLimits: await count(
      db.delete(rateLimits).where(lt(rateLimits.lastRequest, now.getTime() - RATE_LIMIT_RETENTION_MS)).returning({ id: rateLimits.id }),
    ),
    sentEmails: await count(
      db
        .delete(emailOutbox)
        .where(and(eq(emailOutbox.status, 'sent'), lt(emailOutbox.sentAt, new Date(now.getTime() - SENT_EMAIL_RETENTION_MS))))
        .returning({ id: emailOutbox.id }),
    ),
    // The inbox keeps 90 days (issue 16).
    notifications: await count(
      db
        .delete(notifications)
        .where(lt(notifications.createdAt, new Date(now.getTime() - INBOX_RETENTION_DAYS * DAY_MS)))
        .returning({ id: notifications.id }),
    ),
    webhookDeliveries: await count(
      db
        .delete(webhookDeliveries)
        .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS))))
        .returning({ id: webhookDeliveries.id }),
    ),
    // Single sign-ons started and never finished (issue 31 item 4): 10 minutes each.
    ssoSignIns: await count(db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, now)).returning({ id: ssoSignIns.id })),
  };
}

/** Prunes a few minutes after start, then hourly, on every database. */
export function scheduleHousekeeping(app: FastifyInstance, platform: Platform, intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  const log = app.log.child({ job: 'housekeeping' });
  const job = createJob({
    name: 'housekeeping',
    everyMs: intervalMs,
    firstAfterMs: Math.min(5 * 60 * 1000, intervalMs),
    log,
    run: async () => {
      const pruned = await pruneExpired(platform.db, platform.clock.now());
      if (Object.values(pruned).some((n) => n > 0)) log.info(pruned, 'expired rows pruned');
    },
  });
  runWithServer(app, job);
}

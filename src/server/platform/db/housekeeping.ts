// Rows that stop meaning anything once their time is up: expired sessions, sign-up codes,
// reset links, unanswered passkey challenges, better-auth verifications and single sign-ons never finished, rate-limit counters past their longest memory, and
// delivered emails and finished webhook deliveries after a month, inbox notifications after 90 days. Nothing deletes them otherwise, so without this job the
// tables grow with every sign-in and every email for as long as the server runs. The DELETEs are
// idempotent, so several app servers running the job at once do no harm. Platform prunes its own
// tables here; each module hands its own prune to the job through src/server/housekeeping.ts
// (issue 47, decision 043: platform never imports a module).
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createJob, runWithServer } from '../jobs';
import type { Platform } from '../platform';
import type { Executor } from './client';
import { rateLimits, sessions, verifications } from './schema/auth';
import { emailOutbox, passwordResetTokens, verificationCodes } from './schema/platform';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** Longer than every rate-limit window and memory (the known sign-in address: 30 days). */
export const RATE_LIMIT_RETENTION_MS = 31 * DAY_MS;
/** Delivered emails stay a month (the dev mailbox and an operator's questions read them). */
export const SENT_EMAIL_RETENTION_MS = 30 * DAY_MS;

/** Deletes one kind of row whose time is up; answers how many went. */
export type Prune = (db: Executor, now: Date) => Promise<number>;
/** Each kind of row pruned, by name (the log line's keys): platform's own and each module's. */
export type Prunes = Record<string, Prune>;

const count = async (rows: Promise<unknown[]>) => (await rows).length;

/** Platform's own rows: sessions, sign-in mechanics, rate-limit counters and sent emails. */
export const PLATFORM_PRUNES = {
  sessions: (db, now) => count(db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })),
  verifications: (db, now) => count(db.delete(verifications).where(lt(verifications.expiresAt, now)).returning({ id: verifications.id })),
  verificationCodes: (db, now) => count(db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, now)).returning({ id: verificationCodes.id })),
  resetTokens: (db, now) =>
    count(db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now)).returning({ id: passwordResetTokens.id })),
  rateLimits: (db, now) =>
    count(db.delete(rateLimits).where(lt(rateLimits.lastRequest, now.getTime() - RATE_LIMIT_RETENTION_MS)).returning({ id: rateLimits.id })),
  sentEmails: (db, now) =>
    count(
      db
        .delete(emailOutbox)
        .where(and(eq(emailOutbox.status, 'sent'), lt(emailOutbox.sentAt, new Date(now.getTime() - SENT_EMAIL_RETENTION_MS))))
        .returning({ id: emailOutbox.id }),
    ),
} satisfies Prunes;

/** Runs every prune, one after another; answers how many rows each deleted. */
export async function pruneExpired(db: Executor, now: Date, prunes: Prunes): Promise<Record<string, number>> {
  const pruned: Record<string, number> = {};
  for (const [name, prune] of Object.entries(prunes)) pruned[name] = await prune(db, now);
  return pruned;
}

/** Prunes a few minutes after start, then hourly, on every database. */
export function scheduleHousekeeping(app: FastifyInstance, platform: Platform, prunes: Prunes, intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  const log = app.log.child({ job: 'housekeeping' });
  const job = createJob({
    name: 'housekeeping',
    everyMs: intervalMs,
    firstAfterMs: Math.min(5 * 60 * 1000, intervalMs),
    log,
    run: async () => {
      const pruned = await pruneExpired(platform.db, platform.clock.now(), prunes);
      if (Object.values(pruned).some((n) => n > 0)) log.info(pruned, 'expired rows pruned');
    },
  });
  runWithServer(app, job);
}

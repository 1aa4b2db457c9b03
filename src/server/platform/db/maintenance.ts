// The embedded database has no autovacuum, so nothing refreshes the planner's statistics as
// tables grow. Without them PostgreSQL misjudges how selective a search is and may read every
// project instead of using the trigram indexes. A real PostgreSQL server does this itself.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createJob } from '../jobs';
import type { DatabaseHandle } from './client';

export const EMBEDDED_ANALYZE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Tables whose rows are updated or deleted all the time by design: report_counts (folded every
 * minute, decision 014), time_totals (every time write updates its month's row, decision 038), sessions (extended, signed out, expired), rate limits (every attempt),
 * the one-time codes and tokens, the outbox (sent, then pruned) and the inbox (read, pruned after
 * 90 days). With no autovacuum their dead rows would pile up for good. VACUUM skips the pages it
 * found clean last time: 27 ms for a first pass over 100,000 rows on PGlite, 1 ms the next hour.
 */
export const CHURNING_TABLES = [
  'report_counts',
  'time_totals',
  'sessions',
  'rate_limits',
  'verifications',
  'verification_codes',
  'password_reset_tokens',
  'email_outbox',
  'notifications',
] as const;

/**
 * ANALYZE on the embedded database, and VACUUM of the churning tables (a no-op on a PostgreSQL
 * server, which has autovacuum). One table per statement: the single connection serves requests
 * between them, so the longest wait a request sees is one table's (90 ms for 100,000 tasks)
 * rather than the whole database's (330 ms), decision 014.
 */
export async function refreshEmbeddedStatistics(database: DatabaseHandle): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  const result = await database.db.execute(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  for (const { name } of (result as unknown as { rows: { name: string }[] }).rows) {
    await database.db.execute(sql`analyze ${sql.identifier(name)}`);
  }
  for (const table of CHURNING_TABLES) await database.db.execute(sql`vacuum ${sql.identifier(table)}`);
  return true;
}

/** Refreshes the statistics a minute after start and then hourly; returns a stop function. */
export function scheduleEmbeddedMaintenance(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  intervalMs = EMBEDDED_ANALYZE_INTERVAL_MS,
): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => {};
  const job = createJob({
    name: 'embedded-analyze',
    everyMs: intervalMs,
    firstAfterMs: Math.min(60_000, intervalMs),
    run: () => refreshEmbeddedStatistics(database),
    log,
  });
  void job.start();
  return () => job.stop();
}

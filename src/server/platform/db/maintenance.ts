// The embedded database has no autovacuum, so nothing refreshes the planner's statistics as
// tables grow. Without them PostgreSQL misjudges how selective a search is and may read every
// project instead of using the trigram indexes. A real PostgreSQL server does this itself.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createJob } from '../jobs';
import type { DatabaseHandle } from './client';

export const EMBEDDED_ANALYZE_INTERVAL_MS = 60 * 60 * 1000;

/** ANALYZE on the embedded database (a no-op on a PostgreSQL server, which has autovacuum). */
export async function refreshEmbeddedStatistics(database: DatabaseHandle): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.db.execute(sql`analyze`);
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

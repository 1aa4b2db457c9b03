// The embedded database has no autovacuum, so nothing refreshes the planner's statistics as
// tables grow. Without them PostgreSQL misjudges how selective a search is and may read every
// project instead of using the trigram indexes. A real PostgreSQL server does this itself.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
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
): () => void {
  if (database.kind !== 'pglite') return () => {};
  const run = () =>
    refreshEmbeddedStatistics(database).catch((error: unknown) => log.error({ err: error }, 'analyze failed'));
  const first = setTimeout(run, Math.min(60_000, intervalMs));
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

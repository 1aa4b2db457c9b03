// Decision 3: a sweep marks active projects past their due date overdue (and moves overdue
// projects whose due date moved back to active), at start and every few minutes. The UPDATEs
// are idempotent, so several app servers running the sweep at once do no harm.
import type { FastifyInstance } from 'fastify';
import { createJob, runWithServer } from '../../platform/jobs';
import type { Platform } from '../../platform/platform';
import { markOverdueProjects, resetOverdueProjects } from './service';

export const OVERDUE_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export async function sweepOverdueProjects(platform: Platform): Promise<{ marked: number; reset: number }> {
  // In transactions, so the realtime events go out with the status changes.
  const marked = await platform.db.transaction((tx) => markOverdueProjects(tx, platform.clock));
  const reset = await platform.db.transaction((tx) => resetOverdueProjects(tx, platform.clock));
  return { marked, reset };
}

export function scheduleOverdueSweep(app: FastifyInstance, platform: Platform, intervalMs = OVERDUE_SWEEP_INTERVAL_MS) {
  const log = app.log.child({ job: 'overdue-sweep' });
  const job = createJob({
    name: 'overdue-sweep',
    everyMs: intervalMs,
    log,
    run: async () => {
      const result = await sweepOverdueProjects(platform);
      if (result.marked || result.reset) log.info(result, 'overdue projects updated');
    },
  });
  // The first sweep runs before the server takes requests.
  runWithServer(app, job);
}

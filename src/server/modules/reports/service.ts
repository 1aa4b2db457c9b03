// Reports tab: counts for the caller's organization, aggregated in SQL (ARCHITECTURE: "Reports
// aggregate in SQL"), one statement over counts kept by the database (report-counts.ts), never
// rows loaded into memory.
import type { z } from 'zod';
import { completionRate, rangeStart, type Report, type reportQuerySchema } from '../../../domain/reports';
import { REPORT_MESSAGES } from '../../../domain/reports';
import { canManageProjects } from '../../../domain/roles';
import type { Actor } from '../../platform/auth/session';
import { forbidden } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { countReport } from './report-counts';

export async function buildReport(
  { db, clock }: Platform,
  actor: Actor,
  query: z.output<typeof reportQuerySchema>,
): Promise<Report> {
  if (!canManageProjects(actor.role)) throw forbidden(REPORT_MESSAGES.forbidden);
  // Decision 4: the time range IS applied (the original ignored it), to each row's created_at:
  // projects, clients and tasks created within the range are counted.
  const since = rangeStart(query.range, clock.now());
  const counts = await countReport(db, actor.organizationId, since);
  return {
    range: query.range,
    since: since ? since.toISOString() : null,
    ...counts,
    projectCompletionRate: completionRate(counts.completedProjects, counts.totalProjects),
    taskCompletionRate: completionRate(counts.completedTasks, counts.totalTasks),
  };
}

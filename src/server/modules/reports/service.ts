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
import { countReport, countsKeptFrom } from './report-counts';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function buildReport(
  { db, clock }: Platform,
  actor: Actor,
  query: z.output<typeof reportQuerySchema>,
): Promise<Report> {
  if (!canManageProjects(actor.role)) throw forbidden(REPORT_MESSAGES.forbidden);
  // Decision 4: the time range IS applied (the original ignored it), to each row's created_at:
  // projects, clients and tasks created within the range are counted.
  const dates = query.from && query.to ? { since: new Date(`${query.from}T00:00:00Z`), until: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) } : null;
  const since = dates ? dates.since : rangeStart(query.range, clock.now());
  const until = dates?.until ?? null;
  const counts = await countReport(db, actor.organizationId, since, { until, keptFrom: countsKeptFrom(clock.now()) });
  return {
    range: dates ? null : query.range,
    since: since ? since.toISOString() : null,
    until: until ? until.toISOString() : null,
    ...counts,
    projectCompletionRate: completionRate(counts.completedProjects, counts.totalProjects),
    taskCompletionRate: completionRate(counts.completedTasks, counts.totalTasks),
  };
}

// The Reports tab's numbers from report_counts (decision 014; reports/schema.ts), which database
// triggers keep as projects, clients and tasks change, instead of counting every row of the
// organization per request (100,000 tasks took ~100 ms a report). Exact for any start of range:
// whole hours and days come from the counts, and the part of the first hour before it starts
// (since .. the next full hour) is counted from the rows themselves.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../platform/db/client';
import { createJob, runWithServer } from '../../platform/jobs';
import type { Platform } from '../../platform/platform';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type ReportCounts = {
  totalProjects: number;
  activeProjects: number;
  completedProjects: number;
  overdueProjects: number;
  totalClients: number;
  totalTasks: number;
  completedTasks: number;
  pendingTasks: number;
  inProgressTasks: number;
};

/**
 * Counts of the organization's projects, clients and tasks created at or after `since` (all: null)
 * and, when given, before `until` (issue 49 item 15: the Reports page's date range, whole UTC days).
 * `keptFrom` is the first day whose hour and day counts the fold has surely kept
 * (REPORT_COUNTS_KEEP_DAYS): a range that starts before it counts the rows before it themselves.
 */
export async function countReport(
  db: Executor,
  organizationId: string,
  since: Date | null,
  options: { until?: Date | null; keptFrom?: Date | null } = {},
): Promise<ReportCounts> {
  const until = since ? (options.until ?? null) : null;
  // The counts' buckets are UTC hours and days (report_bucket() in the migration): whole hours
  // from the first full hour to the first midnight, whole days from there on.
  let fullHour = since ? new Date(Math.ceil(since.getTime() / HOUR_MS) * HOUR_MS) : null;
  let fullDay = fullHour ? new Date(Math.ceil(fullHour.getTime() / DAY_MS) * DAY_MS) : null;
  if (fullHour && options.keptFrom && fullHour < options.keptFrom) fullHour = fullDay = options.keptFrom;
  const result = await db.execute(sql`
    select kind, status, sum(n)::int as n from (
      select kind, status, n from report_counts
       where organization_id = ${organizationId} and grain = 'all' and ${since === null}
      union all
      select kind, status, n from report_counts
       where organization_id = ${organizationId} and grain = 'hour' and bucket >= ${fullHour} and bucket < least(${fullDay}::timestamptz, ${until}::timestamptz)
      union all
      select kind, status, n from report_counts
       where organization_id = ${organizationId} and grain = 'day' and bucket >= ${fullDay} and (${until}::timestamptz is null or bucket < ${until}::timestamptz)
      union all
      select 'project', status, 1 from projects
       where organization_id = ${organizationId} and created_at >= ${since} and created_at < least(${fullHour}::timestamptz, ${until}::timestamptz)
      union all
      select 'client', '', 1 from clients
       where organization_id = ${organizationId} and created_at >= ${since} and created_at < least(${fullHour}::timestamptz, ${until}::timestamptz)
      union all
      select 'task', t.status, 1 from tasks t join projects p on p.id = t.project_id
       where p.organization_id = ${organizationId} and t.created_at >= ${since} and t.created_at < least(${fullHour}::timestamptz, ${until}::timestamptz)
    ) counted
    group by kind, status`);
  const counts: ReportCounts = {
    totalProjects: 0,
    activeProjects: 0,
    completedProjects: 0,
    overdueProjects: 0,
    totalClients: 0,
    totalTasks: 0,
    completedTasks: 0,
    pendingTasks: 0,
    inProgressTasks: 0,
  };
  for (const { kind, status, n } of rowsOf<{ kind: string; status: string; n: number }>(result)) {
    if (kind === 'project') {
      counts.totalProjects += n;
      if (status === 'active') counts.activeProjects += n;
      else if (status === 'completed') counts.completedProjects += n;
      else if (status === 'overdue') counts.overdueProjects += n;
    } else if (kind === 'client') {
      counts.totalClients += n;
    } else if (kind === 'task') {
      counts.totalTasks += n;
      if (status === 'completed') counts.completedTasks += n;
      else if (status === 'pending') counts.pendingTasks += n;
      else if (status === 'in_progress') counts.inProgressTasks += n;
    }
  }
  return counts;
}

/** node-postgres answers a QueryResult, PGlite a Results: both hold `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Sums the triggers' differences into one row per key, and drops hour and day counts older than
 * any range can start (the longest is a year; all time reads the 'all' grain).
 */
export async function foldReportCounts(db: Executor, now: Date): Promise<{ folded: number; pruned: number }> {
  const folded = rowsOf<{ n: number }>(await db.execute(sql`select report_counts_fold() as n`))[0]?.n ?? 0;
  const pruned = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (
        delete from report_counts where grain <> 'all' and bucket < ${new Date(now.getTime() - REPORT_COUNTS_KEEP_DAYS * DAY_MS)} returning 1
      ) select count(*)::int as n from gone`),
  )[0]?.n ?? 0;
  return { folded, pruned };
}

/** More than the longest preset range (a year) with room to spare; a custom range starting earlier counts rows. */
export const REPORT_COUNTS_KEEP_DAYS = 400;

/** The first UTC midnight from which the fold has kept every hour and day count (see countReport). */
export function countsKeptFrom(now: Date): Date {
  return new Date(Math.ceil((now.getTime() - REPORT_COUNTS_KEEP_DAYS * DAY_MS) / DAY_MS) * DAY_MS);
}
export const REPORT_COUNTS_FOLD_INTERVAL_MS = 60 * 1000;

/**
 * Folds every minute: between folds a report sums the differences written since (a few rows per
 * write). Idempotent, so several app servers folding at once do no harm.
 */
export function scheduleReportCountsFold(app: FastifyInstance, platform: Platform, intervalMs = REPORT_COUNTS_FOLD_INTERVAL_MS) {
  const log = app.log.child({ job: 'report-counts-fold' });
  const job = createJob({
    name: 'report-counts-fold',
    everyMs: intervalMs,
    firstAfterMs: intervalMs,
    log,
    run: () => foldReportCounts(platform.db, platform.clock.now()),
  });
  runWithServer(app, job);
}

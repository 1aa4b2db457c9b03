// Reports tab (spec 2 "Reports tab", 7 "Reports also read ...", 8; ARCHITECTURE decision 4).
import { subDays } from 'date-fns/subDays';
import { subYears } from 'date-fns/subYears';
import { z } from 'zod';
import { checkRange, reportDaySchema } from './time-reports';

export const REPORT_RANGES = ['all', '30d', '90d', '1y'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

export const REPORT_RANGE_LABELS: Record<ReportRange, string> = {
  all: 'All Time',
  '30d': 'Last 30 Days',
  '90d': 'Last 90 Days',
  '1y': 'Last Year',
};

/** Issue 48 (decision 045): texts of the `domain` part; zod carries the validation's ids. */
export const REPORT_MESSAGES = {
  title: /*i18n*/ { id: 'domain.reports.title', message: 'Reports & Analytics' },
  adminSubtitle: /*i18n*/ { id: 'domain.reports.adminSubtitle', message: "Insights into your organization's projects, clients and tasks" },
  staffSubtitle: /*i18n*/ { id: 'domain.reports.staffSubtitle', message: 'Insights into your projects, clients and tasks' },
  fetchFailed: /*i18n*/ { id: 'domain.reports.fetchFailed', message: 'Failed to fetch report data' },
  forbidden: /*i18n*/ { id: 'domain.reports.forbidden', message: "You don't have permission to view reports." },
  fromAndTo: /*i18n*/ { id: 'domain.reports.fromAndTo', message: 'A date range needs both from and to' },
  badRange: /*i18n*/ { id: 'domain.reports.badRange', message: 'Time range must be one of all, 30d, 90d or 1y' },
} as const;

export const reportQuerySchema = z
  .object({
    range: z.enum(REPORT_RANGES, { message: REPORT_MESSAGES.badRange.id }).optional().default('all'),
    // Issue 49 item 15: the Reports page's one date range (both days included, UTC), instead of `range`.
    from: reportDaySchema.optional(),
    to: reportDaySchema.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.from === undefined) !== (v.to === undefined)) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.fromAndTo.id });
    else if (v.from !== undefined && v.to !== undefined) checkRange({ from: v.from, to: v.to }, ctx);
  });

/**
 * Decision 4: the range is applied. Rows created at or after this instant count; null means
 * everything (All Time).
 */
export function rangeStart(range: ReportRange, now: Date): Date | null {
  switch (range) {
    case 'all':
      return null;
    case '30d':
      return subDays(now, 30);
    case '90d':
      return subDays(now, 90);
    case '1y':
      return subYears(now, 1);
  }
}

/** A whole percentage; 0 when there is nothing to complete. */
export function completionRate(completed: number, total: number): number {
  return total > 0 ? Math.round((completed / total) * 100) : 0;
}

export const reportSchema = z.object({
  /** The preset asked for; null when a from-to range was. */
  range: z.enum(REPORT_RANGES).nullable(),
  /** Start of the range (ISO), null for All Time. */
  since: z.string().nullable(),
  /** End of a from-to range (ISO, the midnight after `to`, excluded); null otherwise. */
  until: z.string().nullable(),
  totalProjects: z.number().int(),
  activeProjects: z.number().int(),
  completedProjects: z.number().int(),
  overdueProjects: z.number().int(),
  totalClients: z.number().int(),
  totalTasks: z.number().int(),
  completedTasks: z.number().int(),
  pendingTasks: z.number().int(),
  inProgressTasks: z.number().int(),
  /** Percent of projects completed, 0-100. */
  projectCompletionRate: z.number().int(),
  /** Percent of tasks completed, 0-100. */
  taskCompletionRate: z.number().int(),
});
export type Report = z.infer<typeof reportSchema>;

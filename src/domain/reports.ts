// Reports tab (spec 2 "Reports tab", 7 "Reports also read ...", 8; ARCHITECTURE decision 4).
import { subDays } from 'date-fns/subDays';
import { subYears } from 'date-fns/subYears';
import { z } from 'zod';

export const REPORT_RANGES = ['all', '30d', '90d', '1y'] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

export const REPORT_RANGE_LABELS: Record<ReportRange, string> = {
  all: 'All Time',
  '30d': 'Last 30 Days',
  '90d': 'Last 90 Days',
  '1y': 'Last Year',
};

export const REPORT_MESSAGES = {
  title: 'Reports & Analytics',
  adminSubtitle: "Insights into your organization's projects, clients and tasks",
  staffSubtitle: 'Insights into your projects, clients and tasks',
  fetchFailed: 'Failed to fetch report data',
  comingSoonTitle: 'More Reports Coming Soon',
  comingSoonText: 'Detailed charts, team performance and client reports are on the way.',
  forbidden: "You don't have permission to view reports.",
} as const;

export const reportQuerySchema = z.object({
  range: z.enum(REPORT_RANGES, { message: 'Time range must be one of all, 30d, 90d or 1y' }).optional().default('all'),
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
  range: z.enum(REPORT_RANGES),
  /** Start of the range (ISO), null for All Time. */
  since: z.string().nullable(),
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

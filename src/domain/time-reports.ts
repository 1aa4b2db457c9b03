// Time reports on the Reports tab (issue 32 item 4, decision 037): a date range's time by client,
// project, member or task, billable and not, in hours and money. Staff only, like the tab.
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { z } from 'zod';

export const TIME_REPORT_GROUPS = ['client', 'project', 'member', 'task'] as const;
export type TimeReportGroup = (typeof TIME_REPORT_GROUPS)[number];

/** The longest range a report covers: a little over three years. */
export const MAX_REPORT_DAYS = 1100;
/** A report shows at most this many rows (the groups with the most time first). */
export const MAX_REPORT_ROWS = 2000;

export const TIME_REPORT_TEXTS = {
  title: 'Time',
  subtitle: 'Hours and money logged in the range, billable and not',
  from: 'From',
  to: 'To',
  groupBy: 'Group by',
  groups: { client: 'Client', project: 'Project', member: 'Member', task: 'Task' } satisfies Record<TimeReportGroup, string>,
  billableHours: 'Billable hours',
  nonBillableHours: 'Non-billable hours',
  totalHours: 'Total hours',
  billableAmount: 'Billable amount',
  nonBillableAmount: 'Non-billable amount',
  totalAmount: 'Total amount',
  client: 'Client',
  project: 'Project',
  total: 'Total',
  noTime: 'No time logged in this range.',
  noTask: '(On the project)',
  removedMember: 'Removed member',
  loadFailed: 'Failed to load the time report',
  truncated: (n: number) => `Showing the ${n} rows with the most time.`,
  chartTitle: 'Hours per week',
  chartBillable: 'Billable',
  chartNonBillable: 'Non-billable',
  chartLoading: 'Loading the chart…',
  chartLoadFailed: 'The hours per week could not be loaded.',
  chartEmpty: 'No hours to chart in this range.',
  chartSummary: (weeks: number, hours: string) => `${weeks} weeks, ${hours} hours in all`,
} as const;

export const TIME_REPORT_MESSAGES = {
  badDate: 'Dates are written yyyy-MM-dd',
  toBeforeFrom: 'The end of the range must not be before its start',
  tooLong: `A report covers at most ${MAX_REPORT_DAYS} days`,
} as const;

const day = z
  .string({ message: TIME_REPORT_MESSAGES.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, TIME_REPORT_MESSAGES.badDate)
  .refine((v) => isValid(parseISO(v)), TIME_REPORT_MESSAGES.badDate);

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = differenceInCalendarDays(parseISO(v.to), parseISO(v.from));
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: TIME_REPORT_MESSAGES.toBeforeFrom });
  else if (days >= MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: TIME_REPORT_MESSAGES.tooLong });
}

/** A date range, both days included. */
export const timeReportRangeSchema = z.object({ from: day, to: day }).superRefine(checkRange);

export const timeReportQuerySchema = z
  .object({
    from: day,
    to: day,
    groupBy: z.enum(TIME_REPORT_GROUPS, { message: 'Group by client, project, member or task' }).optional().default('client'),
  })
  .superRefine(checkRange);
export type TimeReportQuery = z.input<typeof timeReportQuerySchema>;

const figures = {
  billableMinutes: z.number().int(),
  nonBillableMinutes: z.number().int(),
  billableMinor: z.number().int(),
  nonBillableMinor: z.number().int(),
};

export const timeReportRowSchema = z.object({
  /** The client, project, member or task id; null for time on no task (task grouping) or a removed member's. */
  key: z.string().nullable(),
  label: z.string(),
  /** For project and task rows: the client; for task rows also the project. */
  clientName: z.string().nullable(),
  projectName: z.string().nullable(),
  ...figures,
});
export type TimeReportRow = z.infer<typeof timeReportRowSchema>;

export const timeReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(TIME_REPORT_GROUPS),
  currency: z.string(),
  rows: z.array(timeReportRowSchema),
  totals: z.object(figures),
  truncated: z.boolean(),
});
export type TimeReport = z.infer<typeof timeReportSchema>;

export const timeReportWeeksSchema = z.object({
  weeks: z.array(z.object({ weekStart: z.string(), billableMinutes: z.number().int(), nonBillableMinutes: z.number().int() })),
});
export type TimeReportWeeks = z.infer<typeof timeReportWeeksSchema>;

/** A row's label as the screen and the CSV show it. */
export function timeReportRowLabel(row: TimeReportRow, groupBy: TimeReportGroup): string {
  if (groupBy === 'task' && row.key === null) return TIME_REPORT_TEXTS.noTask;
  return row.label;
}

/** 'YYYY-MM-DD' of the first day of the month `add` months after `day`'s (UTC calendar arithmetic). */
function monthStart(day: string, add: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + add;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The day after `day`. */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The whole calendar months inside the days from..to (both included), as the first day of the
 * first and the first day after the last, or null when none is whole. A report reads these months
 * from the monthly totals and only the days outside them from the entries (decision 037).
 */
export function wholeMonths(from: string, to: string): { start: string; end: string } | null {
  const start = from.endsWith('-01') ? from : monthStart(from, 1);
  const end = monthStart(nextDay(to), 0);
  return start < end ? { start, end } : null;
}

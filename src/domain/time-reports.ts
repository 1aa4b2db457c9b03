// Time reports on the Reports tab (issue 32 item 4, decision 037): a date range's time by client,
// project, member or task, billable and not, in hours and money. Staff only, like the tab.
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { z } from 'zod';
import { messageWithValues, type Text } from './locales';

export const TIME_REPORT_GROUPS = ['client', 'project', 'member', 'task'] as const;
export type TimeReportGroup = (typeof TIME_REPORT_GROUPS)[number];

/** The longest range a report covers: a little over three years. */
export const MAX_REPORT_DAYS = 1100;
/** A report shows at most this many rows (the groups with the most time first). */
export const MAX_REPORT_ROWS = 2000;

/** Issue 48 (decision 045): texts of the `domain` part; the Reports tab shows them with useT('reports', 'domain'). */
export const TIME_REPORT_TEXTS = {
  title: /*i18n*/ { id: 'domain.time-reports.title', message: 'Time' },
  subtitle: /*i18n*/ { id: 'domain.time-reports.subtitle', message: 'Hours and money logged in the range, billable and not' },
  from: /*i18n*/ { id: 'domain.time-reports.from', message: 'From' },
  to: /*i18n*/ { id: 'domain.time-reports.to', message: 'To' },
  groupBy: /*i18n*/ { id: 'domain.time-reports.groupBy', message: 'Group by' },
  groups: {
    client: /*i18n*/ { id: 'domain.time-reports.groups.client', message: 'Client' },
    project: /*i18n*/ { id: 'domain.time-reports.groups.project', message: 'Project' },
    member: /*i18n*/ { id: 'domain.time-reports.groups.member', message: 'Member' },
    task: /*i18n*/ { id: 'domain.time-reports.groups.task', message: 'Task' },
  } satisfies Record<TimeReportGroup, Text>,
  billableHours: /*i18n*/ { id: 'domain.time-reports.billableHours', message: 'Billable hours' },
  nonBillableHours: /*i18n*/ { id: 'domain.time-reports.nonBillableHours', message: 'Non-billable hours' },
  totalHours: /*i18n*/ { id: 'domain.time-reports.totalHours', message: 'Total hours' },
  billableAmount: /*i18n*/ { id: 'domain.time-reports.billableAmount', message: 'Billable amount' },
  nonBillableAmount: /*i18n*/ { id: 'domain.time-reports.nonBillableAmount', message: 'Non-billable amount' },
  totalAmount: /*i18n*/ { id: 'domain.time-reports.totalAmount', message: 'Total amount' },
  client: /*i18n*/ { id: 'domain.time-reports.client', message: 'Client' },
  project: /*i18n*/ { id: 'domain.time-reports.project', message: 'Project' },
  total: /*i18n*/ { id: 'domain.time-reports.total', message: 'Total' },
  noTime: /*i18n*/ { id: 'domain.time-reports.noTime', message: 'No time logged in this range.' },
  noTask: /*i18n*/ { id: 'domain.time-reports.noTask', message: '(On the project)' },
  removedMember: /*i18n*/ { id: 'domain.time-reports.removedMember', message: 'Removed member' },
  loadFailed: /*i18n*/ { id: 'domain.time-reports.loadFailed', message: 'Failed to load the time report' },
  truncated: /*i18n*/ { id: 'domain.time-reports.truncated', message: 'Showing the {n} rows with the most time.' },
  chartTitle: /*i18n*/ { id: 'domain.time-reports.chartTitle', message: 'Hours per week' },
  chartBillable: /*i18n*/ { id: 'domain.time-reports.chartBillable', message: 'Billable' },
  chartNonBillable: /*i18n*/ { id: 'domain.time-reports.chartNonBillable', message: 'Non-billable' },
  chartLoading: /*i18n*/ { id: 'domain.time-reports.chartLoading', message: 'Loading the chart…' },
  chartLoadFailed: /*i18n*/ { id: 'domain.time-reports.chartLoadFailed', message: 'The hours per week could not be loaded.' },
  chartEmpty: /*i18n*/ { id: 'domain.time-reports.chartEmpty', message: 'No hours to chart in this range.' },
  chartSummary: /*i18n*/ { id: 'domain.time-reports.chartSummary', message: '{weeks, plural, one {# week} other {# weeks}}, {hours} hours in all' },
} as const;

/** The API's validation (zod carries the ids; the server answers them in the caller's language). */
export const TIME_REPORT_MESSAGES = {
  badDate: /*i18n*/ { id: 'domain.time-reports.badDate', message: 'Dates are written yyyy-MM-dd' },
  toBeforeFrom: /*i18n*/ { id: 'domain.time-reports.toBeforeFrom', message: 'The end of the range must not be before its start' },
  tooLong: /*i18n*/ { id: 'domain.time-reports.tooLong', message: 'A report covers at most {days} days' },
  badClient: /*i18n*/ { id: 'domain.time-reports.badClient', message: 'The client filter must be a client id' },
  badProject: /*i18n*/ { id: 'domain.time-reports.badProject', message: 'The project filter must be a project id' },
  badMember: /*i18n*/ { id: 'domain.time-reports.badMember', message: 'The member filter must be a member id' },
  badTask: /*i18n*/ { id: 'domain.time-reports.badTask', message: "The task filter must be a task id or 'none'" },
  badBillable: /*i18n*/ { id: 'domain.time-reports.badBillable', message: 'Billable must be all, billable or non-billable' },
  badGroupBy: /*i18n*/ { id: 'domain.time-reports.badGroupBy', message: 'Group by client, project, member or task' },
} as const;

const M = TIME_REPORT_MESSAGES;

export const reportDaySchema = z
  .string({ message: M.badDate.id })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.badDate.id)
  .refine((v) => isValid(parseISO(v)), M.badDate.id);

export function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = differenceInCalendarDays(parseISO(v.to), parseISO(v.from));
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: M.toBeforeFrom.id });
  else if (days >= MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: messageWithValues(M.tooLong, { days: MAX_REPORT_DAYS }) });
}

/** A date range, both days included. */
export const timeReportRangeSchema = z.object({ from: reportDaySchema, to: reportDaySchema }).superRefine(checkRange);

/** Issue 49 item 15: which entries a report counts by their billable flag. */
export const TIME_REPORT_BILLABLE = ['all', 'billable', 'non-billable'] as const;
export type TimeReportBillable = (typeof TIME_REPORT_BILLABLE)[number];
/** A task filter for the time on the project itself (no task). */
export const NO_TASK = 'none';

/**
 * Issue 49 item 15: the filters of a report and of its drill-down (client, project, member,
 * billable; a task only to list its entries). Ids of another organization match nothing.
 */
const filterShape = {
  clientId: z.uuid({ message: M.badClient.id }).optional(),
  projectId: z.uuid({ message: M.badProject.id }).optional(),
  memberId: z.uuid({ message: M.badMember.id }).optional(),
  billable: z.enum(TIME_REPORT_BILLABLE, { message: M.badBillable.id }).optional().default('all'),
};
const taskFilter = z.union([z.uuid({ message: M.badTask.id }), z.literal(NO_TASK, { message: M.badTask.id })], { message: M.badTask.id }).optional();
export type TimeReportFilters = {
  clientId?: string | undefined;
  projectId?: string | undefined;
  memberId?: string | undefined;
  billable?: TimeReportBillable | undefined;
  taskId?: string | undefined;
};

export const timeReportQuerySchema = z
  .object({
    from: reportDaySchema,
    to: reportDaySchema,
    groupBy: z.enum(TIME_REPORT_GROUPS, { message: M.badGroupBy.id }).optional().default('client'),
    ...filterShape,
  })
  .superRefine(checkRange);
export type TimeReportQuery = z.input<typeof timeReportQuerySchema>;

/** The entries under the drill-down's last step (a task, or the time on a project's no task). */
export const timeReportEntriesQuerySchema = z.object({ from: reportDaySchema, to: reportDaySchema, ...filterShape, taskId: taskFilter }).superRefine(checkRange);
export type TimeReportEntriesQuery = z.input<typeof timeReportEntriesQuerySchema>;

/** The weeks of the chart, under the same filters as the table. */
export const timeReportWeeksQuerySchema = z.object({ from: reportDaySchema, to: reportDaySchema, ...filterShape }).superRefine(checkRange);
export type TimeReportWeeksQuery = z.input<typeof timeReportWeeksQuerySchema>;

const figures = {
  billableMinutes: z.number().int(),
  nonBillableMinutes: z.number().int(),
  /** Null when there are such minutes and none has a rate in force (issue 49 item 8: "No rate set", not a zero). */
  billableMinor: z.number().int().nullable(),
  nonBillableMinor: z.number().int().nullable(),
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

/** The names of the client, project and task a report is narrowed to (null: not narrowed, or not this organization's). */
export const timeReportScopeSchema = z.object({ clientName: z.string().nullable(), projectName: z.string().nullable(), taskTitle: z.string().nullable() });
export type TimeReportScope = z.infer<typeof timeReportScopeSchema>;

export const timeReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(TIME_REPORT_GROUPS),
  currency: z.string(),
  rows: z.array(timeReportRowSchema),
  totals: z.object(figures),
  truncated: z.boolean(),
  scope: timeReportScopeSchema,
});
export type TimeReport = z.infer<typeof timeReportSchema>;

/** At most this many entries under one task of the drill-down. */
export const MAX_REPORT_ENTRIES = 1000;

export const timeReportEntrySchema = z.object({
  id: z.string(),
  workDate: z.string(),
  memberName: z.string(),
  minutes: z.number().int(),
  billable: z.boolean(),
  note: z.string().nullable(),
  /** Minutes times the rate in force (the project's, else the member's); null where neither has one. */
  amountMinor: z.number().int().nullable(),
});
export type TimeReportEntry = z.infer<typeof timeReportEntrySchema>;

export const timeReportEntriesSchema = z.object({
  currency: z.string(),
  entries: z.array(timeReportEntrySchema),
  totals: z.object(figures),
  truncated: z.boolean(),
  scope: timeReportScopeSchema,
});
export type TimeReportEntries = z.infer<typeof timeReportEntriesSchema>;

export const timeReportWeeksSchema = z.object({
  weeks: z.array(z.object({ weekStart: z.string(), billableMinutes: z.number().int(), nonBillableMinutes: z.number().int() })),
});
export type TimeReportWeeks = z.infer<typeof timeReportWeeksSchema>;

/** A row's label as the CSV shows it (English: the CSV's words are not translated yet). */
export function timeReportRowLabel(row: TimeReportRow, groupBy: TimeReportGroup): string {
  if (groupBy === 'task' && row.key === null) return TIME_REPORT_TEXTS.noTask.message;
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

/** Issue 49 item 15: what the report's filters offer, the organization's clients, projects and members by name. */
export const timeReportFilterOptionsSchema = z.object({
  clients: z.array(z.object({ id: z.string(), name: z.string() })),
  projects: z.array(z.object({ id: z.string(), name: z.string(), clientId: z.string().nullable() })),
  members: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TimeReportFilterOptions = z.infer<typeof timeReportFilterOptionsSchema>;
/** At most this many of each in the filters' lists. */
export const MAX_FILTER_OPTIONS = 5000;

/** Issue 49 item 15: the Reports page's one date range, a preset or custom from-to. */
export const REPORT_RANGE_PRESETS = ['this-week', 'last-week', 'this-month', 'last-month', 'custom'] as const;
export type ReportRangePreset = (typeof REPORT_RANGE_PRESETS)[number];

/**
 * The days (both included) of a preset as seen on `today` (the member's 'YYYY-MM-DD'): weeks
 * run Monday to Sunday (ISO 8601, as the timesheet's), months are calendar months; this week's
 * and this month's days after today are in the range (they hold no time yet, or planned time).
 */
export function reportPresetRange(preset: Exclude<ReportRangePreset, 'custom'>, today: string): { from: string; to: string } {
  const monday = (day: string) => {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    return shiftDays(day, -((weekday + 6) % 7));
  };
  switch (preset) {
    case 'this-week': {
      const from = monday(today);
      return { from, to: shiftDays(from, 6) };
    }
    case 'last-week': {
      const from = shiftDays(monday(today), -7);
      return { from, to: shiftDays(from, 6) };
    }
    case 'this-month': {
      const from = monthStart(today, 0);
      return { from, to: shiftDays(monthStart(today, 1), -1) };
    }
    case 'last-month':
      return { from: monthStart(today, -1), to: shiftDays(monthStart(today, 0), -1) };
  }
}

function shiftDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

// Time entries, the timer and the weekly timesheet (issue 32, decision 034): the API's schemas.
// The parsing rules and messages are in ./time-entry-rules.ts, without zod (decision 013).
import { z } from 'zod';
import { validationMessage } from './locales';
import { optionalText, text } from './text-fields';
import { isCalendarDate, parseDuration, TIME_MESSAGES, TIME_NOTE_MAX_LENGTH, WORK_DATE_MIN, MAX_MINUTES_PER_DAY } from './time-entry-rules';
import { PROJECT_DETAIL_MESSAGES } from './project-details';
import type { Weekday } from './region-rules';
import { TASK_MESSAGES } from './task-rules';
export * from './time-entry-rules';

/** The latest day the schema reads; the server also refuses more than a year after today. */
const WORK_DATE_MAX = '2099-12-31';

/** A work day, YYYY-MM-DD, from 2000 on. */
export const workDateSchema = text({ message: TIME_MESSAGES.dateInvalid.id })
  .refine(isCalendarDate, { message: TIME_MESSAGES.dateInvalid.id, abort: true })
  .refine((date) => date >= WORK_DATE_MIN && date <= WORK_DATE_MAX, { message: TIME_MESSAGES.dateOutOfRange.id });

/**
 * A duration: whole minutes as a number, or text as typed (`1:30`, `1.5h`, `90m`, `2h 15m`, a bare
 * number of hours), read by parseDuration. With `allowZero` (a timesheet cell) 0 and empty clear it.
 */
function durationSchema({ allowZero }: { allowZero: boolean }) {
  return z
    .union([z.number(), text().max(64, TIME_MESSAGES.durationUnreadable.id)], { message: TIME_MESSAGES.durationUnreadable.id })
    .transform((value, ctx) => {
      let minutes: number;
      if (typeof value === 'number') {
        if (!Number.isInteger(value) || value < 0) {
          ctx.addIssue({ code: 'custom', message: TIME_MESSAGES.durationUnreadable.id });
          return z.NEVER;
        }
        minutes = value;
      } else {
        const parsed = parseDuration(value);
        if (!parsed.ok) {
          ctx.addIssue({ code: 'custom', message: validationMessage(parsed.message) });
          return z.NEVER;
        }
        minutes = parsed.minutes;
      }
      if (minutes > MAX_MINUTES_PER_DAY) ctx.addIssue({ code: 'custom', message: TIME_MESSAGES.durationTooLong.id });
      else if (minutes === 0 && !allowZero) ctx.addIssue({ code: 'custom', message: TIME_MESSAGES.durationZero.id });
      else return minutes;
      return z.NEVER;
    });
}

const projectId = z.uuid({ message: PROJECT_DETAIL_MESSAGES.notFound.id });
const taskId = z
  .preprocess((v) => (v === '' ? null : v), z.uuid({ message: TASK_MESSAGES.notFound.id }).nullish())
  .transform((v) => v ?? null);
const memberId = z.uuid({ message: TIME_MESSAGES.memberNotFound.id });
const note = optionalText(TIME_NOTE_MAX_LENGTH);

/** A manual entry: on a task of the project, or on the project itself (no task). */
export const timeEntryInputSchema = z.object({
  projectId,
  taskId,
  workDate: workDateSchema,
  duration: durationSchema({ allowZero: false }),
  note,
  billable: z.boolean().optional().default(true),
  /** Staff logging for a member ranked below them (decision 006); the caller when absent. */
  profileId: memberId.optional(),
});
export type TimeEntryInput = z.input<typeof timeEntryInputSchema>;
export type TimeEntryValues = z.output<typeof timeEntryInputSchema>;

/**
 * The form of Log time and of an entry's Edit (time-entry-form.tsx): the day, the duration as
 * typed, the note and billable, checked as the API checks them; the duration comes out in minutes.
 */
export const timeEntryFormSchema = timeEntryInputSchema.pick({ workDate: true, duration: true, note: true, billable: true });
export type TimeEntryForm = z.input<typeof timeEntryFormSchema>;

/** A change to an entry: any of its day, duration, task, note and billable; its project and member stay. */
export const timeEntryUpdateSchema = z
  .object({
    taskId,
    workDate: workDateSchema,
    duration: durationSchema({ allowZero: false }),
    note,
    billable: z.boolean(),
  })
  .partial()
  .refine((v) => Object.values(v).some((field) => field !== undefined), { message: TIME_MESSAGES.changeSomething.id });
export type TimeEntryUpdate = z.output<typeof timeEntryUpdateSchema>;

export const timeEntrySchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  taskId: z.string().nullable(),
  taskTitle: z.string().nullable(),
  /** null once the member was removed; memberName keeps who it was. */
  profileId: z.string().nullable(),
  memberName: z.string(),
  workDate: z.string(),
  minutes: z.number().int(),
  note: z.string().nullable(),
  billable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller may change or delete it: their own, or a member's they outrank. */
  canEdit: z.boolean(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

/** Entries in a date range (at most 62 days): the caller's, a member's (staff), or a project's. */
export const timeEntryListQuerySchema = z
  .object({
    from: workDateSchema,
    to: workDateSchema,
    profileId: memberId.optional(),
    projectId: projectId.optional(),
  })
  .refine((q) => q.from <= q.to, { message: TIME_MESSAGES.rangeReversed.id, path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 61 * 86_400_000, { message: TIME_MESSAGES.rangeTooLong.id, path: ['to'] });
export type TimeEntryListQuery = z.output<typeof timeEntryListQuerySchema>;

/** At most TIME_ENTRY_LIST_LIMIT entries, oldest day first; `truncated` when there were more. */
export const TIME_ENTRY_LIST_LIMIT = 1000;
export const timeEntryListSchema = z.object({ items: z.array(timeEntrySchema), truncated: z.boolean() });

export const timerSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  taskId: z.string().nullable(),
  taskTitle: z.string().nullable(),
  note: z.string().nullable(),
  billable: z.boolean(),
  startedAt: z.string(),
});
export type Timer = z.infer<typeof timerSchema>;
export const timerStateSchema = z.object({ timer: timerSchema.nullable() });
export type TimerState = z.infer<typeof timerStateSchema>;

export const startTimerSchema = z.object({ projectId, taskId, note, billable: z.boolean().optional().default(true) });
export type StartTimerInput = z.input<typeof startTimerSchema>;

/**
 * Stopping the timer. Over TIMER_CONFIRM_MINUTES the server asks first (409 timer_long): `save`
 * keeps all of it, `trim` saves TIMER_CONFIRM_MINUTES. Under TIMER_SHORT_SECONDS it asks too
 * (409 timer_short): `save` keeps the minute, or the member discards the timer instead.
 * `workDate`: the day it started as the member's browser saw it (the server's UTC day of the start
 * otherwise), within a day of that.
 */
export const stopTimerSchema = z.object({
  confirm: z.enum(['save', 'trim']).optional(),
  workDate: workDateSchema.optional(),
});
export type StopTimerInput = z.input<typeof stopTimerSchema>;

/**
 * The weekday a timesheet's week starts on, 1 Monday ... 7 Sunday (the member's, region-rules.ts
 * firstDayOfWeek); Monday when absent, an ISO 8601 week. A query's text ('7') is read as a number.
 */
const firstDaySchema = z.coerce
  .number({ message: TIME_MESSAGES.firstDayInvalid.id })
  .int(TIME_MESSAGES.firstDayInvalid.id)
  .min(1, TIME_MESSAGES.firstDayInvalid.id)
  .max(7, TIME_MESSAGES.firstDayInvalid.id)
  .transform((day) => day as Weekday)
  .optional()
  .default(1);

/** A week of one member's time: any day of the week names it; it starts on `firstDay` (Monday unless given). */
export const timesheetQuerySchema = z.object({ week: workDateSchema, profileId: memberId.optional(), firstDay: firstDaySchema });

export const timesheetRowSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  taskId: z.string().nullable(),
  taskTitle: z.string().nullable(),
  /** Minutes per day, in the order of the timesheet's `days`: its week's first day first. */
  minutes: z.array(z.number().int()),
  total: z.number().int(),
});
export type TimesheetRow = z.infer<typeof timesheetRowSchema>;

export const timesheetSchema = z.object({
  /** The week's first day (YYYY-MM-DD), a `firstDay` weekday. */
  weekStart: z.string(),
  /** The weekday the week starts on, as asked: 1 Monday ... 7 Sunday. */
  firstDay: z.number().int(),
  /** The seven days, weekStart first. */
  days: z.array(z.string()),
  profileId: z.string(),
  memberName: z.string(),
  /** The caller may type into it: their own week, or a member's they outrank. */
  canEdit: z.boolean(),
  rows: z.array(timesheetRowSchema),
  dayTotals: z.array(z.number().int()),
  total: z.number().int(),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/**
 * One cell of the timesheet set to a total (decision 034): 0 or empty clears it. A cell holding
 * several entries grows by a new entry and shrinks from its newest entries first.
 */
export const timesheetCellSchema = z.object({
  projectId,
  taskId,
  workDate: workDateSchema,
  duration: durationSchema({ allowZero: true }),
  profileId: memberId.optional(),
  /** The week the answer shows: the one holding workDate, starting on this weekday (Monday unless given). */
  firstDay: firstDaySchema,
});
export type TimesheetCellInput = z.input<typeof timesheetCellSchema>;

/**
 * The timesheet's Add row (timesheet-tab.tsx): a project, and a task of it or none (a row for the
 * project itself). Both come from lists the server gave; a row holds no time until a cell is typed,
 * which timesheetCellSchema checks.
 */
export const timesheetRowFormSchema = z.object({
  projectId: z.string().min(1, TIME_MESSAGES.projectRequired.id),
  taskId: z
    .string()
    .optional()
    .transform((v) => v || null),
});
export type TimesheetRowForm = z.input<typeof timesheetRowFormSchema>;

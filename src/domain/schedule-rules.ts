// Planning the work (issue 51): working days, a template task's offsets, a task's estimate and how
// it spreads over the days from its start to its due date. Dates are 'YYYY-MM-DD' strings counted
// in UTC (time-entry-rules' addDaysToDate), so a summer-time change day is a day like any other.
// Pure and zod-free: the timeline, the workload and the server's services all read these; the
// callers' schemas check that a date is a calendar day before it gets here.
import { withValues, type Text } from './locales';
import { addDaysToDate, daysBetween, isCalendarDate, readDuration, TIME_MESSAGES } from './time-entry-rules';
// Not task-rules.ts: this file's words are the dashboard's (vite.config.ts), task-rules' a share link's.
import { MAX_ESTIMATE_MINUTES, MAX_MINUTES_PER_DAY } from './time-rules';

/** ISO 8601 weekdays: 1 is Monday, 7 is Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The days someone works: the weekdays worked, and single days off ('YYYY-MM-DD'). */
export type Workweek = {
  readonly weekdays: readonly IsoWeekday[];
  readonly daysOff?: ReadonlySet<string>;
};

/** Monday to Friday, no days off: an organization's workweek until it says otherwise. */
export const DEFAULT_WORKWEEK: Workweek = { weekdays: [1, 2, 3, 4, 5] };

/**
 * Minutes of work per weekday, Monday first (index 0 is Monday, 6 is Sunday); 0 is not worked.
 * A member's capacity on the Workload page.
 */
export type WeekCapacity = readonly [number, number, number, number, number, number, number];

/** Eight hours Monday to Friday. */
export const DEFAULT_CAPACITY: WeekCapacity = [480, 480, 480, 480, 480, 0, 0];

/**
 * The longest span, in calendar days, any rule here walks (about three years). A plan, an offset
 * or a workweek that would need more is refused with a message, so no caller loops for ever (a
 * workweek with no day worked has no next working day at all).
 */
export const MAX_PLAN_DAYS = 3 * 366;

/** The largest offset, in working days, of a template task from its project's start. */
export const MAX_OFFSET_WORKING_DAYS = 750;

/** A task's estimate is at most this many minutes (999 hours). */
export { MAX_ESTIMATE_MINUTES };

export const SCHEDULE_MESSAGES = {
  startAfterDue: /*i18n*/ { id: 'domain.schedule-rules.startAfterDue', message: 'Start date must be on or before the due date.' },
  estimateUnreadable: /*i18n*/ { id: 'domain.schedule-rules.estimateUnreadable', message: 'Type an estimate such as 2h, 1:30 or 90m' },
  estimateNotPositive: /*i18n*/ { id: 'domain.schedule-rules.estimateNotPositive', message: 'An estimate must be more than 0 minutes' },
  estimateTooLarge: /*i18n*/ { id: 'domain.schedule-rules.estimateTooLarge', message: 'An estimate is at most 999 hours' },
  planTooLong: /*i18n*/ { id: 'domain.schedule-rules.planTooLong', message: 'Choose a start and a due date at most 3 years apart' },
  /** A template task's offsets, in working days from the project's start. */
  offsetInvalid: /*i18n*/ { id: 'domain.schedule-rules.offsetInvalid', message: 'An offset is a whole number of working days from 0 to {max, number}' },
  offsetsReversed: /*i18n*/ { id: 'domain.schedule-rules.offsetsReversed', message: 'The start offset must be at most the due offset' },
  offsetTooFar: /*i18n*/ { id: 'domain.schedule-rules.offsetTooFar', message: 'This offset reaches more than 3 years past the project start' },
  /** A workweek with no day worked, or days off covering years. */
  noWorkingDay: /*i18n*/ { id: 'domain.schedule-rules.noWorkingDay', message: 'There is no working day within 3 years of {date}' },
  capacityInvalid: /*i18n*/ { id: 'domain.schedule-rules.capacityInvalid', message: 'Capacity is a whole number of minutes from 0 to 24 hours a day' },
} as const;

function weekdayOf(date: string): IsoWeekday {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

/** The workweek a member's capacity makes: the weekdays with minutes, and their days off. */
export function workweekOfCapacity(capacity: WeekCapacity, daysOff?: ReadonlySet<string>): Workweek {
  const weekdays = capacity.flatMap((minutes, index) => (minutes > 0 ? [(index + 1) as IsoWeekday] : []));
  return daysOff ? { weekdays, daysOff } : { weekdays };
}

/** Null when every day's capacity is whole minutes from 0 to 24 hours; else the message. */
export function capacityError(capacity: readonly number[]): Text | null {
  const valid = capacity.length === 7 && capacity.every((minutes) => Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_MINUTES_PER_DAY);
  return valid ? null : SCHEDULE_MESSAGES.capacityInvalid;
}

export function isWorkingDay(date: string, workweek: Workweek = DEFAULT_WORKWEEK): boolean {
  return workweek.weekdays.includes(weekdayOf(date)) && !(workweek.daysOff?.has(date) ?? false);
}

/**
 * The first working day on or after `date` (the date itself when it is one); null when there is
 * none within MAX_PLAN_DAYS.
 */
export function nextWorkingDay(date: string, workweek: Workweek = DEFAULT_WORKWEEK): string | null {
  for (let i = 0; i <= MAX_PLAN_DAYS; i += 1) {
    const day = addDaysToDate(date, i);
    if (isWorkingDay(day, workweek)) return day;
  }
  return null;
}

/**
 * The working day `n` working days after the first working day on or after `date`: offset 0 is
 * that first working day (a Saturday's 0 is the Monday), a Friday's 1 is the next Monday. Null
 * when the day would be more than MAX_PLAN_DAYS after `date`. `n` is a whole number, 0 or more.
 */
export function addWorkingDays(date: string, n: number, workweek: Workweek = DEFAULT_WORKWEEK): string | null {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a count of working days: ${n}`);
  let left = n;
  for (let i = 0; i <= MAX_PLAN_DAYS; i += 1) {
    const day = addDaysToDate(date, i);
    if (!isWorkingDay(day, workweek)) continue;
    if (left === 0) return day;
    left -= 1;
  }
  return null;
}

/**
 * The working days from `start` to `due`, both counted; 0 when `start` is after `due`. Counted by
 * whole weeks, so a range of any length answers at once.
 */
export function workingDaysBetween(start: string, due: string, workweek: Workweek = DEFAULT_WORKWEEK): number {
  const span = daysBetween(start, due) + 1;
  if (span <= 0) return 0;
  const weekdays = new Set(workweek.weekdays);
  let count = Math.floor(span / 7) * weekdays.size;
  for (let i = span - (span % 7); i < span; i += 1) {
    if (weekdays.has(weekdayOf(addDaysToDate(start, i)))) count += 1;
  }
  for (const day of workweek.daysOff ?? []) {
    if (day >= start && day <= due && weekdays.has(weekdayOf(day))) count -= 1;
  }
  return count;
}

/**
 * Null when a task may run from `start` to `due`; else the message: a date that is not a calendar
 * day, a start after the due date ("Start date must be on or before the due date"), or a range of
 * more than MAX_PLAN_DAYS.
 */
export function planDateError(start: string, due: string): Text | null {
  if (!isCalendarDate(start) || !isCalendarDate(due)) return TIME_MESSAGES.dateInvalid;
  if (start > due) return SCHEDULE_MESSAGES.startAfterDue;
  if (daysBetween(start, due) >= MAX_PLAN_DAYS) return SCHEDULE_MESSAGES.planTooLong;
  return null;
}

/** A template task's place in its plan: working days from the project's start (0 is its first working day). */
export type PlanOffsets = { readonly startOffset?: number | null; readonly dueOffset?: number | null };

export type ScheduledDates =
  | { ok: true; startDate: string | null; dueDate: string | null }
  | { ok: false; message: Text };

function offsetValid(offset: number | null | undefined): boolean {
  return offset == null || (Number.isSafeInteger(offset) && offset >= 0 && offset <= MAX_OFFSET_WORKING_DAYS);
}

/**
 * A template task's dates in a project starting `projectStart` (Use Template, Create Project):
 * each offset counted in working days from the project's first working day on or after its
 * start, so a plan starting on a Saturday starts on the Monday. An offset left out leaves its
 * date empty.
 */
export function scheduleFromOffsets(projectStart: string, offsets: PlanOffsets, workweek: Workweek = DEFAULT_WORKWEEK): ScheduledDates {
  const { startOffset, dueOffset } = offsets;
  if (!isCalendarDate(projectStart)) return { ok: false, message: TIME_MESSAGES.dateInvalid };
  if (!offsetValid(startOffset) || !offsetValid(dueOffset)) {
    return { ok: false, message: withValues(SCHEDULE_MESSAGES.offsetInvalid, { max: MAX_OFFSET_WORKING_DAYS }) };
  }
  if (startOffset != null && dueOffset != null && startOffset > dueOffset) return { ok: false, message: SCHEDULE_MESSAGES.offsetsReversed };
  const dateAt = (offset: number | null | undefined): string | null | undefined =>
    offset == null ? null : (addWorkingDays(projectStart, offset, workweek) ?? undefined);
  const startDate = dateAt(startOffset);
  const dueDate = dateAt(dueOffset);
  if (startDate === undefined || dueDate === undefined) {
    const message = nextWorkingDay(projectStart, workweek) === null ? withValues(SCHEDULE_MESSAGES.noWorkingDay, { date: projectStart }) : SCHEDULE_MESSAGES.offsetTooFar;
    return { ok: false, message };
  }
  return { ok: true, startDate, dueDate };
}

export type ParsedEstimate = { ok: true; minutes: number } | { ok: false; message: Text };

/**
 * A task's estimate as typed, in whole minutes: read as a time entry's duration (`2h`, `1:30`,
 * `90m`, `1.5h`, `2h 15m`, a bare number is hours), more than 0 and at most 999 hours. Empty is
 * unreadable: a form that allows no estimate clears the field before it asks.
 */
export function parseEstimate(input: string): ParsedEstimate {
  const typed = input.trim();
  if (typed === '') return { ok: false, message: SCHEDULE_MESSAGES.estimateUnreadable };
  // "-2h" would read as unreadable; say what is wrong with it instead.
  if (/^[-\u2212]/.test(typed)) return { ok: false, message: SCHEDULE_MESSAGES.estimateNotPositive };
  const read = readDuration(typed);
  if (read === null) return { ok: false, message: SCHEDULE_MESSAGES.estimateUnreadable };
  if (read.minutes <= 0) return { ok: false, message: SCHEDULE_MESSAGES.estimateNotPositive };
  if (read.minutes > MAX_ESTIMATE_MINUTES) return { ok: false, message: SCHEDULE_MESSAGES.estimateTooLarge };
  return { ok: true, minutes: read.minutes };
}

export type EstimateSpread = { ok: true; days: Record<string, number> } | { ok: false; message: Text };

export type SpreadInput = {
  /** The estimate, whole minutes (0 or more). */
  readonly minutes: number;
  readonly start: string;
  readonly due: string;
  readonly capacity: WeekCapacity;
  readonly daysOff?: ReadonlySet<string>;
};

/**
 * An estimate spread over the working days from `start` to `due` (both included), in proportion
 * to each day's capacity: whole minutes per day ('YYYY-MM-DD' -> minutes, in date order) that add
 * up exactly to `minutes`. A working day is one with capacity that is not a day off; a day given
 * no minute by the rounding is left out. The rounding is the largest remainder's: each day gets
 * its share rounded down, and the minutes left go one each to the days whose shares lost the
 * most, the earlier day first on a tie (100 minutes over 3 equal days: 34, 33, 33).
 *
 * When the range holds no working day (a task on a weekend, or on a day off), all of the
 * estimate lands on the due date: the work is planned for then, and the Workload page shows it
 * as over that day's capacity rather than losing it.
 *
 * A start after the due date, or a range over MAX_PLAN_DAYS, answers planDateError's message.
 */
export function spreadEstimate(input: SpreadInput): EstimateSpread {
  const { minutes, start, due, capacity, daysOff } = input;
  if (!Number.isSafeInteger(minutes) || minutes < 0) throw new RangeError(`Not whole minutes: ${minutes}`);
  const error = planDateError(start, due);
  if (error) return { ok: false, message: error };
  const workday: Array<{ date: string; capacity: number }> = [];
  const span = daysBetween(start, due);
  for (let i = 0; i <= span; i += 1) {
    const date = addDaysToDate(start, i);
    const dayCapacity = capacity[weekdayOf(date) - 1]!;
    if (dayCapacity > 0 && !(daysOff?.has(date) ?? false)) workday.push({ date, capacity: dayCapacity });
  }
  if (minutes === 0) return { ok: true, days: {} };
  if (workday.length === 0) return { ok: true, days: { [due]: minutes } };
  const total = workday.reduce((sum, day) => sum + day.capacity, 0);
  // Integers only: minutes * capacity stays exact (999 h of estimate * 24 h of capacity is under 10^8).
  const shares = workday.map((day, index) => ({ index, whole: Math.floor((minutes * day.capacity) / total), remainder: (minutes * day.capacity) % total }));
  let left = minutes - shares.reduce((sum, share) => sum + share.whole, 0);
  for (const share of [...shares].sort((x, y) => y.remainder - x.remainder || x.index - y.index)) {
    if (left === 0) break;
    share.whole += 1;
    left -= 1;
  }
  const days: Record<string, number> = {};
  for (const share of shares) if (share.whole > 0) days[workday[share.index]!.date] = share.whole;
  return { ok: true, days };
}

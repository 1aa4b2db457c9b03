// Time entries (issue 32, decision 034): how a typed duration becomes whole minutes, how minutes
// are shown, the week a timesheet shows and the messages both sides use. Without zod (decision
// 013): the top bar's timer and the timesheet read these. The API's schemas are in
// ./time-entries.ts. Durations are integers from the first keystroke; no float is ever summed.
import { withValues, type Text } from './locales';
import { formatMinutes, MAX_MINUTES_PER_DAY } from './time-rules';
export { formatMinutes };
import type { Weekday } from './region-rules';

export { MAX_MINUTES_PER_DAY };

/** A timer that ran longer than this asks before saving (left running past midnight, say). */
export const TIMER_CONFIRM_MINUTES = 10 * 60;

/**
 * A timer stopped before this many seconds asks before saving (issue 49 item 14): a start and stop
 * by accident would otherwise log a billable minute. The member discards it or saves it anyway.
 */
export const TIMER_SHORT_SECONDS = 60;

/** The earliest day time may be logged on; the latest is a year after today (the server's clock). */
export const WORK_DATE_MIN = '2000-01-01';
export const WORK_DATE_MAX_DAYS_AHEAD = 366;

export const TIME_NOTE_MAX_LENGTH = 1000;

/** The longest input worth reading as a duration ("2 hours 15 minutes" is 18). */
const DURATION_MAX_LENGTH = 24;

export const TIME_MESSAGES = {
  durationUnreadable: /*i18n*/ { id: 'domain.time-entry-rules.durationUnreadable', message: 'Type a duration such as 1:30, 1.5h, 90m or 2h 15m' },
  durationZero: /*i18n*/ { id: 'domain.time-entry-rules.durationZero', message: 'A duration must be more than 0 minutes' },
  durationTooLong: /*i18n*/ { id: 'domain.time-entry-rules.durationTooLong', message: 'A duration is at most 24:00' },
  /** A bare number means hours: "45" is 45 hours, which a day does not hold. */
  bareNumberTooLarge: /*i18n*/ { id: 'domain.time-entry-rules.bareNumberTooLarge', message: '{typed} hours is more than a day. A number alone means hours; type {typed}m for minutes' },
  /** `{total}` h:mm (dayFullMessage fills it). */
  dayFull: /*i18n*/ { id: 'domain.time-entry-rules.dayFull', message: 'That makes {total} on {date}; a day holds at most 24:00' },
  dateInvalid: /*i18n*/ { id: 'domain.time-entry-rules.dateInvalid', message: 'Choose a valid date' },
  dateOutOfRange: /*i18n*/ { id: 'domain.time-entry-rules.dateOutOfRange', message: 'Choose a date from 2000 up to a year from today' },
  weekInvalid: /*i18n*/ { id: 'domain.time-entry-rules.weekInvalid', message: 'Choose a valid week' },
  /** A timesheet's `firstDay` outside 1 (Monday) ... 7 (Sunday). */
  firstDayInvalid: /*i18n*/ { id: 'domain.time-entry-rules.firstDayInvalid', message: 'Choose the first day of the week as a number from 1 (Monday) to 7 (Sunday)' },
  rangeTooLong: /*i18n*/ { id: 'domain.time-entry-rules.rangeTooLong', message: 'Choose at most 62 days' },
  rangeReversed: /*i18n*/ { id: 'domain.time-entry-rules.rangeReversed', message: 'The end date is before the start date' },
  noteTooLong: /*i18n*/ { id: 'domain.time-entry-rules.noteTooLong', message: 'A note is at most {max, number} characters' },
  entryNotFound: /*i18n*/ { id: 'domain.time-entry-rules.entryNotFound', message: 'Time entry not found' },
  memberNotFound: /*i18n*/ { id: 'domain.time-entry-rules.memberNotFound', message: 'Member not found' },
  /** The timesheet's Add row, submitted without a project. */
  projectRequired: /*i18n*/ { id: 'domain.time-entry-rules.projectRequired', message: 'Choose a project' },
  memberNotOnProject: /*i18n*/ { id: 'domain.time-entry-rules.memberNotOnProject', message: '{name} is not on this project' },
  notYours: /*i18n*/ { id: 'domain.time-entry-rules.notYours', message: 'You may change only your own time, or the time of members ranked below you' },
  othersHidden: /*i18n*/ { id: 'domain.time-entry-rules.othersHidden', message: 'You can see only your own time' },
  timerRunning: /*i18n*/ { id: 'domain.time-entry-rules.timerRunning', message: 'A timer is already running. Stop it before starting another' },
  changeSomething: /*i18n*/ { id: 'domain.time-entry-rules.changeSomething', message: 'Change at least one field' },
  noTimer: /*i18n*/ { id: 'domain.time-entry-rules.noTimer', message: 'No timer is running' },
  // The timer's questions: timerLongMessage, timerShortMessage and timerOverDayMessage fill them.
  timerLong: /*i18n*/ { id: 'domain.time-entry-rules.timerLong', message: 'The timer ran for {elapsed}. Save all of it, or trim it to {limit}?' },
  timerShort: /*i18n*/ {
    id: 'domain.time-entry-rules.timerShort',
    message: 'The timer ran for {seconds, plural, one {# second} other {# seconds}}. Discard it, or save it as {minimum}?',
  },
  timerOverDay: /*i18n*/ { id: 'domain.time-entry-rules.timerOverDay', message: 'The timer ran for {elapsed}, more than a day. Trim it to {limit} or discard it' },
} as const;

/** "That makes 25:00 on 2026-11-23; …": the day's total as h:mm. */
export function dayFullMessage(date: string, total: number): Text {
  return withValues(TIME_MESSAGES.dayFull, { date, total: formatMinutes(total) });
}

/** A timer that ran past TIMER_CONFIRM_MINUTES: save all, or trim. */
export function timerLongMessage(minutes: number): Text {
  return withValues(TIME_MESSAGES.timerLong, { elapsed: formatMinutes(minutes), limit: formatMinutes(TIMER_CONFIRM_MINUTES) });
}

/** A timer stopped under TIMER_SHORT_SECONDS: discard, or save a minute. */
export function timerShortMessage(seconds: number): Text {
  return withValues(TIME_MESSAGES.timerShort, { seconds, minimum: formatMinutes(1) });
}

/** A timer that ran more than a day: trim or discard. */
export function timerOverDayMessage(minutes: number): Text {
  return withValues(TIME_MESSAGES.timerOverDay, { elapsed: formatMinutes(minutes), limit: formatMinutes(TIMER_CONFIRM_MINUTES) });
}

export type ParsedDuration = { ok: true; minutes: number } | { ok: false; message: Text };

/** Hours written with an optional decimal part ("1", "1.5", "0,25"), as whole minutes, rounded to the nearest (halves up), in integers only. */
function decimalHoursToMinutes(whole: string, fraction: string): number {
  const scale = 10 ** fraction.length;
  const numerator = (Number(whole) * scale + Number(fraction || '0')) * 60;
  // floor((2n + d) / 2d): the nearest integer to n / d, a half going up; exact in integers.
  return Math.floor((2 * numerator + scale) / (2 * scale));
}

const CLOCK = /^(\d{1,3}):([0-5]\d)$/;
const HOURS = /^(\d{1,3})(?:[.,](\d{1,4}))?\s*(?:h|hr|hrs|hour|hours)?$/;
const MINUTES = /^(\d{1,5})\s*(?:m|min|mins|minute|minutes)$/;
const HOURS_AND_MINUTES = /^(\d{1,3})\s*(?:h|hr|hrs|hour|hours)\s*(\d{1,4})\s*(?:m|min|mins|minute|minutes)?$/;

/**
 * The whole minutes a typed duration says, with no upper limit, and whether it was a bare number
 * (hours, no unit): parseDuration's reading, shared with a task's estimate (issue 51), whose limit
 * is 999 hours rather than a day. Empty is 0 minutes; null when unreadable.
 */
export function readDuration(input: string): { minutes: number; bare: boolean } | null {
  const typed = input.trim().toLowerCase().replace(/\s+/g, ' ');
  if (typed === '') return { minutes: 0, bare: false };
  if (typed.length > DURATION_MAX_LENGTH) return null;
  let match: RegExpExecArray | null;
  if ((match = CLOCK.exec(typed))) return { minutes: Number(match[1]) * 60 + Number(match[2]), bare: false };
  if ((match = MINUTES.exec(typed))) return { minutes: Number(match[1]), bare: false };
  if ((match = HOURS_AND_MINUTES.exec(typed))) return { minutes: Number(match[1]) * 60 + Number(match[2]), bare: false };
  if ((match = HOURS.exec(typed))) return { minutes: decimalHoursToMinutes(match[1]!, match[2] ?? ''), bare: !/[a-z]/.test(typed) };
  return null;
}

/**
 * A duration as typed, in whole minutes (decision 034):
 *   `1:30` hours:minutes · `1.5h` or `1,5h` decimal hours · `90m` minutes · `2h 15m` or `2h15`
 *   · a bare number is hours, as a timesheet is typed: `8` is 8:00, `1.5` is 1:30, `45` is 45 hours
 *   (refused: more than a day; `45m` is 45 minutes).
 * Decimal hours round to the nearest minute (`0.01h` is 1 minute, `1.999h` is 2:00). Empty and `0`
 * are 0 minutes; whether 0 is allowed is the caller's rule (a timesheet cell: it clears the cell).
 */
export function parseDuration(input: string): ParsedDuration {
  const read = readDuration(input);
  if (read === null) return { ok: false, message: TIME_MESSAGES.durationUnreadable };
  if (read.bare && read.minutes > MAX_MINUTES_PER_DAY) {
    return { ok: false, message: withValues(TIME_MESSAGES.bareNumberTooLarge, { typed: input.trim().toLowerCase().replace(/\s+/g, ' ') }) };
  }
  if (read.minutes > MAX_MINUTES_PER_DAY) return { ok: false, message: TIME_MESSAGES.durationTooLong };
  return { ok: true, minutes: read.minutes };
}

/** Whole minutes elapsed between two instants, rounded to the nearest minute (a half goes up). */
export function elapsedMinutes(from: Date, to: Date): number {
  const ms = Math.max(0, to.getTime() - from.getTime());
  return Math.floor((ms + 30_000) / 60_000);
}

/** Whole seconds elapsed between two instants (none when `to` is before `from`). */
export function elapsedSeconds(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));
}

/**
 * Whether a timer started at `startedAt` and stopped at `stoppedAt` ran under TIMER_SHORT_SECONDS,
 * so stopping it asks first (409 timer_short): exactly TIMER_SHORT_SECONDS is saved as ever.
 */
export function isShortTimer(startedAt: Date, stoppedAt: Date): boolean {
  return stoppedAt.getTime() - startedAt.getTime() < TIMER_SHORT_SECONDS * 1000;
}

/** Elapsed time as h:mm:ss, for the running timer. */
export function formatElapsed(from: Date, to: Date): string {
  const seconds = elapsedSeconds(from, to);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** A sum of whole minutes; refuses anything that is not one, so a float never enters a total. */
export function sumMinutes(values: readonly number[]): number {
  let total = 0;
  for (const value of values) {
    if (!Number.isSafeInteger(value)) throw new TypeError(`Not whole minutes: ${value}`);
    total += value;
  }
  return total;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** `date` (YYYY-MM-DD) moved by `days`, calendar days in UTC (no time zone shifts a date). */
export function addDaysToDate(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * The first day of the week holding `date`. `firstDay` is the weekday a week starts on, 1 Monday ...
 * 7 Sunday (region-rules.ts firstDayOfWeek); Monday unless given: an ISO 8601 week, as reports,
 * budgets and the burn-down count them (decision 034). The timesheet passes the member's own.
 */
export function weekStartOf(date: string, firstDay: Weekday = 1): string {
  // getUTCDay is 0 for Sunday; as ISO 8601 numbers it, 7.
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
  return addDaysToDate(date, -((weekday - firstDay + 7) % 7));
}

/** The seven days of the week starting `start`, in order. */
export function weekDays(start: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDaysToDate(start, i));
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The local calendar day of an instant, as the member's browser sees it. */
export function localDate(at: Date): string {
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

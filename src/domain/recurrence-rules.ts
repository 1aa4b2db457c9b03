// Recurring tasks (issue 51 item 4, decision 046): a task's rule as an RFC 5545 RRULE string,
// limited to what the Repeat control offers: every weekday (or every N days), weekly on chosen
// days, monthly on day N, monthly on the n-th weekday. Parsing, writing and saying a rule in words
// live here, without zod and without the rrule library, so the task list can say a rule without
// downloading either; the dates a rule gives are the server's (recurrence-dates.ts, through rrule).
import { withValues, type Text } from './locales';

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WORKING_WEEKDAYS: readonly Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

/** The n-th weekday of a month: 1st to 4th, or the last (-1); a 5th would skip most months. */
export const NTH_WEEKDAYS = [1, 2, 3, 4, -1] as const;
export type NthWeekday = (typeof NTH_WEEKDAYS)[number];

export const MAX_INTERVAL = 12;
/** An end date (UNTIL) may lie this many years ahead at most; a count (COUNT) is not offered. */
export const MAX_UNTIL_YEARS = 5;

/** A rule the product offers, as the Repeat control edits it. */
export type Recurrence =
  | { kind: 'weekdays' }
  | { kind: 'daily'; interval: number; until?: string }
  | { kind: 'weekly'; interval: number; days: Weekday[]; until?: string }
  | { kind: 'monthly_day'; interval: number; day: number; until?: string }
  | { kind: 'monthly_weekday'; interval: number; nth: NthWeekday; weekday: Weekday; until?: string };

export const RECURRENCE_MESSAGES = {
  invalid: /*i18n*/ { id: 'domain.recurrence-rules.invalid', message: 'Choose how the task repeats: every weekday, weekly on chosen days, or monthly.' },
  noDays: /*i18n*/ { id: 'domain.recurrence-rules.noDays', message: 'Choose at least one day of the week.' },
  dayOutOfRange: /*i18n*/ { id: 'domain.recurrence-rules.dayOutOfRange', message: 'The day of the month must be between 1 and 31.' },
  intervalOutOfRange: /*i18n*/ { id: 'domain.recurrence-rules.intervalOutOfRange', message: 'A task repeats every 1 to 12 days, weeks or months.' },
  untilTooFar: /*i18n*/ { id: 'domain.recurrence-rules.untilTooFar', message: 'A repeating task may end at most 5 years from today.' },
  notRecurring: /*i18n*/ { id: 'domain.recurrence-rules.notRecurring', message: 'This task does not repeat.' },
  dateTaken: /*i18n*/ { id: 'domain.recurrence-rules.dateTaken', message: 'Another occurrence of this task is due on that date.' },
  noNextDate: /*i18n*/ { id: 'domain.recurrence-rules.noNextDate', message: 'The rule gives no further date.' },
} as const;

export const RECURRENCE_WORDS = {
  weekdays: /*i18n*/ { id: 'domain.recurrence-rules.weekdays', message: 'Repeats every weekday' },
  // One text for every week (month, day), one for every few: each says its number as a word would.
  daily: /*i18n*/ { id: 'domain.recurrence-rules.daily', message: 'Repeats every day' },
  dailyEvery: /*i18n*/ { id: 'domain.recurrence-rules.dailyEvery', message: 'Repeats every {interval} days' },
  weekly: /*i18n*/ { id: 'domain.recurrence-rules.weekly', message: 'Repeats weekly on {days}' },
  weeklyEvery: /*i18n*/ { id: 'domain.recurrence-rules.weeklyEvery', message: 'Repeats every {interval} weeks on {days}' },
  monthlyDay: /*i18n*/ { id: 'domain.recurrence-rules.monthlyDay', message: 'Repeats monthly on day {day}' },
  monthlyDayEvery: /*i18n*/ { id: 'domain.recurrence-rules.monthlyDayEvery', message: 'Repeats every {interval} months on day {day}' },
  monthlyWeekday: /*i18n*/ { id: 'domain.recurrence-rules.monthlyWeekday', message: 'Repeats monthly on the {nth} {weekday}' },
  monthlyWeekdayEvery: /*i18n*/ { id: 'domain.recurrence-rules.monthlyWeekdayEvery', message: 'Repeats every {interval} months on the {nth} {weekday}' },
  until: /*i18n*/ { id: 'domain.recurrence-rules.until', message: '{rule} until {date}' },
} as const;

/** "the second Tuesday": the n-th's word. */
export const NTH_WORDS: Record<NthWeekday, Text> = {
  1: /*i18n*/ { id: 'domain.recurrence-rules.nth.first', message: 'first' },
  2: /*i18n*/ { id: 'domain.recurrence-rules.nth.second', message: 'second' },
  3: /*i18n*/ { id: 'domain.recurrence-rules.nth.third', message: 'third' },
  4: /*i18n*/ { id: 'domain.recurrence-rules.nth.fourth', message: 'fourth' },
  [-1]: /*i18n*/ { id: 'domain.recurrence-rules.nth.last', message: 'last' },
};

/** Why a rule is refused: the message for the `rule` field. */
export type RecurrenceError = { ok: false; message: Text };
export type ParsedRecurrence = { ok: true; recurrence: Recurrence } | RecurrenceError;

const refuse = (message: Text = RECURRENCE_MESSAGES.invalid): RecurrenceError => ({ ok: false, message });

const isWeekday = (value: string): value is Weekday => (WEEKDAYS as readonly string[]).includes(value);
const byWeek = (days: Weekday[]) => WEEKDAYS.filter((day) => days.includes(day));
const sameDays = (a: readonly Weekday[], b: readonly Weekday[]) => a.length === b.length && a.every((day) => b.includes(day));

/** `20270131` or `20270131T235959Z` -> `2027-01-31`; null when it is no date. */
function untilDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(value);
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date ? date : null;
}

function addYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year + years, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * Reads an RRULE (`FREQ=WEEKLY;BYDAY=MO,TH`, an `RRULE:` prefix allowed) into the product's model,
 * or the reason it is refused: a frequency other than daily, weekly or monthly, a part the model
 * has no use for (BYHOUR, BYMONTH, COUNT, ...), weekly with no days, a day of the month outside
 * 1-31, an interval outside 1-12, an end date more than 5 years after `today` (yyyy-MM-dd).
 */
export function parseRecurrence(rule: string, today: string): ParsedRecurrence {
  const text = rule.trim().replace(/^RRULE:/i, '');
  if (text.length === 0 || text.length > 200) return refuse();
  const parts = new Map<string, string>();
  for (const part of text.split(';')) {
    const [key, value, ...rest] = part.split('=');
    if (!key || value === undefined || rest.length > 0 || parts.has(key.toUpperCase())) return refuse();
    parts.set(key.toUpperCase(), value.toUpperCase());
  }
  const allowed = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYSETPOS', 'UNTIL', 'WKST']);
  if ([...parts.keys()].some((key) => !allowed.has(key))) return refuse();
  if (parts.has('WKST') && parts.get('WKST') !== 'MO') return refuse();

  let interval = 1;
  if (parts.has('INTERVAL')) {
    const value = parts.get('INTERVAL')!;
    if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > MAX_INTERVAL) return refuse(RECURRENCE_MESSAGES.intervalOutOfRange);
    interval = Number(value);
  }
  let until: string | undefined;
  if (parts.has('UNTIL')) {
    const date = untilDate(parts.get('UNTIL')!);
    if (!date) return refuse();
    if (date > addYears(today, MAX_UNTIL_YEARS)) return refuse(RECURRENCE_MESSAGES.untilTooFar);
    until = date;
  }
  const end = until ? { until } : {};
  const byDay = parts.has('BYDAY') ? parts.get('BYDAY')!.split(',') : undefined;
  const freq = parts.get('FREQ');

  if (freq === 'DAILY') {
    if (parts.has('BYMONTHDAY') || parts.has('BYSETPOS')) return refuse();
    if (!byDay) return { ok: true, recurrence: { kind: 'daily', interval, ...end } };
    // Every weekday: the one daily rule with days, every day (an end date would be a second meaning).
    if (interval !== 1 || until || !byDay.every(isWeekday) || !sameDays(byDay as Weekday[], WORKING_WEEKDAYS)) return refuse();
    return { ok: true, recurrence: { kind: 'weekdays' } };
  }
  if (freq === 'WEEKLY') {
    if (parts.has('BYMONTHDAY') || parts.has('BYSETPOS')) return refuse();
    if (!byDay || byDay.length === 0 || byDay.every((day) => day === '')) return refuse(RECURRENCE_MESSAGES.noDays);
    if (!byDay.every(isWeekday) || new Set(byDay).size !== byDay.length) return refuse();
    return { ok: true, recurrence: { kind: 'weekly', interval, days: byWeek(byDay), ...end } };
  }
  if (freq === 'MONTHLY') {
    if (parts.has('BYMONTHDAY')) {
      if (byDay || parts.has('BYSETPOS')) return refuse();
      const value = parts.get('BYMONTHDAY')!;
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 31) return refuse(RECURRENCE_MESSAGES.dayOutOfRange);
      return { ok: true, recurrence: { kind: 'monthly_day', interval, day: Number(value), ...end } };
    }
    if (!byDay || byDay.length !== 1) return refuse();
    // The n-th weekday, written `BYDAY=TU;BYSETPOS=2` or `BYDAY=2TU`.
    const match = /^(-?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay[0]!);
    if (!match) return refuse();
    const nthText = match[1] ?? parts.get('BYSETPOS');
    if (match[1] !== undefined && parts.has('BYSETPOS')) return refuse();
    const nth = Number(nthText);
    if (!(NTH_WEEKDAYS as readonly number[]).includes(nth) || !/^-?\d$/.test(nthText ?? '')) return refuse();
    return { ok: true, recurrence: { kind: 'monthly_weekday', interval, nth: nth as NthWeekday, weekday: match[2] as Weekday, ...end } };
  }
  return refuse();
}

/** The rule's one way of writing it (parseRecurrence reads it back to the same rule). */
export function serializeRecurrence(recurrence: Recurrence): string {
  const parts: string[] = [];
  const interval = (value: number) => (value > 1 ? [`INTERVAL=${value}`] : []);
  switch (recurrence.kind) {
    case 'weekdays':
      return `FREQ=DAILY;BYDAY=${WORKING_WEEKDAYS.join(',')}`;
    case 'daily':
      parts.push('FREQ=DAILY', ...interval(recurrence.interval));
      break;
    case 'weekly':
      parts.push('FREQ=WEEKLY', ...interval(recurrence.interval), `BYDAY=${byWeek(recurrence.days).join(',')}`);
      break;
    case 'monthly_day':
      parts.push('FREQ=MONTHLY', ...interval(recurrence.interval), `BYMONTHDAY=${recurrence.day}`);
      break;
    case 'monthly_weekday':
      parts.push('FREQ=MONTHLY', ...interval(recurrence.interval), `BYDAY=${recurrence.weekday}`, `BYSETPOS=${recurrence.nth}`);
      break;
  }
  if (recurrence.until) parts.push(`UNTIL=${recurrence.until.replaceAll('-', '')}`);
  return parts.join(';');
}

/**
 * A stored rule read again, or null. It was accepted when stored; its end date is not checked
 * against today again (it was not "too far" then).
 */
export function storedRecurrence(rule: string | null | undefined): Recurrence | null {
  if (!rule) return null;
  const parsed = parseRecurrence(rule, '9000-01-01');
  return parsed.ok ? parsed.recurrence : null;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** The weekday of a calendar date (dates are calendar dates: no time zone, no summer time). */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Whether `date` is one the rule gives, counted from `anchor` (the series' date its interval
 * counts from): the rule's meaning written out by hand, which the property tests hold rrule's
 * dates against.
 */
export function ruleAllows(recurrence: Recurrence, date: string, anchor: string): boolean {
  if ('until' in recurrence && recurrence.until && date > recurrence.until) return false;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [anchorYear, anchorMonth] = anchor.split('-').map(Number) as [number, number];
  const weekday = weekdayOf(date);
  switch (recurrence.kind) {
    case 'weekdays':
      return WORKING_WEEKDAYS.includes(weekday);
    case 'daily':
      return (dayNumber(date) - dayNumber(anchor)) % recurrence.interval === 0;
    case 'weekly': {
      // Weeks start on Monday (WKST=MO); the interval counts weeks from the anchor's.
      const monday = (value: string) => dayNumber(value) - ((new Date(`${value}T00:00:00Z`).getUTCDay() + 6) % 7);
      const weeks = Math.round((monday(date) - monday(anchor)) / 7);
      return recurrence.days.includes(weekday) && weeks % recurrence.interval === 0;
    }
    case 'monthly_day':
    case 'monthly_weekday': {
      const months = (year - anchorYear) * 12 + (month - anchorMonth);
      if (months % recurrence.interval !== 0) return false;
      if (recurrence.kind === 'monthly_day') return day === recurrence.day;
      if (weekday !== recurrence.weekday) return false;
      return recurrence.nth === -1 ? day + 7 > daysInMonth(year, month) : Math.ceil(day / 7) === recurrence.nth;
    }
  }
}

/** How recurrenceWords says a text inside a text (the n-th's word), the weekdays and an end date: the reader's. */
export type RecurrenceWordsOptions = { locale: string; say: (text: Text) => string; formatDate?: (date: string) => string };

/** The rule in words, for the task row and the panel ("Repeats weekly on Mon, Thu"). */
export function recurrenceWords(recurrence: Recurrence, { locale, say, formatDate = (date) => date }: RecurrenceWordsOptions): Text {
  const dayName = (day: Weekday, width: 'short' | 'long') =>
    // 2024-01-01 was a Monday.
    new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day))));
  let text: Text;
  if (recurrence.kind === 'weekdays') return RECURRENCE_WORDS.weekdays;
  const every = recurrence.interval > 1;
  switch (recurrence.kind) {
    case 'daily':
      text = withValues(every ? RECURRENCE_WORDS.dailyEvery : RECURRENCE_WORDS.daily, { interval: recurrence.interval });
      break;
    case 'weekly':
      text = withValues(every ? RECURRENCE_WORDS.weeklyEvery : RECURRENCE_WORDS.weekly, { interval: recurrence.interval, days: recurrence.days.map((day) => dayName(day, 'short')).join(', ') });
      break;
    case 'monthly_day':
      text = withValues(every ? RECURRENCE_WORDS.monthlyDayEvery : RECURRENCE_WORDS.monthlyDay, { interval: recurrence.interval, day: recurrence.day });
      break;
    case 'monthly_weekday':
      text = withValues(every ? RECURRENCE_WORDS.monthlyWeekdayEvery : RECURRENCE_WORDS.monthlyWeekday, {
        interval: recurrence.interval,
        nth: say(NTH_WORDS[recurrence.nth]),
        weekday: dayName(recurrence.weekday, 'long'),
      });
      break;
  }
  return recurrence.until ? withValues(RECURRENCE_WORDS.until, { rule: say(text), date: formatDate(recurrence.until) }) : text;
}

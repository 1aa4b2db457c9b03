// Dates as the product shows them (spec 9), without date-fns: its `format` with the locale data
// it pulls in is some 7 KB gzipped that every page downloaded for three fixed patterns
// (decision 013). The browser's Intl writes them in the language on screen (issue 48 item 3);
// in English exactly as spec 9's patterns, which format-date.test.ts checks against date-fns.
// The member's region picks the conventions (formats.ts): en-GB writes "29 Nov 2026" and 14:05.
import { isLocale } from '@/domain/locales';
import { formatLocale } from './formats';
import { i18n } from './i18n';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** A yyyy-MM-dd date is a calendar date: local midnight, not UTC, so it never shifts a day. */
function parse(value: string): Date {
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  return new Date(value);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and pattern: making one costs more than formatting with it. */
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = formatLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) formats.set(key, (found = new Intl.DateTimeFormat(locale, options)));
  return found;
}

const DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * A timestamp or a yyyy-MM-dd date as the product shows dates: 'MMM d, yyyy' in English (spec 9),
 * "29. Nov. 2026" in German, "29 nov 2026" in Spanish.
 */
export function formatDate(value: string): string {
  return formatter(DATE).format(parse(value));
}

/** Today's date in the stored yyyy-MM-dd form, in the user's time zone. */
export function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A timestamp's time of day: 'h:mm a' in English (spec 9), the 24-hour clock in German and Spanish. */
export function formatTime(value: string): string {
  return formatter(TIME).format(parse(value)).replace(/\u202f/g, ' ');
}

/**
 * A timestamp with its time of day, e.g. when a share link was opened: 'MMM d, yyyy h:mm a' in
 * English, the 24-hour clock in German and Spanish. Intl's narrow space before "PM" is written as
 * a plain one, as the spec's pattern has it.
 */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return `${formatter(DATE).format(date)} ${formatTime(value)}`;
}

const DAY_WITH_MONTH: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };

/**
 * A yyyy-MM-dd day with its weekday and month, as the timesheet's week and the entries' days read:
 * 'Mon 23 Nov' in English (the pattern the product has shown), "Mo., 23. Nov." in German,
 * "lun, 23 nov" in Spanish.
 */
export function formatDayWithMonth(day: string): string {
  const date = parse(day);
  // English keeps the product's pattern in every region.
  if (!isLocale(i18n.locale) || i18n.locale === 'en') {
    const parts = formatter(DAY_WITH_MONTH).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('weekday')} ${part('day')} ${part('month')}`;
  }
  return formatter(DAY_WITH_MONTH).format(date);
}

// Dates as the product shows them (spec 9), without date-fns: its `format` with the locale data
// it pulls in is some 7 KB gzipped that every page downloaded for three fixed patterns
// (decision 013). format-date.test.ts checks these against date-fns' own output.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** A yyyy-MM-dd date is a calendar date: local midnight, not UTC, so it never shifts a day. */
function parse(value: string): Date {
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  return new Date(value);
}

/** A timestamp or a yyyy-MM-dd date as the product shows dates: 'MMM d, yyyy' (spec 9). */
export function formatDate(value: string): string {
  const date = parse(value);
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Today's date in the stored yyyy-MM-dd form, in the user's time zone. */
export function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A timestamp with its time of day, e.g. when a share link was opened: 'MMM d, yyyy h:mm a'. */
export function formatDateTime(value: string): string {
  const date = parse(value);
  const hours = date.getHours();
  return `${formatDate(value)} ${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

import { format, parseISO } from 'date-fns';

/** A timestamp or a yyyy-MM-dd date as the product shows dates: 'MMM d, yyyy' (spec 9). */
export function formatDate(value: string): string {
  // yyyy-MM-dd is a calendar date: parse it as local midnight, not UTC, so it never shifts a day.
  return format(parseISO(value), 'MMM d, yyyy');
}

/** Today's date in the stored yyyy-MM-dd form, in the user's time zone. */
export function todayIso(): string {
  return format(new Date(), 'yyyy-MM-dd');
}

/** A timestamp with its time of day, e.g. when a share link was opened. */
export function formatDateTime(value: string): string {
  return format(parseISO(value), 'MMM d, yyyy h:mm a');
}

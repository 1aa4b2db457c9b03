// The dates a recurring task's rule gives (issue 51 item 4, decision 046), through the rrule
// library (RFC 5545). The server's only: the web app says a rule in words (recurrence-rules.ts)
// and never downloads rrule.
//
// Dates are calendar dates (yyyy-MM-dd). rrule is given them as "floating" midnights in UTC, with
// no time zone, so no summer-time change can move an occurrence to another day: the organization's
// time zone decides only which day "today" is (todayIn), never how the rule counts.
import * as rrulePackage from 'rrule';
import { localDateAt } from './time-zone-rules';
import { serializeRecurrence, type Recurrence } from './recurrence-rules';

// rrule ships a UMD bundle for Node (its names under `default` when imported from ESM) and ESM
// for bundlers (its names as they are).
const { RRule } = (rrulePackage.RRule ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default);

/** How far ahead a rule's next date is looked for: past it, the rule gives no date (e.g. day 30 of every 12th February). */
export const LOOK_AHEAD_YEARS = 6;

const toDate = (date: string) => new Date(`${date}T00:00:00Z`);
const fromDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The rule's first date after `after` (not on it), counting its interval from `anchor` (the date
 * the series counts from, on or before `after`); null when it gives none within LOOK_AHEAD_YEARS
 * or its end date has passed.
 */
export function nextOccurrence(recurrence: Recurrence, after: string, anchor: string = after): string | null {
  const options = RRule.parseString(serializeRecurrence(recurrence));
  const rule = new RRule({ ...options, wkst: RRule.MO, dtstart: toDate(anchor <= after ? anchor : after) });
  const from = toDate(after);
  const to = new Date(Date.UTC(from.getUTCFullYear() + LOOK_AHEAD_YEARS, from.getUTCMonth(), from.getUTCDate()));
  // Stops at the first date after `from`: a rule whose dates are rare is not walked to its end.
  const [next] = rule.between(from, to, false, (_date, index) => index < 1);
  return next ? fromDate(next) : null;
}

/** The calendar day it is in `timeZone` at `now`, as a due date is written. */
export function todayIn(now: Date, timeZone: string): string {
  const { year, month, day } = localDateAt(now, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

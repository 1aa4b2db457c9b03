// Time and budgets (issue 32): the shapes the database and both sides share. Durations are whole
// minutes and money whole minor units of the organization's currency (cents), never floats.

/** A project's budget counts hours (its amount in minutes) or money (its amount in minor units). */
export const BUDGET_KINDS = ['hours', 'money'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];

/** Issue 51: a task's estimate is at most this many minutes (999 hours). */
export const MAX_ESTIMATE_MINUTES = 999 * 60;

/** A member's entries on one day add up to at most this many minutes. */
export const MAX_MINUTES_PER_DAY = 24 * 60;

/** The budget alerts staff hear of, in percent of the budget spent. */
export const BUDGET_ALERT_PERCENTS = [80, 100] as const;

/** Minutes as h:mm (`90` is `1:30`, `0` is `0:00`); parseDuration (time-entry-rules.ts) reads it back to the same number. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(minutes));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

// A project's burn-down (issue 32, decision 037 addendum): its budget used by the end of each
// week against the budget line, on the project page's budget card (staff). The series comes from
// the server in hours and money; these rules pick the budget's kind, place its points and axis,
// and word it for screen readers. Read only by the lazily loaded chart, never by a first load.
import { withValues, type Text } from './locales';
import { BUDGET_ALERT_PERCENTS, type BudgetKind } from './time-rules';
import { budgetPercent, currencyDigits, formatBudgetAmount } from './budget-rules';
import { formatMinutes } from './time-entry-rules';

/** The most weeks the chart draws: the latest two years (each still counts all time before). */
export const MAX_BURN_DOWN_WEEKS = 104;

export const BURN_DOWN_TEXTS = {
  title: /*i18n*/ { id: 'domain.budget-burn-down.title', message: 'Budget used per week' },
  budgetLine: /*i18n*/ { id: 'domain.budget-burn-down.budgetLine', message: 'Budget' },
  used: /*i18n*/ { id: 'domain.budget-burn-down.used', message: 'Used by the end of the week' },
  nearBudget: /*i18n*/ { id: 'domain.budget-burn-down.nearBudget', message: '80 % or more' },
  overBudget: /*i18n*/ { id: 'domain.budget-burn-down.overBudget', message: 'Over budget' },
  loading: /*i18n*/ { id: 'domain.budget-burn-down.loading', message: 'Loading the burn-down…' },
  week: /*i18n*/ { id: 'domain.budget-burn-down.week', message: 'Week of' },
  percent: /*i18n*/ { id: 'domain.budget-burn-down.percent', message: 'Percent of budget' },
  summary: /*i18n*/ { id: 'domain.budget-burn-down.summary', message: '{weeks, plural, one {# week} other {# weeks}}: {used} of {budget} used, {percent} %.' },
  crossed: /*i18n*/ { id: 'domain.budget-burn-down.crossed', message: 'Reached {percent} % in the week of {weekStart}.' },
} as const;

/** One week of the server's series: everything logged on the project up to that week's end. */
export type BurnDownWeek = { weekStart: string; minutes: number; minor: number };
/** One point of the chart: the budget's kind of figure (minutes or minor units) and its percent. */
export type BurnDownPoint = { weekStart: string; used: number; percent: number };

/** The series in the budget's own kind: hours budgets count minutes, money budgets minor units. */
export function burnDownPoints(weeks: readonly BurnDownWeek[], kind: BudgetKind, amount: number): BurnDownPoint[] {
  return weeks.map((w) => {
    const used = kind === 'hours' ? w.minutes : w.minor;
    return { weekStart: w.weekStart, used, percent: budgetPercent(used, amount) };
  });
}

/** The first week each alert threshold (80 %, 100 %) was reached, for the summary. */
export function thresholdWeeks(points: readonly BurnDownPoint[]): { percent: number; weekStart: string }[] {
  const crossed: { percent: number; weekStart: string }[] = [];
  for (const threshold of BUDGET_ALERT_PERCENTS) {
    const first = points.find((p) => p.percent >= threshold);
    if (first) crossed.push({ percent: threshold, weekStart: first.weekStart });
  }
  return crossed;
}

/** 1, 2 or 5 times a power of ten, the smallest at least `raw`. */
export function niceStep(raw: number): number {
  if (raw <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

/**
 * The vertical axis: its top (at least the budget and the highest week, so the line and every
 * bar fit) and about four gridlines at round figures of the kind (whole hours; whole units of the
 * currency), in minutes or minor units.
 */
export function burnDownAxis(points: readonly BurnDownPoint[], kind: BudgetKind, amount: number, currency: string): { max: number; ticks: number[] } {
  const top = Math.max(amount, ...points.map((p) => p.used), 1);
  const unit = kind === 'hours' ? 60 : 10 ** currencyDigits(currency);
  const step = niceStep(top / unit / 4) * unit;
  const ticks = Array.from({ length: Math.floor(top / step) + 1 }, (_, i) => i * step);
  return { max: top, ticks };
}

/** What a screen reader hears instead of the picture (the hidden table has each week): sentences, said in the reader's language and joined by a space. */
export function burnDownSummary(points: readonly BurnDownPoint[], kind: BudgetKind, amount: number, currency: string, locale = 'en-US'): Text[] {
  const last = points.at(-1);
  const used = last?.used ?? 0;
  const head = withValues(BURN_DOWN_TEXTS.summary, {
    weeks: points.length,
    used: formatBudgetAmount(kind, used, currency, locale),
    budget: formatBudgetAmount(kind, amount, currency, locale),
    percent: budgetPercent(used, amount),
  });
  return [head, ...thresholdWeeks(points).map((t) => withValues(BURN_DOWN_TEXTS.crossed, { percent: t.percent, weekStart: t.weekStart }))];
}

/**
 * A gridline's label, short enough for the axis: "5:00", "$1.5K", "¥50K". Hours read h:mm like
 * every other duration (issue 49 item 8), so the axis matches the legend's budget and the table.
 */
export function burnDownTickLabel(kind: BudgetKind, value: number, currency: string, locale = 'en-US'): string {
  if (kind === 'hours') return formatMinutes(value);
  const units = value / 10 ** currencyDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(units);
}

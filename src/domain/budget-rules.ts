// Rates, budgets and the money they make, without zod (decision 013: the first load's pages read
// these; the schemas are in ./budgets.ts) (issue 32 items 3-4, decision 037). Money is whole minor
// units of the organization's one currency (cents; yen have none), durations whole minutes; no
// floating-point sums anywhere. Money is computed when read: the minutes of one member on one
// project, summed, times the rate in force (the project's, else the member's), rounded once.
import { withValues, type Text } from './locales';
import { formatMinutes } from './time-entry-rules';
import { BUDGET_ALERT_PERCENTS, type BudgetKind } from './time-rules';

/** The highest hourly rate anyone may set: a million units of the currency an hour. */
export const MAX_RATE_MINOR = 100_000_000;
/** The highest money budget: ten thousand million units of the currency, far below 2^53. */
export const MAX_BUDGET_MONEY_MINOR = 1_000_000_000_000;
/** The highest hours budget: a million hours, in minutes. */
export const MAX_BUDGET_MINUTES = 60_000_000;

export const BUDGET_MESSAGES = {
  currencyUnknown: /*i18n*/ { id: 'domain.budget-rules.currencyUnknown', message: 'Choose a currency by its three-letter code, such as USD, EUR or JPY' },
  moneyFormat: /*i18n*/ { id: 'domain.budget-rules.moneyFormat', message: 'Enter an amount such as 120, 120.50 or 1,200.00' },
  moneyNoDecimals: /*i18n*/ { id: 'domain.budget-rules.moneyNoDecimals', message: 'This currency has no decimals' },
  moneyDecimals: /*i18n*/ { id: 'domain.budget-rules.moneyDecimals', message: 'At most {digits} decimals in this currency' },
  rateNegative: /*i18n*/ { id: 'domain.budget-rules.rateNegative', message: 'Rate cannot be below zero' },
  rateWhole: /*i18n*/ { id: 'domain.budget-rules.rateWhole', message: 'Rate must be a whole number of minor units (cents)' },
  rateTooHigh: /*i18n*/ { id: 'domain.budget-rules.rateTooHigh', message: 'Rate is too high' },
  hoursFormat: /*i18n*/ { id: 'domain.budget-rules.hoursFormat', message: 'Enter hours such as 40 or 37.5' },
  budgetPositive: /*i18n*/ { id: 'domain.budget-rules.budgetPositive', message: 'Budget must be more than zero' },
  budgetTooHigh: /*i18n*/ { id: 'domain.budget-rules.budgetTooHigh', message: 'Budget is too high' },
  budgetWhole: /*i18n*/ { id: 'domain.budget-rules.budgetWhole', message: 'Budget must be a whole number (minutes or minor units)' },
  budgetKindInvalid: /*i18n*/ { id: 'domain.budget-rules.budgetKindInvalid', message: 'Budget kind must be hours or money' },
  budgetKindAndAmount: /*i18n*/ { id: 'domain.budget-rules.budgetKindAndAmount', message: 'Choose both the kind of budget and its amount, or neither' },
  ownRate: /*i18n*/ { id: 'domain.budget-rules.ownRate', message: 'Only someone above you may set your own rate.' },
  forbidden: /*i18n*/ { id: 'domain.budget-rules.forbidden', message: 'You do not have permission to change rates or budgets.' },
  currencyForbidden: /*i18n*/ { id: 'domain.budget-rules.currencyForbidden', message: 'Only your organization\'s admins may change its currency.' },
  notFound: /*i18n*/ { id: 'domain.budget-rules.notFound', message: 'Project not found' },
} as const;

export const BUDGET_TEXTS = {
  budgetTitle: /*i18n*/ { id: 'domain.budget-rules.budgetTitle', message: 'Budget' },
  rateLabel: /*i18n*/ { id: 'domain.budget-rules.rateLabel', message: 'Hourly rate for this project' },
  rateHint: /*i18n*/ { id: 'domain.budget-rules.rateHint', message: 'Leave empty to use each member\'s own rate.' },
  memberRateLabel: /*i18n*/ { id: 'domain.budget-rules.memberRateLabel', message: 'Default hourly rate' },
  memberRateHint: /*i18n*/ { id: 'domain.budget-rules.memberRateHint', message: 'Used on projects without a rate of their own.' },
  kindLabel: /*i18n*/ { id: 'domain.budget-rules.kindLabel', message: 'Budget' },
  kinds: { none: /*i18n*/ { id: 'domain.budget-rules.kinds.none', message: 'No budget' }, hours: /*i18n*/ { id: 'domain.budget-rules.kinds.hours', message: 'Hours' }, money: /*i18n*/ { id: 'domain.budget-rules.kinds.money', message: 'Money' } } satisfies Record<'none' | BudgetKind, Text>,
  amountHoursLabel: /*i18n*/ { id: 'domain.budget-rules.amountHoursLabel', message: 'Budget in hours' },
  amountMoneyLabel: /*i18n*/ { id: 'domain.budget-rules.amountMoneyLabel', message: 'Budget amount' },
  save: /*i18n*/ { id: 'domain.budget-rules.save', message: 'Save budget' },
  saved: /*i18n*/ { id: 'domain.budget-rules.saved', message: 'Budget saved' },
  saveFailed: /*i18n*/ { id: 'domain.budget-rules.saveFailed', message: 'Could not save the budget' },
  rateSaved: /*i18n*/ { id: 'domain.budget-rules.rateSaved', message: 'Rate saved' },
  rateSaveFailed: /*i18n*/ { id: 'domain.budget-rules.rateSaveFailed', message: 'Could not save the rate' },
  currencyLabel: /*i18n*/ { id: 'domain.budget-rules.currencyLabel', message: 'Currency' },
  currencyHint: /*i18n*/ { id: 'domain.budget-rules.currencyHint', message: 'All rates, budgets and reports use this currency.' },
  currencySave: /*i18n*/ { id: 'domain.budget-rules.currencySave', message: 'Save currency' },
  currencySaved: /*i18n*/ { id: 'domain.budget-rules.currencySaved', message: 'Currency saved' },
  currencySaveFailed: /*i18n*/ { id: 'domain.budget-rules.currencySaveFailed', message: 'Could not save the currency' },
  spentOf: /*i18n*/ { id: 'domain.budget-rules.spentOf', message: '{spent} of {budget}' },
  noBudget: /*i18n*/ { id: 'domain.budget-rules.noBudget', message: 'No budget set' },
  loadFailed: /*i18n*/ { id: 'domain.budget-rules.loadFailed', message: 'Failed to load the budget' },
  alertTitle: /*i18n*/ { id: 'domain.budget-rules.alertTitle', message: '{projectName} has used {percent} % of its budget' },
  alertBody: /*i18n*/ { id: 'domain.budget-rules.alertBody', message: '{spent} spent of a budget of {budget}.' },
} as const;

const formatters = new Map<string, Intl.NumberFormat>();
function currencyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, format);
  }
  return format;
}

/** Whether `code` is an ISO 4217 currency this runtime knows. */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code);
}

/** The currency's minor-unit digits: 2 for USD and EUR, 0 for JPY, 3 for BHD. */
export function currencyDigits(currency: string): number {
  return currencyFormat(currency, 'en').resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * Minor units as the currency shows them in `locale` (issue 48 item 3: the web app passes the
 * member's language and region): 123450 USD -> "$1,234.50" in en-US, 123450 EUR -> "1.234,50 €" in de-DE.
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const digits = currencyDigits(currency);
  // Division by a power of ten only for display; the sums never leave integers.
  return currencyFormat(currency, locale).format(minor / 10 ** digits);
}

/** Minor units as a form shows them for editing: 123450 USD -> "1234.50", 5000 JPY -> "5000". */
export function moneyInputValue(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(minor).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

export type Parsed = { ok: true; value: number } | { ok: false; message: Text };

const MONEY_PATTERN = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/** A typed amount in minor units: "120", "120.50", "1,200.00"; no sign, no more decimals than the currency has. */
export function parseMoney(input: string, currency: string): Parsed {
  const match = MONEY_PATTERN.exec(input.trim());
  if (!match) return { ok: false, message: BUDGET_MESSAGES.moneyFormat };
  const digits = currencyDigits(currency);
  const whole = match[1]!.replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return { ok: false, message: digits === 0 ? BUDGET_MESSAGES.moneyNoDecimals : withValues(BUDGET_MESSAGES.moneyDecimals, { digits }) };
  if (whole.length > 15) return { ok: false, message: BUDGET_MESSAGES.budgetTooHigh };
  const value = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return { ok: true, value };
}

/** Typed hours in whole minutes: "40" -> 2400, "37.5" -> 2250, "1.01" -> 61 (to the nearest minute). */
export function parseHours(input: string): Parsed {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(input.trim());
  if (!match) return { ok: false, message: BUDGET_MESSAGES.hoursFormat };
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return { ok: true, value: Math.floor((hundredths * 60 + 50) / 100) };
}

/**
 * Minutes as decimal hours for the budget form's field and the CSV export (spreadsheets sum them):
 * 2250 -> "37.5", 61 -> "1.02". Screens write durations with formatMinutes (h:mm) instead.
 */
export function hoursValue(minutes: number): string {
  const hundredths = Math.floor((minutes * 100 + 30) / 60);
  const whole = Math.floor(hundredths / 100);
  const rest = hundredths % 100;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * Money for `minutes` at `rateMinor` an hour, rounded half up to a whole minor unit. Applied once
 * to the summed minutes of one member on one project at one rate (the server does the same in SQL:
 * `(sum(minutes) * rate + 30) / 60`), so many short entries do not pile up rounding.
 */
export function moneyFor(minutes: number, rateMinor: number): number {
  return Math.floor((minutes * rateMinor + 30) / 60);
}

/**
 * The money of several figures, each minutes with their money (null: no rate in force for any of
 * them). Null only when there are minutes and none of them is priced, so "No rate set" is told
 * from a real zero (issue 49 item 8); figures without minutes count for nothing either way.
 */
export function sumPricedMinor(parts: readonly { minutes: number; minor: number | null }[]): number | null {
  let minutes = 0;
  let minor: number | null = null;
  for (const part of parts) {
    minutes += part.minutes;
    if (part.minor !== null && part.minutes > 0) minor = (minor ?? 0) + part.minor;
  }
  return minutes > 0 ? minor : 0;
}

/** The rate in force: the project's, else the member's, else none. */
export function rateInForce(projectRateMinor: number | null, memberRateMinor: number | null): number | null {
  return projectRateMinor ?? memberRateMinor ?? null;
}

/** Whole percent of the budget spent (floored: 79.9 % is not yet 80 %). */
export function budgetPercent(spent: number, amount: number): number {
  if (amount <= 0) return 0;
  return Math.floor((spent * 100) / amount);
}

/** The alert now due: the highest threshold reached and not yet sent, or null. */
export function dueBudgetAlert(percent: number, alreadyAlerted: number): number | null {
  let due: number | null = null;
  for (const threshold of BUDGET_ALERT_PERCENTS) if (percent >= threshold && threshold > alreadyAlerted) due = threshold;
  return due;
}

/** A budget's figure as people read it: a duration in the one h:mm format (issue 49 item 8) or money, in `locale`'s conventions. */
export function formatBudgetAmount(kind: BudgetKind, amount: number, currency: string, locale = 'en-US'): string {
  return kind === 'hours' ? formatMinutes(amount) : formatMoney(amount, currency, locale);
}


/** A member's rate as typed into the Team form: empty for none. */
export function memberRateFromForm(text: string, currency: string): Parsed | { ok: true; value: null } {
  if (!text.trim()) return { ok: true, value: null };
  if (text.trim().startsWith('-')) return { ok: false, message: BUDGET_MESSAGES.rateNegative };
  const parsed = parseMoney(text, currency);
  if (parsed.ok && parsed.value > MAX_RATE_MINOR) return { ok: false, message: BUDGET_MESSAGES.rateTooHigh };
  return parsed;
}

// Issue 48 item 3: money, numbers and percentages as the member writes them (formats.ts: the
// language on screen with their region). English with no region is en-US, so the English screens
// read as they always have: "$1,234.50", "1,234", "85%".
import { formatBudgetAmount as formatBudgetAmountIn, formatMoney as formatMoneyIn } from '@/domain/budget-rules';
import type { BudgetKind } from '@/domain/time-rules';
import { isLocale } from '@/domain/locales';
import { i18n } from './i18n';
import { formatLocale } from './formats';

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(style: 'decimal' | 'percent'): Intl.NumberFormat {
  const locale = formatLocale();
  const key = `${locale} ${style}`;
  let found = numberFormats.get(key);
  if (!found) numberFormats.set(key, (found = new Intl.NumberFormat(locale, { style, maximumFractionDigits: 2 })));
  return found;
}

/** Minor units of `currency` as the member writes money: "$1,234.50" (en-US), "1.234,50 €" (de-DE), "€1,234.50" (en-GB). */
export function formatMoney(minor: number, currency: string): string {
  return formatMoneyIn(minor, currency, formatLocale());
}

/** A budget's figure: a duration in h:mm (every language, issue 49 item 8), or money as formatMoney writes it. */
export function formatBudgetAmount(kind: BudgetKind, amount: number, currency: string): string {
  return formatBudgetAmountIn(kind, amount, currency, formatLocale());
}

/** A count or an amount: "1,234" in English, "1.234" in German. */
export function formatNumber(value: number): string {
  return numberFormat('decimal').format(value);
}

/** A percent (85 for 85 %) as the language writes it: "85%" in English, "85 %" in German and Spanish. */
export function formatPercent(percent: number): string {
  return numberFormat('percent').format(percent / 100);
}

/**
 * A budget's share spent: "85 %" in English as the budget bar and the burn-down table have always
 * written it (issue 32), else as formatPercent writes a percent.
 */
export function formatBudgetPercent(percent: number): string {
  const language = isLocale(i18n.locale) ? i18n.locale : 'en';
  return language === 'en' ? `${formatNumber(percent)} %` : formatPercent(percent);
}

// @vitest-environment jsdom
// Issue 48 item 3: money, numbers and percentages in the member's conventions: the language on
// screen with their region (else their browser's in that language). English with no region writes
// exactly as before.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBudgetAmount, formatBudgetPercent, formatMoney, formatNumber, formatPercent } from './format-number';
import { formatDate, formatDateTime, formatDayWithMonth, formatTime } from './format-date';
import { formatLocale, formatRegion, setMemberRegion, weekStartsOn } from './formats';
import { activateLocale } from './i18n';

/** Intl's no-break spaces as plain ones, to compare with typed text. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(async () => {
  vi.restoreAllMocks();
  setMemberRegion(null);
  await activateLocale('en');
});

describe('the locale of the formats', () => {
  it("is the language on screen with the member's region, else the browser's region in that language, else the language's own", async () => {
    expect(formatLocale()).toBe('en-US');
    setMemberRegion('GB');
    expect([formatRegion(), formatLocale()]).toEqual(['GB', 'en-GB']);
    await activateLocale('de');
    expect(formatLocale()).toBe('de-GB');
    setMemberRegion(null);
    // jsdom's browser asks for en-US: no German region, so Germany's.
    expect(formatLocale()).toBe('de-DE');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en-US']);
    expect(formatLocale()).toBe('de-AT');
    await activateLocale('es');
    expect(formatLocale()).toBe('es-ES');
  });

  it('starts the week on Sunday in the United States and Mexico, on Monday in Britain and Austria', async () => {
    expect(weekStartsOn()).toBe(7);
    setMemberRegion('GB');
    expect(weekStartsOn()).toBe(1);
    await activateLocale('es');
    setMemberRegion('MX');
    expect(weekStartsOn()).toBe(7);
    setMemberRegion('AT');
    expect(weekStartsOn()).toBe(1);
  });
});

describe('numbers, money and percentages', () => {
  it('writes English as it always has', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(5000, 'JPY')).toBe('¥5,000');
    expect(formatBudgetAmount('money', 2400, 'USD')).toBe('$24.00');
    expect(formatBudgetAmount('hours', 2400, 'USD')).toBe('40:00');
    expect(formatNumber(1234)).toBe('1,234');
    expect(formatPercent(85)).toBe('85%');
    expect(formatBudgetPercent(85)).toBe('85 %');
  });

  it("writes them in the member's conventions: German, Austrian, Mexican, British", async () => {
    await activateLocale('de');
    expect(plain(formatMoney(123450, 'EUR'))).toBe('1.234,50 €');
    expect(formatNumber(1234)).toBe('1.234');
    expect(plain(formatPercent(85))).toBe('85 %');
    expect(plain(formatBudgetPercent(85))).toBe('85 %');
    expect(formatBudgetAmount('hours', 2400, 'EUR')).toBe('40:00');
    setMemberRegion('AT');
    expect(plain(formatMoney(123450, 'EUR'))).toBe('€ 1.234,50');
    await activateLocale('es');
    setMemberRegion('MX');
    expect(formatMoney(123450, 'MXN')).toBe('$1,234.50');
    await activateLocale('en');
    setMemberRegion('GB');
    expect(formatMoney(123450, 'GBP')).toBe('£1,234.50');
    expect(formatPercent(85)).toBe('85%');
  });
});

describe('dates and times', () => {
  it("write English by spec 9's patterns with no region, and as Britain does with GB", () => {
    expect(formatDate('2026-11-29')).toBe('Nov 29, 2026');
    expect(formatTime('2026-11-29T14:05:00')).toBe('2:05 PM');
    expect(formatDateTime('2026-11-29T14:05:00')).toBe('Nov 29, 2026 2:05 PM');
    setMemberRegion('GB');
    expect(formatDate('2026-11-29')).toBe('29 Nov 2026');
    expect(formatTime('2026-11-29T14:05:00')).toBe('14:05');
    // The timesheet's day keeps the product's English pattern in every region.
    expect(formatDayWithMonth('2026-11-23')).toBe('Mon 23 Nov');
  });

  it('write Mexican Spanish apart from Spain’s', async () => {
    await activateLocale('es');
    expect(plain(formatTime('2026-11-29T14:05:00'))).toBe('14:05');
    setMemberRegion('MX');
    expect(plain(formatTime('2026-11-29T14:05:00'))).toMatch(/^2:05 p\. ?m\.$/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUDGET_MESSAGES,
  budgetPercent,
  currencyDigits,
  dueBudgetAlert,
  formatBudgetAmount,
  formatMoney,
  hoursValue,
  memberRateFormSchema,
  memberRateSchema,
  moneyFor,
  moneyInputValue,
  parseHours,
  parseMoney,
  projectBudgetFormSchema,
  projectBudgetFromForm,
  projectBudgetSchema,
  rateInForce,
  sumPricedMinor,
  updateCurrencySchema,
} from './budgets';
import { withValues } from './locales';
import { formatMinutes } from './time-entry-rules';

describe('money in the organization currency', () => {
  it('knows each currency’s minor-unit digits', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('BHD')).toBe(3);
  });

  it('parses typed amounts into minor units', () => {
    expect(parseMoney('120', 'USD')).toEqual({ ok: true, value: 12000 });
    expect(parseMoney('120.50', 'USD')).toEqual({ ok: true, value: 12050 });
    expect(parseMoney('120.5', 'USD')).toEqual({ ok: true, value: 12050 });
    expect(parseMoney(' 1,200.00 ', 'USD')).toEqual({ ok: true, value: 120000 });
    expect(parseMoney('5000', 'JPY')).toEqual({ ok: true, value: 5000 });
    expect(parseMoney('1.234', 'BHD')).toEqual({ ok: true, value: 1234 });
  });

  it('refuses signs, stray text, bad grouping and too many decimals with the field message', () => {
    for (const bad of ['-5', '+5', 'abc', '1,20', '12,00.00', '', '1.2.3', '1e3']) expect(parseMoney(bad, 'USD')).toEqual({ ok: false, message: BUDGET_MESSAGES.moneyFormat });
    expect(parseMoney('1.005', 'USD')).toEqual({ ok: false, message: withValues(BUDGET_MESSAGES.moneyDecimals, { digits: 2 }) });
    expect(parseMoney('10.5', 'JPY')).toEqual({ ok: false, message: BUDGET_MESSAGES.moneyNoDecimals });
  });

  it('round-trips any minor amount through its input text and its grouped display', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), fc.constantFrom('USD', 'EUR', 'JPY', 'BHD'), (minor, currency) => {
        expect(parseMoney(moneyInputValue(minor, currency), currency)).toEqual({ ok: true, value: minor });
        const grouped = formatMoney(minor, currency, 'en-US').replace(/[^\d.,]/g, '');
        expect(parseMoney(grouped, currency)).toEqual({ ok: true, value: minor });
      }),
    );
  });

  it('formats with Intl in the currency', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(5000, 'JPY')).toBe('¥5,000');
  });

  it("writes money in the member's conventions (issue 48 item 3), in the organization's currency", () => {
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(plain(formatMoney(123450, 'EUR', 'de-DE'))).toBe('1.234,50 €');
    expect(plain(formatMoney(123450, 'EUR', 'de-AT'))).toBe('€ 1.234,50');
    expect(formatMoney(123450, 'GBP', 'en-GB')).toBe('£1,234.50');
    expect(plain(formatMoney(123450, 'EUR', 'es-ES'))).toBe('1234,50 €');
    expect(formatMoney(123450, 'MXN', 'es-MX')).toBe('$1,234.50');
    expect(plain(formatBudgetAmount('money', 2400, 'EUR', 'de-DE'))).toBe('24,00 €');
    // Durations stay h:mm in every language.
    expect(formatBudgetAmount('hours', 2400, 'EUR', 'de-DE')).toBe('40:00');
  });
});

describe('hours', () => {
  it('parses hours into whole minutes and shows them back', () => {
    expect(parseHours('40')).toEqual({ ok: true, value: 2400 });
    expect(parseHours('37.5')).toEqual({ ok: true, value: 2250 });
    expect(parseHours('0.01')).toEqual({ ok: true, value: 1 });
    expect(parseHours('-1').ok).toBe(false);
    expect(hoursValue(2250)).toBe('37.5');
    expect(hoursValue(2400)).toBe('40');
  });

  it('sums priced money, null only when there are minutes and none is priced (issue 49 item 8)', () => {
    expect(sumPricedMinor([])).toBe(0);
    expect(sumPricedMinor([{ minutes: 0, minor: 0 }])).toBe(0);
    expect(sumPricedMinor([{ minutes: 60, minor: null }])).toBeNull();
    expect(sumPricedMinor([{ minutes: 60, minor: null }, { minutes: 0, minor: 0 }])).toBeNull();
    expect(sumPricedMinor([{ minutes: 60, minor: null }, { minutes: 30, minor: 5000 }])).toBe(5000);
    expect(sumPricedMinor([{ minutes: 60, minor: 0 }])).toBe(0);
  });

  it('writes an hours budget in the one duration format, h:mm (issue 49 item 8)', () => {
    expect(formatBudgetAmount('hours', 200, 'USD')).toBe('3:20');
    expect(formatBudgetAmount('hours', 2400, 'USD')).toBe(formatMinutes(2400));
    expect(formatBudgetAmount('hours', 2400, 'USD')).toBe('40:00');
    expect(formatBudgetAmount('money', 2400, 'USD')).toBe('$24.00');
  });

  it('keeps any whole number of minutes through its hours text within a minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000_000 }), (minutes) => {
        const back = parseHours(hoursValue(minutes));
        expect(back.ok).toBe(true);
        if (back.ok) expect(Math.abs(back.value - minutes)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('money for time', () => {
  it('rounds half up once per group and never loses a unit against exact arithmetic', () => {
    expect(moneyFor(90, 10000)).toBe(15000);
    expect(moneyFor(1, 100)).toBe(2); // 1.666… cents
    expect(moneyFor(1, 90)).toBe(2); // 1.5 cents rounds up
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600_000 }), fc.integer({ min: 0, max: 100_000_000 }), (minutes, rate) => {
        const exact = BigInt(minutes) * BigInt(rate);
        const money = BigInt(moneyFor(minutes, rate));
        // |money * 60 - exact| <= 30: within half a minor unit.
        const diff = money * 60n - exact;
        expect(diff <= 30n && diff > -30n).toBe(true);
      }),
    );
  });

  it('takes the project rate over the member rate', () => {
    expect(rateInForce(5000, 9000)).toBe(5000);
    expect(rateInForce(null, 9000)).toBe(9000);
    expect(rateInForce(0, 9000)).toBe(0);
    expect(rateInForce(null, null)).toBeNull();
  });
});

describe('budget usage and alerts', () => {
  it('floors the percent', () => {
    expect(budgetPercent(799, 1000)).toBe(79);
    expect(budgetPercent(800, 1000)).toBe(80);
    expect(budgetPercent(2500, 1000)).toBe(250);
  });

  it('sends each threshold once, the highest reached', () => {
    expect(dueBudgetAlert(79, 0)).toBeNull();
    expect(dueBudgetAlert(80, 0)).toBe(80);
    expect(dueBudgetAlert(95, 80)).toBeNull();
    expect(dueBudgetAlert(100, 80)).toBe(100);
    expect(dueBudgetAlert(130, 0)).toBe(100);
    expect(dueBudgetAlert(130, 100)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.constantFrom(0, 80, 100), (percent, alerted) => {
        const due = dueBudgetAlert(percent, alerted);
        if (due !== null) expect(due > alerted && due <= percent).toBe(true);
      }),
    );
  });
});

describe('schemas', () => {
  it('refuses rates below zero with the field message', () => {
    const result = memberRateSchema.safeParse({ hourlyRateMinor: -1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(BUDGET_MESSAGES.rateNegative.id);
    expect(projectBudgetFromForm({ rate: '-5', kind: 'none', amount: '' }, 'USD')).toEqual({ ok: false, errors: { rate: BUDGET_MESSAGES.rateNegative.id } });
  });

  it('needs both the kind and the amount of a budget, or neither', () => {
    expect(projectBudgetSchema.safeParse({ hourlyRateMinor: null, budgetKind: 'hours', budgetAmount: null }).success).toBe(false);
    expect(projectBudgetSchema.safeParse({ hourlyRateMinor: null, budgetKind: null, budgetAmount: null }).success).toBe(true);
    expect(projectBudgetFromForm({ rate: '150', kind: 'money', amount: '10,000' }, 'USD')).toEqual({
      ok: true,
      value: { hourlyRateMinor: 15000, budgetKind: 'money', budgetAmount: 1000000 },
    });
    expect(projectBudgetFromForm({ rate: '', kind: 'hours', amount: '40' }, 'USD')).toEqual({ ok: true, value: { hourlyRateMinor: null, budgetKind: 'hours', budgetAmount: 2400 } });
  });

  it("reads the Team form's rate as typed into the API's shape, or says what is wrong under the field (issue 47)", () => {
    const form = memberRateFormSchema('USD');
    expect(form.parse({ rate: '1,200.50' })).toEqual({ hourlyRateMinor: 120050 });
    expect(form.parse({ rate: '  ' })).toEqual({ hourlyRateMinor: null });
    expect(form.safeParse({ rate: '-5' }).error?.issues).toEqual([expect.objectContaining({ path: ['rate'], message: BUDGET_MESSAGES.rateNegative.id })]);
    expect(memberRateFormSchema('JPY').safeParse({ rate: '12.5' }).error?.issues[0]?.message).toBe(BUDGET_MESSAGES.moneyNoDecimals.id);
  });

  it("reads the project's budget form into the API's shape, with each message under its field (issue 47)", () => {
    const form = projectBudgetFormSchema('USD');
    expect(form.parse({ rate: '150', kind: 'money', amount: '10,000' })).toEqual({ hourlyRateMinor: 15000, budgetKind: 'money', budgetAmount: 1000000 });
    expect(form.parse({ rate: '', kind: 'none', amount: 'ignored' })).toEqual({ hourlyRateMinor: null, budgetKind: null, budgetAmount: null });
    expect(form.safeParse({ rate: '-1', kind: 'hours', amount: 'many' }).error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['rate'], message: BUDGET_MESSAGES.rateNegative.id },
      { path: ['amount'], message: BUDGET_MESSAGES.hoursFormat.id },
    ]);
  });

  it('takes a known currency code in any case', () => {
    expect(updateCurrencySchema.parse({ currency: 'eur' })).toEqual({ currency: 'EUR' });
    expect(updateCurrencySchema.safeParse({ currency: 'XYZ' }).success).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportPresetRange, timeReportEntriesQuerySchema, timeReportQuerySchema, wholeMonths } from './time-reports';

const day = (date: Date) => date.toISOString().slice(0, 10);
const days = fc.date({ min: new Date('1999-01-01T00:00:00Z'), max: new Date('2031-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => day(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))));

/** Every day from..to, one by one (the slow, obviously right way). */
function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(day(new Date(t)));
  return out;
}

describe('wholeMonths', () => {
  it('reads a year, a month and parts of months', () => {
    expect(wholeMonths('2025-01-01', '2025-12-31')).toEqual({ start: '2025-01-01', end: '2026-01-01' });
    expect(wholeMonths('2024-02-01', '2024-02-29')).toEqual({ start: '2024-02-01', end: '2024-03-01' });
    expect(wholeMonths('2024-02-01', '2024-02-28')).toBeNull();
    expect(wholeMonths('2025-01-15', '2025-03-10')).toEqual({ start: '2025-02-01', end: '2025-03-01' });
    expect(wholeMonths('2025-01-15', '2025-02-10')).toBeNull();
    expect(wholeMonths('2025-12-02', '2026-01-31')).toEqual({ start: '2026-01-01', end: '2026-02-01' });
    expect(wholeMonths('2025-11-27', '2025-11-27')).toBeNull();
  });

  it('covers exactly the days of the whole months inside the range, and every such month', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 0, max: 120 }), (from, length) => {
        const to = addDays(from, length);
        const range = eachDay(from, to);
        const inRange = new Set(range);
        // A month is whole when its first and its last day are both in the range.
        const whole = new Set(range.map((d) => d.slice(0, 7)).filter((m) => inRange.has(`${m}-01`) && inRange.has(addDays(monthStartAfter(m), -1))));
        const months = wholeMonths(from, to);
        const covered = months ? range.filter((d) => d >= months.start && d < months.end) : [];
        expect(new Set(covered.map((d) => d.slice(0, 7)))).toEqual(whole);
        if (months) {
          // The months lie inside the range: no day before it, none after it.
          expect(months.start >= from).toBe(true);
          expect(months.end <= addDays(to, 1)).toBe(true);
        }
      }),
    );
  });
});

function addDays(from: string, n: number): string {
  return day(new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000));
}

function monthStartAfter(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

describe('reportPresetRange (issue 49 item 15)', () => {
  it('gives weeks Monday to Sunday and calendar months, across a year', () => {
    // Sunday 2026-11-29: its week began on Monday the 23rd.
    expect(reportPresetRange('this-week', '2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(reportPresetRange('this-week', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(reportPresetRange('last-week', '2026-11-29')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(reportPresetRange('this-month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(reportPresetRange('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(reportPresetRange('last-week', '2026-01-01')).toEqual({ from: '2025-12-22', to: '2025-12-28' });
  });
});

describe('the time report filters (issue 49 item 15)', () => {
  it('take ids, a billable choice and, for entries, a task or none', () => {
    const id = '0b6d2c9e-3f7a-4c1e-9a53-2b1f4d8e7c60';
    expect(timeReportQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30', clientId: id })).toMatchObject({ clientId: id, billable: 'all', groupBy: 'client' });
    expect(timeReportQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-30', billable: 'maybe' }).success).toBe(false);
    expect(timeReportEntriesQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30', taskId: 'none' }).taskId).toBe('none');
    expect(timeReportEntriesQuerySchema.safeParse({ from: '2026-11-01', to: '2026-11-30', taskId: 'x' }).success).toBe(false);
  });
});

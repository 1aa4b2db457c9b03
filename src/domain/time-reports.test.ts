import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wholeMonths } from './time-reports';

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

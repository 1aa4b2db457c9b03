import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withValues } from './locales';
import { BURN_DOWN_TEXTS, burnDownAxis, burnDownPoints, burnDownSummary, burnDownTickLabel, niceStep, thresholdWeeks, type BurnDownWeek } from './budget-burn-down';

const weeks: BurnDownWeek[] = [
  { weekStart: '2026-10-26', minutes: 240, minor: 40_000 },
  { weekStart: '2026-11-02', minutes: 240, minor: 40_000 },
  { weekStart: '2026-11-09', minutes: 510, minor: 85_000 },
  { weekStart: '2026-11-16', minutes: 660, minor: 110_000 },
];

describe('burn-down series', () => {
  it("reads the budget's own kind: minutes for hours, minor units for money", () => {
    expect(burnDownPoints(weeks, 'hours', 600).map((p) => [p.used, p.percent])).toEqual([
      [240, 40],
      [240, 40],
      [510, 85],
      [660, 110],
    ]);
    expect(burnDownPoints(weeks, 'money', 100_000).map((p) => p.percent)).toEqual([40, 40, 85, 110]);
  });

  it('finds the first week each alert threshold was reached', () => {
    expect(thresholdWeeks(burnDownPoints(weeks, 'hours', 600))).toEqual([
      { percent: 80, weekStart: '2026-11-09' },
      { percent: 100, weekStart: '2026-11-16' },
    ]);
    expect(thresholdWeeks(burnDownPoints(weeks, 'hours', 6000))).toEqual([]);
  });

  it('puts about four gridlines at whole hours or whole currency units, and the top above the budget and every week', () => {
    expect(burnDownAxis(burnDownPoints(weeks, 'hours', 600), 'hours', 600, 'USD')).toEqual({ max: 660, ticks: [0, 300, 600] });
    expect(burnDownAxis(burnDownPoints(weeks, 'money', 200_000), 'money', 200_000, 'USD')).toEqual({ max: 200_000, ticks: [0, 50_000, 100_000, 150_000, 200_000] });
    expect(burnDownAxis(burnDownPoints(weeks, 'money', 50_000), 'money', 50_000, 'JPY').ticks.at(1)).toBe(50_000);
    expect(burnDownAxis([], 'hours', 1, 'USD')).toEqual({ max: 1, ticks: [0] });
  });

  it('niceStep is the smallest 1, 2 or 5 times a power of ten not below what it is given', () => {
    expect([0.3, 1, 1.5, 3, 7, 12, 45, 501].map(niceStep)).toEqual([1, 1, 2, 5, 10, 20, 50, 1000]);
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e12, noNaN: true }), (raw) => {
        const step = niceStep(raw);
        expect(step).toBeGreaterThanOrEqual(raw);
        expect(step).toBeLessThanOrEqual(raw * 5);
        expect(String(step)).toMatch(/^[125]0*$/);
      }),
    );
  });

  it('gridlines never exceed five and never pass the top', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 1e12 }), fc.constantFrom('hours' as const, 'money' as const), (amount, used, kind) => {
        const points = burnDownPoints([{ weekStart: '2026-11-16', minutes: used, minor: used }], kind, amount);
        const axis = burnDownAxis(points, kind, amount, 'USD');
        expect(axis.max).toBeGreaterThanOrEqual(Math.max(amount, used));
        expect(axis.ticks.length).toBeLessThanOrEqual(5);
        expect(axis.ticks.at(-1)).toBeLessThanOrEqual(axis.max);
      }),
    );
  });

  it('labels gridlines briefly', () => {
    expect(burnDownTickLabel('hours', 300, 'USD')).toBe('5:00');
    expect(burnDownTickLabel('hours', 90, 'USD')).toBe('1:30');
    expect(burnDownTickLabel('money', 150_000, 'USD')).toBe('$1.5K');
    expect(burnDownTickLabel('money', 0, 'USD')).toBe('$0');
    expect(burnDownTickLabel('money', 50_000, 'JPY')).toBe('¥50K');
  });

  it('words the chart for screen readers', () => {
    // Its sentences' words are the chart's test's (project-budget-card.test.tsx); here their figures.
    expect(burnDownSummary(burnDownPoints(weeks, 'hours', 600), 'hours', 600, 'USD')).toEqual([
      withValues(BURN_DOWN_TEXTS.summary, { weeks: 4, used: '11:00', budget: '10:00', percent: 110 }),
      withValues(BURN_DOWN_TEXTS.crossed, { percent: 80, weekStart: '2026-11-09' }),
      withValues(BURN_DOWN_TEXTS.crossed, { percent: 100, weekStart: '2026-11-16' }),
    ]);
    expect(burnDownSummary(burnDownPoints(weeks.slice(0, 1), 'money', 100_000), 'money', 100_000, 'USD')).toEqual([
      withValues(BURN_DOWN_TEXTS.summary, { weeks: 1, used: '$400.00', budget: '$1,000.00', percent: 40 }),
    ]);
  });
});

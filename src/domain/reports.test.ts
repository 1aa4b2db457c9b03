import { describe, expect, it } from 'vitest';
import { completionRate, rangeStart, reportQuerySchema } from './reports';

describe('report ranges', () => {
  const now = new Date('2026-03-01T08:00:00Z');
  it('starts All Time nowhere and the others that far back from now', () => {
    expect(rangeStart('all', now)).toBeNull();
    expect(rangeStart('30d', now)?.toISOString()).toBe('2026-01-30T08:00:00.000Z');
    expect(rangeStart('90d', now)?.toISOString()).toBe('2025-12-01T08:00:00.000Z');
    expect(rangeStart('1y', now)?.toISOString()).toBe('2025-03-01T08:00:00.000Z');
  });
  it('defaults to all and refuses unknown ranges', () => {
    expect(reportQuerySchema.parse({})).toEqual({ range: 'all' });
    expect(reportQuerySchema.safeParse({ range: '7d' }).success).toBe(false);
  });
});

describe('completionRate', () => {
  it('is a whole percentage, 0 when there is nothing', () => {
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(1, 3)).toBe(33);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(4, 4)).toBe(100);
  });
});

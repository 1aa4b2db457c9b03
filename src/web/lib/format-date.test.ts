import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, todayIso } from './format-date';

// The product's patterns, as date-fns wrote them before format-date.ts stopped using it.
const VALUES = [
  '2026-01-01',
  '2026-12-31',
  '2024-02-29',
  '2026-11-24T00:00:00.000Z',
  '2026-11-24T12:00:00.000Z',
  '2026-11-24T23:59:59.999Z',
  '2026-03-09T07:05:00+02:00',
  '2026-07-04T12:30:00',
];

describe('formatDate and formatDateTime', () => {
  it.each(VALUES)('writes %s as date-fns does', (value) => {
    expect(formatDate(value)).toBe(format(parseISO(value), 'MMM d, yyyy'));
    expect(formatDateTime(value)).toBe(format(parseISO(value), 'MMM d, yyyy h:mm a'));
  });

  it('reads a yyyy-MM-dd date as that calendar day wherever the user is', () => {
    expect(formatDate('2026-01-01')).toBe('Jan 1, 2026');
  });
});

describe('todayIso', () => {
  it('is the local date, zero-padded', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 2, 5, 23, 30));
    try {
      expect(todayIso()).toBe('2026-03-05');
      expect(todayIso()).toBe(format(new Date(), 'yyyy-MM-dd'));
    } finally {
      vi.useRealTimers();
    }
  });
});

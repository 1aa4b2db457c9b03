import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from './i18n';
import { formatDate, formatDateTime, formatDayWithMonth, todayIso } from './format-date';

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

describe('dates in the language on screen (issue 48 item 3)', () => {
  afterEach(() => activateLocale('en'));

  it('writes German and Spanish dates and times as those countries do', async () => {
    await activateLocale('de');
    expect(formatDate('2026-11-29')).toBe('29. Nov. 2026');
    expect(formatDateTime('2026-07-04T14:05:00')).toBe('4. Juli 2026 14:05');
    await activateLocale('es');
    expect(formatDate('2026-11-29')).toBe('29 nov 2026');
    expect(formatDateTime('2026-07-04T09:05:00')).toBe('4 jul 2026 9:05');
  });

  it('writes English as spec 9 does again after another language', async () => {
    await activateLocale('de');
    await activateLocale('en');
    expect(formatDateTime('2026-07-04T14:05:00')).toBe('Jul 4, 2026 2:05 PM');
  });
});

describe('formatDayWithMonth', () => {
  afterEach(() => activateLocale('en'));

  it('writes a day with its weekday and month in the language on screen', async () => {
    expect(formatDayWithMonth('2026-11-23')).toBe(format(parseISO('2026-11-23'), 'EEE d MMM'));
    await activateLocale('de');
    expect(formatDayWithMonth('2026-11-23')).toBe('Mo., 23. Nov.');
    await activateLocale('es');
    expect(formatDayWithMonth('2026-11-23')).toBe('lun, 23 nov');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  daysBetween,
  elapsedMinutes,
  elapsedSeconds,
  formatMinutes,
  isShortTimer,
  parseDuration,
  startTimerSchema,
  sumMinutes,
  TIME_MESSAGES,
  TIMER_SHORT_SECONDS,
  timerShortMessage,
  timeEntryInputSchema,
  timeEntryListQuerySchema,
  timesheetCellSchema,
  weekDays,
  weekStartOf,
} from './time-entries';
import { withValues } from './locales';
import type { Weekday } from './region-rules';

const minutes = (typed: string) => {
  const parsed = parseDuration(typed);
  return parsed.ok ? parsed.minutes : parsed.message;
};


describe('parseDuration', () => {
  it('reads the ways people type a duration, as whole minutes', () => {
    expect(minutes('1:30')).toBe(90);
    expect(minutes('0:05')).toBe(5);
    expect(minutes('1.5h')).toBe(90);
    expect(minutes('1,5h')).toBe(90);
    expect(minutes('1.5 hours')).toBe(90);
    expect(minutes('90m')).toBe(90);
    expect(minutes('90 min')).toBe(90);
    expect(minutes('2h 15m')).toBe(135);
    expect(minutes('2h15')).toBe(135);
    expect(minutes(' 2H 15M ')).toBe(135);
    expect(minutes('24:00')).toBe(1440);
  });

  it('reads a bare number as hours, and says how to type minutes when that is more than a day', () => {
    expect(minutes('8')).toBe(480);
    expect(minutes('1.5')).toBe(90);
    expect(minutes('.5')).toBe(TIME_MESSAGES.durationUnreadable);
    expect(minutes('45')).toEqual(withValues(TIME_MESSAGES.bareNumberTooLarge, { typed: '45' }));
    expect(minutes('45m')).toBe(45);
  });

  it('rounds decimal hours to the nearest minute, a half minute up', () => {
    expect(minutes('0.01h')).toBe(1); // 0.6 min
    expect(minutes('0.001h')).toBe(0); // 0.06 min
    expect(minutes('1.999h')).toBe(120); // 119.94 min
    expect(minutes('0.0083h')).toBe(0); // 0.498 min
    expect(minutes('0.0125h')).toBe(1); // 0.75 min
    expect(minutes('0.025h')).toBe(2); // 1.5 min: halves go up
  });

  it('treats empty and 0 as no time, and refuses what it cannot read or what a day cannot hold', () => {
    expect(minutes('')).toBe(0);
    expect(minutes('0')).toBe(0);
    for (const typed of ['abc', '1:75', '-1h', '1h -5m', '1:30:00', '2 h 3 h', '1e3', 'x'.repeat(30), '١:٣٠']) {
      expect(minutes(typed), typed).toBe(TIME_MESSAGES.durationUnreadable);
    }
    expect(minutes('25h')).toBe(TIME_MESSAGES.durationTooLong);
    expect(minutes('24:01')).toBe(TIME_MESSAGES.durationTooLong);
    expect(minutes('1441m')).toBe(TIME_MESSAGES.durationTooLong);
  });

  it('reads back whatever formatMinutes wrote (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1440 }), (m) => {
        expect(parseDuration(formatMinutes(m))).toEqual({ ok: true, minutes: m });
      }),
    );
  });

  it('never answers a negative or fractional number of minutes, whatever is typed (property)', () => {
    const typed = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 9999 }), fc.constantFrom('h', '', ' hours')).map(([h, f, u]) => `${h}.${f}${u}`),
      fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 99 })).map(([h, m]) => `${h}h ${m}m`),
    );
    fc.assert(
      fc.property(typed, (input) => {
        const parsed = parseDuration(input);
        if (parsed.ok) {
          expect(Number.isInteger(parsed.minutes)).toBe(true);
          expect(parsed.minutes).toBeGreaterThanOrEqual(0);
          expect(parsed.minutes).toBeLessThanOrEqual(1440);
        }
      }),
    );
  });

  it('decimal hours land within half a minute of the exact value (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 9999 }), (h, f) => {
        const fraction = String(f).padStart(4, '0');
        const parsed = parseDuration(`${h}.${fraction}h`);
        const exact = (h + f / 10_000) * 60;
        expect(parsed.ok && Math.abs(parsed.minutes - exact) <= 0.5).toBe(true);
      }),
    );
  });
});

describe('sums and formatting', () => {
  it('sums whole minutes exactly, where adding decimal hours as floats would drift (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('0.1h', '0.2h', '0.7h', '1:10', '45m'), { maxLength: 200 }), (typed) => {
        const values = typed.map((t) => (parseDuration(t) as { minutes: number }).minutes);
        const total = sumMinutes(values);
        expect(Number.isInteger(total)).toBe(true);
        expect(total).toBe(values.reduce((a, b) => a + b, 0));
      }),
    );
    // 0.1 + 0.2 hours as floats is 0.30000000000000004; as minutes it is 6 + 12 = 18.
    expect(sumMinutes([6, 12])).toBe(18);
    expect(() => sumMinutes([1.5])).toThrow(TypeError);
  });

  it('formats minutes as h:mm', () => {
    expect(formatMinutes(0)).toBe('0:00');
    expect(formatMinutes(5)).toBe('0:05');
    expect(formatMinutes(90)).toBe('1:30');
    expect(formatMinutes(1440)).toBe('24:00');
    expect(formatMinutes(6000)).toBe('100:00');
  });

  it('rounds a timer to the nearest minute', () => {
    const start = new Date('2026-11-27T09:00:00Z');
    expect(elapsedMinutes(start, new Date('2026-11-27T09:00:29Z'))).toBe(0);
    expect(elapsedMinutes(start, new Date('2026-11-27T09:00:30Z'))).toBe(1);
    expect(elapsedMinutes(start, new Date('2026-11-27T10:30:10Z'))).toBe(90);
    expect(elapsedMinutes(start, new Date('2026-11-27T08:00:00Z'))).toBe(0);
  });

  it('calls a timer short under TIMER_SHORT_SECONDS (60 s), to the millisecond; a minute and more is not (issue 49 item 14)', () => {
    expect(TIMER_SHORT_SECONDS).toBe(60);
    const start = new Date('2026-11-27T09:00:00Z');
    const after = (ms: number) => new Date(start.getTime() + ms);
    expect(isShortTimer(start, after(0))).toBe(true);
    expect(isShortTimer(start, after(7_000))).toBe(true);
    expect(isShortTimer(start, after(59_999))).toBe(true);
    expect(isShortTimer(start, after(60_000))).toBe(false);
    expect(isShortTimer(start, after(95 * 60_000))).toBe(false);
    // A start the clock puts after the stop ran no time at all.
    expect(isShortTimer(start, after(-5_000))).toBe(true);
    expect(elapsedSeconds(start, after(59_999))).toBe(59);
    expect(elapsedSeconds(start, after(-5_000))).toBe(0);
    // Its words (one second, 7 seconds) are the server's test's, in English and German.
    expect(timerShortMessage(7)).toEqual(withValues(TIME_MESSAGES.timerShort, { seconds: 7, minimum: '0:01' }));
  });

  it('finds the Monday of a week and its seven days, across months and years', () => {
    expect(weekStartOf('2026-11-27')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23');
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(weekDays('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
  });

  it("finds a week's start on another first day (issue 48): Sunday across a month's and a year's end", () => {
    // Sunday-first (en-US): Sunday 2026-11-29 starts its own week; the week of Tuesday 1 December began in November.
    expect(weekStartOf('2026-11-29', 7)).toBe('2026-11-29');
    expect(weekStartOf('2026-11-28', 7)).toBe('2026-11-22');
    expect(weekStartOf('2026-12-01', 7)).toBe('2026-11-29');
    // New Year's Day 2027, a Friday: its week began on Sunday 27 December 2026.
    expect(weekStartOf('2027-01-01', 7)).toBe('2026-12-27');
    expect(weekDays(weekStartOf('2027-01-01', 7))).toEqual(['2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    // Saturday-first, and Monday given outright: the ISO week as without it.
    expect(weekStartOf('2026-11-27', 6)).toBe('2026-11-21');
    expect(weekStartOf('2026-11-28', 6)).toBe('2026-11-28');
    expect(weekStartOf('2026-11-29', 1)).toBe(weekStartOf('2026-11-29'));
  });

  it('starts every week on or before its day, within six days, on the weekday asked for', () => {
    const day = fc.integer({ min: 0, max: 40_000 }).map((n) => addDaysToDate('2000-01-01', n));
    const firstDay = fc.constantFrom<Weekday>(1, 2, 3, 4, 5, 6, 7);
    fc.assert(
      fc.property(day, firstDay, (date, first) => {
        const start = weekStartOf(date, first);
        const gap = daysBetween(start, date);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(6);
        expect(new Date(`${start}T00:00:00Z`).getUTCDay() || 7).toBe(first);
        expect(weekDays(start)).toContain(date);
      }),
    );
  });
});

describe('API schemas', () => {
  const projectId = '7b0f7f38-7a4a-4a55-8a7c-1a2b3c4d5e6f';
  const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('reads a manual entry with a typed duration or whole minutes', () => {
    expect(timeEntryInputSchema.parse({ projectId, workDate: '2026-11-27', duration: '1:30' })).toMatchObject({ duration: 90, taskId: null, note: null, billable: true });
    expect(timeEntryInputSchema.parse({ projectId, workDate: '2026-11-27', duration: 45, note: '  Call  ', billable: false })).toMatchObject({ duration: 45, note: 'Call', billable: false });
  });

  it("refuses bad fields with the field's message", () => {
    const entry = (patch: Record<string, unknown>) => timeEntryInputSchema.safeParse({ projectId, workDate: '2026-11-27', duration: '1h', ...patch });
    expect(message(entry({ duration: '0' }))).toBe(TIME_MESSAGES.durationZero.id);
    expect(message(entry({ duration: -5 }))).toBe(TIME_MESSAGES.durationUnreadable.id);
    expect(message(entry({ duration: 1.5 }))).toBe(TIME_MESSAGES.durationUnreadable.id);
    expect(message(entry({ duration: 1441 }))).toBe(TIME_MESSAGES.durationTooLong.id);
    expect(message(entry({ duration: 'soon' }))).toBe(TIME_MESSAGES.durationUnreadable.id);
    expect(message(entry({ duration: null }))).toBe(TIME_MESSAGES.durationUnreadable.id);
    expect(message(entry({ workDate: '2026-02-30' }))).toBe(TIME_MESSAGES.dateInvalid.id);
    expect(message(entry({ workDate: '1999-12-31' }))).toBe(TIME_MESSAGES.dateOutOfRange.id);
    expect(message(entry({ workDate: '2100-01-01' }))).toBe(TIME_MESSAGES.dateOutOfRange.id);
    expect(entry({ note: 'x'.repeat(1001) }).success).toBe(false);
    expect(startTimerSchema.safeParse({ projectId: 'nope' }).success).toBe(false);
  });

  it('lets a timesheet cell be cleared with 0 or nothing', () => {
    expect(timesheetCellSchema.parse({ projectId, taskId: null, workDate: '2026-11-27', duration: '' }).duration).toBe(0);
    expect(timesheetCellSchema.parse({ projectId, workDate: '2026-11-27', duration: 0 }).duration).toBe(0);
    // The week it answers with starts on Monday unless the member's first day is given (issue 48).
    expect(timesheetCellSchema.parse({ projectId, workDate: '2026-11-27', duration: 0 }).firstDay).toBe(1);
    expect(timesheetCellSchema.parse({ projectId, workDate: '2026-11-27', duration: 0, firstDay: 7 }).firstDay).toBe(7);
    expect(message(timesheetCellSchema.safeParse({ projectId, workDate: '2026-11-27', duration: 0, firstDay: 0 }))).toBe(TIME_MESSAGES.firstDayInvalid.id);
    expect(message(timesheetCellSchema.safeParse({ projectId, workDate: '2026-11-27', duration: 0, firstDay: 1.5 }))).toBe(TIME_MESSAGES.firstDayInvalid.id);
  });

  it('bounds a list to 62 days, in order', () => {
    expect(timeEntryListQuerySchema.safeParse({ from: '2026-11-01', to: '2027-01-01' }).success).toBe(true);
    expect(message(timeEntryListQuerySchema.safeParse({ from: '2026-11-01', to: '2027-01-02' }))).toBe(TIME_MESSAGES.rangeTooLong.id);
    expect(message(timeEntryListQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }))).toBe(TIME_MESSAGES.rangeReversed.id);
  });
});

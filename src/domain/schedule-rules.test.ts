import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withValues } from './locales';
import {
  addWorkingDays,
  capacityError,
  DEFAULT_CAPACITY,
  isWorkingDay,
  MAX_OFFSET_WORKING_DAYS,
  MAX_PLAN_DAYS,
  nextWorkingDay,
  parseEstimate,
  planDateError,
  SCHEDULE_MESSAGES,
  scheduleFromOffsets,
  spreadEstimate,
  workingDaysBetween,
  workweekOfCapacity,
  type IsoWeekday,
  type WeekCapacity,
  type Workweek,
} from './schedule-rules';
import { addDaysToDate, daysBetween, TIME_MESSAGES } from './time-entry-rules';

// 2026-11-27 is a Friday; 2026-03-29 and 2026-10-25 are the Sundays Europe's clocks change.
const FRIDAY = '2026-11-27';
const SATURDAY = '2026-11-28';
const MONDAY = '2026-11-30';

describe('working days (issue 51)', () => {
  it('knows Monday to Friday as the default workweek, and skips days off', () => {
    expect(isWorkingDay(FRIDAY)).toBe(true);
    expect(isWorkingDay(SATURDAY)).toBe(false);
    expect(isWorkingDay(MONDAY, { weekdays: [1, 2, 3, 4, 5], daysOff: new Set([MONDAY]) })).toBe(false);
    expect(isWorkingDay(SATURDAY, { weekdays: [6] })).toBe(true);
  });

  it('moves to the next working day, or stays on one', () => {
    expect(nextWorkingDay(FRIDAY)).toBe(FRIDAY);
    expect(nextWorkingDay(SATURDAY)).toBe(MONDAY);
    expect(nextWorkingDay(SATURDAY, { weekdays: [1, 2, 3, 4, 5], daysOff: new Set([MONDAY]) })).toBe('2026-12-01');
  });

  it('adds working days: a Friday and 1 is the Monday, a day off is skipped, 0 is the first working day', () => {
    expect(addWorkingDays(FRIDAY, 1)).toBe(MONDAY);
    expect(addWorkingDays(FRIDAY, 0)).toBe(FRIDAY);
    expect(addWorkingDays(SATURDAY, 0)).toBe(MONDAY);
    expect(addWorkingDays(FRIDAY, 5)).toBe('2026-12-04');
    expect(addWorkingDays(FRIDAY, 1, { weekdays: [1, 2, 3, 4, 5], daysOff: new Set([MONDAY]) })).toBe('2026-12-01');
    expect(() => addWorkingDays(FRIDAY, -1)).toThrow(RangeError);
    expect(() => addWorkingDays(FRIDAY, 1.5)).toThrow(RangeError);
  });

  it('counts the working days of a range, both ends included', () => {
    expect(workingDaysBetween(MONDAY, '2026-12-04')).toBe(5);
    expect(workingDaysBetween(FRIDAY, MONDAY)).toBe(2);
    expect(workingDaysBetween(SATURDAY, '2026-11-29')).toBe(0);
    expect(workingDaysBetween(MONDAY, FRIDAY)).toBe(0);
    expect(workingDaysBetween(MONDAY, '2026-12-11', { weekdays: [1, 2, 3, 4, 5], daysOff: new Set(['2026-12-02', '2026-12-05', '2027-01-04']) })).toBe(9);
    // A century answers at once: 5,217 weeks from a Monday, then Monday to Thursday.
    expect(workingDaysBetween('2000-01-03', '2099-12-31')).toBe(5217 * 5 + 4);
  });

  it('treats the days the clocks change like any other day', () => {
    expect(addWorkingDays('2026-03-27', 1)).toBe('2026-03-30');
    expect(addWorkingDays('2026-10-23', 1)).toBe('2026-10-26');
    expect(nextWorkingDay('2026-03-29')).toBe('2026-03-30');
    expect(isWorkingDay('2026-10-25', { weekdays: [7] })).toBe(true);
    expect(workingDaysBetween('2026-03-23', '2026-04-03')).toBe(10);
    expect(workingDaysBetween('2026-10-19', '2026-10-30', { weekdays: [1, 2, 3, 4, 5, 6, 7] })).toBe(12);
  });

  it('gives up after about three years rather than looping for ever', () => {
    const never: Workweek = { weekdays: [] };
    expect(nextWorkingDay(FRIDAY, never)).toBeNull();
    expect(addWorkingDays(FRIDAY, 0, never)).toBeNull();
    expect(addWorkingDays(FRIDAY, 1000)).toBeNull();
    expect(addWorkingDays(FRIDAY, 700)).not.toBeNull();
  });
});

describe('a template task\'s offsets from its project\'s start', () => {
  it('schedules from the project\'s first working day: a start on a Saturday counts from the Monday', () => {
    expect(scheduleFromOffsets(SATURDAY, { startOffset: 0, dueOffset: 4 })).toEqual({ ok: true, startDate: MONDAY, dueDate: '2026-12-04' });
    expect(scheduleFromOffsets(SATURDAY, { startOffset: 5, dueOffset: 6 })).toEqual({ ok: true, startDate: '2026-12-07', dueDate: '2026-12-08' });
    expect(scheduleFromOffsets(FRIDAY, { startOffset: 0, dueOffset: 1 })).toEqual({ ok: true, startDate: FRIDAY, dueDate: MONDAY });
  });

  it('leaves a date empty when its offset is', () => {
    expect(scheduleFromOffsets(FRIDAY, { dueOffset: 2 })).toEqual({ ok: true, startDate: null, dueDate: '2026-12-01' });
    expect(scheduleFromOffsets(FRIDAY, { startOffset: null, dueOffset: null })).toEqual({ ok: true, startDate: null, dueDate: null });
  });

  it('follows the workweek and its days off', () => {
    const workweek: Workweek = { weekdays: [1, 3, 5], daysOff: new Set(['2026-12-02']) };
    expect(scheduleFromOffsets(FRIDAY, { startOffset: 1, dueOffset: 2 }, workweek)).toEqual({ ok: true, startDate: MONDAY, dueDate: '2026-12-04' });
  });

  it('refuses offsets it cannot place, with a message', () => {
    const offsetInvalid = withValues(SCHEDULE_MESSAGES.offsetInvalid, { max: MAX_OFFSET_WORKING_DAYS });
    expect(scheduleFromOffsets(FRIDAY, { startOffset: 3, dueOffset: 2 })).toEqual({ ok: false, message: SCHEDULE_MESSAGES.offsetsReversed });
    expect(scheduleFromOffsets(FRIDAY, { startOffset: -1 })).toEqual({ ok: false, message: offsetInvalid });
    expect(scheduleFromOffsets(FRIDAY, { dueOffset: 1.5 })).toEqual({ ok: false, message: offsetInvalid });
    expect(scheduleFromOffsets(FRIDAY, { dueOffset: MAX_OFFSET_WORKING_DAYS + 1 })).toEqual({ ok: false, message: offsetInvalid });
    expect(scheduleFromOffsets('2026-02-30', { dueOffset: 1 })).toEqual({ ok: false, message: TIME_MESSAGES.dateInvalid });
    expect(scheduleFromOffsets(FRIDAY, { dueOffset: 1 }, { weekdays: [] })).toEqual({
      ok: false,
      message: withValues(SCHEDULE_MESSAGES.noWorkingDay, { date: FRIDAY }),
    });
    expect(scheduleFromOffsets(FRIDAY, { dueOffset: MAX_OFFSET_WORKING_DAYS }, { weekdays: [1] })).toEqual({ ok: false, message: SCHEDULE_MESSAGES.offsetTooFar });
  });
});

describe('a task\'s estimate, typed like a time entry', () => {
  it('reads hours, minutes and h:mm', () => {
    expect(parseEstimate('2h')).toEqual({ ok: true, minutes: 120 });
    expect(parseEstimate('1:30')).toEqual({ ok: true, minutes: 90 });
    expect(parseEstimate(' 90m ')).toEqual({ ok: true, minutes: 90 });
    expect(parseEstimate('1.5h')).toEqual({ ok: true, minutes: 90 });
    expect(parseEstimate('2h 15m')).toEqual({ ok: true, minutes: 135 });
  });

  it('allows more than a day, up to 999 hours (a bare number is hours)', () => {
    expect(parseEstimate('40')).toEqual({ ok: true, minutes: 2400 });
    expect(parseEstimate('999h')).toEqual({ ok: true, minutes: 999 * 60 });
    expect(parseEstimate('999:00')).toEqual({ ok: true, minutes: 999 * 60 });
    expect(parseEstimate('999:01')).toEqual({ ok: false, message: SCHEDULE_MESSAGES.estimateTooLarge });
    expect(parseEstimate('60000m')).toEqual({ ok: false, message: SCHEDULE_MESSAGES.estimateTooLarge });
  });

  it('answers a message for nothing, zero, a negative or an unreadable estimate', () => {
    expect(parseEstimate('')).toEqual({ ok: false, message: SCHEDULE_MESSAGES.estimateUnreadable });
    expect(parseEstimate('0')).toEqual({ ok: false, message: SCHEDULE_MESSAGES.estimateNotPositive });
    expect(parseEstimate('0:00')).toEqual({ ok: false, message: SCHEDULE_MESSAGES.estimateNotPositive });
    expect(parseEstimate('-2h')).toEqual({ ok: false, message: SCHEDULE_MESSAGES.estimateNotPositive });
    expect(parseEstimate('−30m')).toEqual({ ok: false, message: SCHEDULE_MESSAGES.estimateNotPositive });
    expect(parseEstimate('soon')).toEqual({ ok: false, message: SCHEDULE_MESSAGES.estimateUnreadable });
    expect(parseEstimate('1'.repeat(40))).toEqual({ ok: false, message: SCHEDULE_MESSAGES.estimateUnreadable });
  });

  it('always answers: minutes from 1 to 999 hours, or a message', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (input) => {
        const parsed = parseEstimate(input);
        if (parsed.ok) expect(Number.isInteger(parsed.minutes) && parsed.minutes >= 1 && parsed.minutes <= 999 * 60).toBe(true);
        else expect(Object.values(SCHEDULE_MESSAGES)).toContain(parsed.message);
      }),
      { numRuns: 300 },
    );
  });
});

describe('planned dates', () => {
  it('says what is wrong with a start and a due date', () => {
    expect(planDateError(MONDAY, MONDAY)).toBeNull();
    expect(planDateError(FRIDAY, MONDAY)).toBeNull();
    expect(planDateError(MONDAY, FRIDAY)).toBe(SCHEDULE_MESSAGES.startAfterDue);
    expect(SCHEDULE_MESSAGES.startAfterDue.message).toBe('Start date must be on or before the due date.');
    expect(planDateError('2026-11-31', MONDAY)).toBe(TIME_MESSAGES.dateInvalid);
    expect(planDateError(MONDAY, addDaysToDate(MONDAY, MAX_PLAN_DAYS - 1))).toBeNull();
    expect(planDateError(MONDAY, addDaysToDate(MONDAY, MAX_PLAN_DAYS))).toBe(SCHEDULE_MESSAGES.planTooLong);
  });

  it('accepts a member\'s capacity of whole minutes up to 24 hours a day', () => {
    expect(capacityError(DEFAULT_CAPACITY)).toBeNull();
    expect(capacityError([0, 0, 0, 0, 0, 0, 1440])).toBeNull();
    expect(capacityError([1441, 0, 0, 0, 0, 0, 0])).toBe(SCHEDULE_MESSAGES.capacityInvalid);
    expect(capacityError([-1, 0, 0, 0, 0, 0, 0])).toBe(SCHEDULE_MESSAGES.capacityInvalid);
    expect(capacityError([1.5, 0, 0, 0, 0, 0, 0])).toBe(SCHEDULE_MESSAGES.capacityInvalid);
    expect(capacityError([480, 480])).toBe(SCHEDULE_MESSAGES.capacityInvalid);
  });

  it('makes a workweek of the weekdays a capacity has minutes on', () => {
    const daysOff = new Set([MONDAY]);
    expect(workweekOfCapacity([240, 0, 240, 0, 240, 60, 0], daysOff)).toEqual({ weekdays: [1, 3, 5, 6], daysOff });
    expect(workweekOfCapacity(DEFAULT_CAPACITY)).toEqual({ weekdays: [1, 2, 3, 4, 5] });
  });
});

describe('an estimate spread over its working days', () => {
  const spread = (minutes: number, start: string, due: string, capacity: WeekCapacity = DEFAULT_CAPACITY, daysOff?: ReadonlySet<string>) =>
    spreadEstimate({ minutes, start, due, capacity, daysOff });

  it('spreads 2 hours over Monday to Wednesday at 8 hours a day as 40 minutes a day', () => {
    expect(spread(120, MONDAY, '2026-12-02')).toEqual({ ok: true, days: { [MONDAY]: 40, '2026-12-01': 40, '2026-12-02': 40 } });
  });

  it('rounds to whole minutes that add up exactly: 100 minutes over 3 equal days', () => {
    expect(spread(100, MONDAY, '2026-12-02')).toEqual({ ok: true, days: { [MONDAY]: 34, '2026-12-01': 33, '2026-12-02': 33 } });
    expect(spread(2, MONDAY, '2026-12-02')).toEqual({ ok: true, days: { [MONDAY]: 1, '2026-12-01': 1 } });
  });

  it('follows each day\'s capacity and skips weekends and days off', () => {
    const halfFriday: WeekCapacity = [480, 480, 480, 480, 240, 0, 0];
    expect(spread(600, '2026-11-26', MONDAY, halfFriday)).toEqual({ ok: true, days: { '2026-11-26': 240, [FRIDAY]: 120, [MONDAY]: 240 } });
    expect(spread(600, '2026-11-26', MONDAY, halfFriday, new Set([FRIDAY]))).toEqual({ ok: true, days: { '2026-11-26': 300, [MONDAY]: 300 } });
  });

  it('puts all of it on the due date when the range holds no working day', () => {
    expect(spread(90, SATURDAY, '2026-11-29')).toEqual({ ok: true, days: { '2026-11-29': 90 } });
    expect(spread(90, MONDAY, MONDAY, DEFAULT_CAPACITY, new Set([MONDAY]))).toEqual({ ok: true, days: { [MONDAY]: 90 } });
  });

  it('spreads over the clock-change weeks like any other', () => {
    expect(spread(600, '2026-03-27', '2026-03-30')).toEqual({ ok: true, days: { '2026-03-27': 300, '2026-03-30': 300 } });
    expect(spread(300, '2026-10-24', '2026-10-26', [60, 60, 60, 60, 60, 60, 60])).toEqual({ ok: true, days: { '2026-10-24': 100, '2026-10-25': 100, '2026-10-26': 100 } });
  });

  it('answers a message, not a spread, for a start after the due date or years of range', () => {
    expect(spread(60, MONDAY, FRIDAY)).toEqual({ ok: false, message: SCHEDULE_MESSAGES.startAfterDue });
    expect(spread(60, '2020-01-01', '2026-01-01')).toEqual({ ok: false, message: SCHEDULE_MESSAGES.planTooLong });
    expect(spread(0, MONDAY, FRIDAY)).toEqual({ ok: false, message: SCHEDULE_MESSAGES.startAfterDue });
    expect(spread(0, FRIDAY, MONDAY)).toEqual({ ok: true, days: {} });
    expect(() => spread(-1, FRIDAY, MONDAY)).toThrow(RangeError);
  });
});

// Random workweeks and dates around the clock changes of 2026 (2025-01-01 + 0..1200 days).
const dateArb = fc.integer({ min: 0, max: 1200 }).map((days) => addDaysToDate('2025-01-01', days));
const weekdaysArb = fc.subarray<IsoWeekday>([1, 2, 3, 4, 5, 6, 7], { minLength: 1 });
const workweekArb: fc.Arbitrary<Workweek> = fc
  .tuple(weekdaysArb, fc.array(dateArb, { maxLength: 40 }))
  .map(([weekdays, daysOff]) => ({ weekdays, daysOff: new Set(daysOff) }));
const dayCapacityArb = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1440 }));
const capacityArb: fc.Arbitrary<WeekCapacity> = fc.tuple(dayCapacityArb, dayCapacityArb, dayCapacityArb, dayCapacityArb, dayCapacityArb, dayCapacityArb, dayCapacityArb);

function workingDaysByWalking(start: string, due: string, workweek: Workweek): number {
  let count = 0;
  for (let day = start; day <= due; day = addDaysToDate(day, 1)) if (isWorkingDay(day, workweek)) count += 1;
  return count;
}

describe('working days, for any workweek (properties)', () => {
  it('addWorkingDays lands on a working day, later as n grows, n working days after the first', () => {
    fc.assert(
      fc.property(dateArb, workweekArb, fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 30 }), (date, workweek, n, more) => {
        const day = addWorkingDays(date, n, workweek)!;
        const later = addWorkingDays(date, n + more, workweek)!;
        expect(isWorkingDay(day, workweek)).toBe(true);
        expect(day >= date).toBe(true);
        expect(later > day).toBe(true);
        expect(workingDaysBetween(nextWorkingDay(date, workweek)!, day, workweek)).toBe(n + 1);
      }),
      { numRuns: 200 },
    );
  });

  it('workingDaysBetween agrees with walking the days', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -5, max: 120 }), workweekArb, (start, length, workweek) => {
        const due = addDaysToDate(start, length);
        expect(workingDaysBetween(start, due, workweek)).toBe(workingDaysByWalking(start, due, workweek));
      }),
      { numRuns: 200 },
    );
  });
});

describe('spreading an estimate, for any capacity (properties)', () => {
  it('adds up to the estimate, gives minutes to working days only, each within a minute of its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 * 60 }),
        dateArb,
        fc.integer({ min: 0, max: 90 }),
        capacityArb,
        fc.array(dateArb, { maxLength: 30 }),
        (minutes, start, length, capacity, off) => {
          const due = addDaysToDate(start, length);
          const daysOff = new Set(off);
          const spread = spreadEstimate({ minutes, start, due, capacity, daysOff });
          if (!spread.ok) throw new Error('a spread was refused');
          const entries = Object.entries(spread.days);
          expect(entries.reduce((sum, [, value]) => sum + value, 0)).toBe(minutes);
          const workweek = workweekOfCapacity(capacity, daysOff);
          const working = workingDaysByWalking(start, due, workweek);
          if (working === 0) {
            expect(spread.days).toEqual(minutes === 0 ? {} : { [due]: minutes });
            return;
          }
          let totalCapacity = 0;
          for (let i = 0; i <= daysBetween(start, due); i += 1) {
            const day = addDaysToDate(start, i);
            if (isWorkingDay(day, workweek)) totalCapacity += capacity[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
          }
          for (const [day, value] of entries) {
            expect(isWorkingDay(day, workweek) && day >= start && day <= due).toBe(true);
            expect(Number.isInteger(value) && value > 0).toBe(true);
            const share = (minutes * capacity[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!) / totalCapacity;
            expect(Math.abs(value - share)).toBeLessThan(1);
          }
          expect(entries.map(([day]) => day)).toEqual(entries.map(([day]) => day).sort());
        },
      ),
      { numRuns: 200 },
    );
  });
});

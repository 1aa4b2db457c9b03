import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextOccurrence, todayIn } from './recurrence-dates';
import {
  NTH_WEEKDAYS,
  parseRecurrence,
  RECURRENCE_MESSAGES,
  recurrenceWords,
  ruleAllows,
  serializeRecurrence,
  storedRecurrence,
  WEEKDAYS,
  type Recurrence,
} from './recurrence-rules';
import { messageWithValues, type Text } from './locales';

const TODAY = '2026-11-29';
const rule = (text: string): Recurrence => {
  const parsed = parseRecurrence(text, TODAY);
  if (!parsed.ok) throw new Error(parsed.message.id);
  return parsed.recurrence;
};
const refusal = (text: string) => {
  const parsed = parseRecurrence(text, TODAY);
  return parsed.ok ? null : parsed.message;
};
/** English with values filled. */
const say = (text: Text): string => text.message.replace(/\{(\w+)\}/g, (_all, name: string) => String(text.values?.[name]));
const words = (text: string, locale = 'en') => say(recurrenceWords(rule(text), { locale, say }));

describe('recurrence rules: the model', () => {
  it('reads the rules the Repeat control offers and writes each one way', () => {
    expect(rule('FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR')).toEqual({ kind: 'weekdays' });
    expect(rule('RRULE:FREQ=WEEKLY;BYDAY=TH,MO')).toEqual({ kind: 'weekly', interval: 1, days: ['MO', 'TH'] });
    expect(rule('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=15')).toEqual({ kind: 'monthly_day', interval: 3, day: 15 });
    expect(rule('FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2')).toEqual({ kind: 'monthly_weekday', interval: 1, nth: 2, weekday: 'TU' });
    expect(rule('FREQ=MONTHLY;BYDAY=-1FR')).toEqual({ kind: 'monthly_weekday', interval: 1, nth: -1, weekday: 'FR' });
    expect(rule('freq=daily;interval=2')).toEqual({ kind: 'daily', interval: 2 });
    expect(rule('FREQ=WEEKLY;BYDAY=MO;UNTIL=20271231')).toEqual({ kind: 'weekly', interval: 1, days: ['MO'], until: '2027-12-31' });
    expect(serializeRecurrence(rule('FREQ=MONTHLY;BYDAY=-1FR'))).toBe('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1');
    expect(serializeRecurrence(rule('FREQ=WEEKLY;BYDAY=TH,MO'))).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
  });

  it('refuses a rule outside the model, with the reason', () => {
    expect(refusal('FREQ=WEEKLY')).toEqual(RECURRENCE_MESSAGES.noDays);
    expect(refusal('FREQ=WEEKLY;BYDAY=')).toEqual(RECURRENCE_MESSAGES.noDays);
    expect(refusal('FREQ=MONTHLY;BYMONTHDAY=32')).toEqual(RECURRENCE_MESSAGES.dayOutOfRange);
    expect(refusal('FREQ=MONTHLY;BYMONTHDAY=0')).toEqual(RECURRENCE_MESSAGES.dayOutOfRange);
    expect(refusal('FREQ=WEEKLY;INTERVAL=13;BYDAY=MO')).toEqual(RECURRENCE_MESSAGES.intervalOutOfRange);
    expect(refusal('FREQ=WEEKLY;INTERVAL=0;BYDAY=MO')).toEqual(RECURRENCE_MESSAGES.intervalOutOfRange);
    expect(refusal('FREQ=WEEKLY;BYDAY=MO;UNTIL=20320101')).toEqual(RECURRENCE_MESSAGES.untilTooFar);
    for (const bad of [
      'FREQ=SECONDLY',
      'FREQ=YEARLY;BYMONTH=1',
      'FREQ=HOURLY',
      'FREQ=WEEKLY;BYDAY=MO;COUNT=3',
      'FREQ=WEEKLY;BYDAY=XX',
      'FREQ=WEEKLY;BYDAY=MO,MO',
      'FREQ=WEEKLY;BYDAY=2MO',
      'FREQ=MONTHLY;BYDAY=5TU',
      'FREQ=MONTHLY;BYDAY=TU;BYSETPOS=0',
      'FREQ=MONTHLY;BYDAY=MO,TU;BYSETPOS=1',
      'FREQ=MONTHLY',
      'FREQ=DAILY;BYDAY=MO,TU',
      'FREQ=DAILY;BYHOUR=9',
      'FREQ=WEEKLY;BYDAY=MO;UNTIL=20270230',
      'FREQ=WEEKLY;FREQ=DAILY;BYDAY=MO',
      '',
      'not a rule',
    ]) {
      expect(refusal(bad), bad).toEqual(RECURRENCE_MESSAGES.invalid);
    }
  });

  it('reads a stored rule whose end date has come closer or passed', () => {
    expect(storedRecurrence('FREQ=WEEKLY;BYDAY=MO;UNTIL=20400101')).toMatchObject({ kind: 'weekly', until: '2040-01-01' });
    expect(storedRecurrence(null)).toBeNull();
    expect(storedRecurrence('FREQ=SECONDLY')).toBeNull();
  });

  it('says a rule in words, in the reader\'s language for the day names', () => {
    expect(words('FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR')).toBe('Repeats every weekday');
    expect(words('FREQ=WEEKLY;BYDAY=MO,TH')).toBe('Repeats weekly on Mon, Thu');
    expect(words('FREQ=WEEKLY;INTERVAL=2;BYDAY=FR')).toBe('Repeats every 2 weeks on Fri');
    expect(words('FREQ=DAILY')).toBe('Repeats every day');
    expect(words('FREQ=DAILY;INTERVAL=3')).toBe('Repeats every 3 days');
    expect(words('FREQ=MONTHLY;INTERVAL=2;BYDAY=MO;BYSETPOS=1')).toBe('Repeats every 2 months on the first Monday');
    expect(words('FREQ=MONTHLY;BYMONTHDAY=15')).toBe('Repeats monthly on day 15');
    expect(words('FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2')).toBe('Repeats monthly on the second Tuesday');
    expect(words('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1')).toBe('Repeats monthly on the last Friday');
    expect(words('FREQ=WEEKLY;BYDAY=MO,TH', 'de')).toMatch(/^Repeats weekly on Mo\.?, Do\.?$/);
    expect(words('FREQ=WEEKLY;BYDAY=MO;UNTIL=20270131')).toBe('Repeats weekly on Mon until 2027-01-31');
  });
});

describe('recurrence dates', () => {
  it('gives the next date of each kind of rule', () => {
    // 2026-03-26 is a Thursday.
    expect(nextOccurrence(rule('FREQ=WEEKLY;BYDAY=MO,TH'), '2026-03-26')).toBe('2026-03-30');
    expect(nextOccurrence(rule('FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR'), '2026-03-27')).toBe('2026-03-30');
    expect(nextOccurrence(rule('FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2'), '2026-03-10')).toBe('2026-04-14');
    expect(nextOccurrence(rule('FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1'), '2026-10-01')).toBe('2026-10-30');
    expect(nextOccurrence(rule('FREQ=MONTHLY;BYMONTHDAY=31'), '2026-03-31')).toBe('2026-05-31');
    expect(nextOccurrence(rule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO'), '2026-11-30', '2026-11-30')).toBe('2026-12-14');
    expect(nextOccurrence(rule('FREQ=WEEKLY;BYDAY=MO;UNTIL=20261207'), '2026-12-07')).toBeNull();
    // Day 30 of every 12th month from a February: no date at all.
    expect(nextOccurrence(rule('FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30'), '2026-02-01')).toBeNull();
  });

  it('never moves a date across a summer-time change (Europe/Berlin 2026-03-29 and 2026-10-25, America/New_York 2026-03-08)', () => {
    // Sundays, weekly: a week later is seven calendar days later, whatever the clocks did.
    expect(nextOccurrence(rule('FREQ=WEEKLY;BYDAY=SU'), '2026-03-22')).toBe('2026-03-29');
    expect(nextOccurrence(rule('FREQ=WEEKLY;BYDAY=SU'), '2026-03-29')).toBe('2026-04-05');
    expect(nextOccurrence(rule('FREQ=WEEKLY;BYDAY=SU'), '2026-10-18')).toBe('2026-10-25');
    expect(nextOccurrence(rule('FREQ=WEEKLY;BYDAY=SU'), '2026-10-25')).toBe('2026-11-01');
    expect(nextOccurrence(rule('FREQ=WEEKLY;BYDAY=SU'), '2026-03-01')).toBe('2026-03-08');
    expect(nextOccurrence(rule('FREQ=DAILY'), '2026-03-08')).toBe('2026-03-09');
    // The organization's time zone decides which day today is, on the change days too.
    expect(todayIn(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(todayIn(new Date('2026-03-29T21:59:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(todayIn(new Date('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
    expect(todayIn(new Date('2026-10-24T22:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(todayIn(new Date('2026-10-25T22:59:00Z'), 'Europe/Berlin')).toBe('2026-10-25');
    expect(todayIn(new Date('2026-10-25T23:00:00Z'), 'Europe/Berlin')).toBe('2026-10-26');
    expect(todayIn(new Date('2026-03-08T04:59:00Z'), 'America/New_York')).toBe('2026-03-07');
    expect(todayIn(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(todayIn(new Date('2026-03-09T03:59:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(todayIn(new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });
});

// Properties over the whole model, the summer-time change days among the dates.
const weekday = fc.constantFrom(...WEEKDAYS);
const interval = fc.integer({ min: 1, max: 12 });
const recurrence: fc.Arbitrary<Recurrence> = fc.oneof(
  fc.constant({ kind: 'weekdays' as const }),
  fc.record({ kind: fc.constant('daily' as const), interval }),
  fc.record({ kind: fc.constant('weekly' as const), interval, days: fc.uniqueArray(weekday, { minLength: 1, maxLength: 7 }) }),
  fc.record({ kind: fc.constant('monthly_day' as const), interval, day: fc.integer({ min: 1, max: 31 }) }),
  fc.record({ kind: fc.constant('monthly_weekday' as const), interval, nth: fc.constantFrom(...NTH_WEEKDAYS), weekday }),
);
const DST_DAYS = ['2026-03-29', '2026-10-25', '2026-03-08', '2026-03-28', '2026-10-24', '2026-03-07'];
const isoDate = fc.oneof(
  fc.constantFrom(...DST_DAYS),
  fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
);
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('recurrence properties', () => {
  it('the next date is after the given one, a date the rule allows, and no allowed date lies between', () => {
    fc.assert(
      fc.property(recurrence, isoDate, fc.integer({ min: 0, max: 400 }), (rec, anchor, gap) => {
        const after = plusDays(anchor, gap);
        const next = nextOccurrence(rec, after, anchor);
        if (next === null) {
          // Only a rule whose dates are rare may give none in six years: a day of the month that
          // the months it counts never have.
          expect(rec.kind).toBe('monthly_day');
          return;
        }
        expect(next > after).toBe(true);
        expect(ruleAllows(rec, next, anchor)).toBe(true);
        for (let day = plusDays(after, 1); day < next; day = plusDays(day, 1)) expect(ruleAllows(rec, day, anchor), day).toBe(false);
      }),
      { numRuns: 300, examples: [[{ kind: 'weekly', interval: 1, days: ['SU'] }, '2026-03-22', 7], [{ kind: 'monthly_weekday', interval: 1, nth: -1, weekday: 'SU' }, '2026-10-01', 0]] },
    );
  });

  it('a rule written and read again is the same rule, and rrule reads it the same', () => {
    fc.assert(
      fc.property(recurrence, fc.option(fc.constantFrom('2027-01-31', '2030-06-15'), { nil: undefined }), (rec, until) => {
        const withEnd = rec.kind === 'weekdays' || until === undefined ? rec : { ...rec, until };
        const text = serializeRecurrence(withEnd);
        const parsed = parseRecurrence(text, TODAY);
        expect(parsed).toEqual({ ok: true, recurrence: withEnd.kind === 'weekly' ? { ...withEnd, days: WEEKDAYS.filter((day) => withEnd.days.includes(day)) } : withEnd });
        expect(serializeRecurrence((parsed as { recurrence: Recurrence }).recurrence)).toBe(text);
      }),
    );
  });

  it('a rule refused is refused with one of its messages, never a throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const parsed = parseRecurrence(text, TODAY);
        if (!parsed.ok) expect(Object.values(RECURRENCE_MESSAGES)).toContainEqual(parsed.message);
      }),
    );
  });
});

// The web shows a refusal's message, a zod-style string.
it('a refusal carries a text id the server can answer with', () => {
  expect(messageWithValues(RECURRENCE_MESSAGES.noDays, {})).toContain('domain.recurrence-rules.noDays');
});

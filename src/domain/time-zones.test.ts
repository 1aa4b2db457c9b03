import { describe, expect, it } from 'vitest';
import { DIGEST_HOUR, digestCutoff, nextDigestAt } from './notification-settings';
import {
  addDays,
  canonicalTimeZone,
  effectiveTimeZone,
  instantAtLocalHour,
  latestLocalHour,
  localDateAt,
  nextLocalHour,
  timeZoneChoices,
} from './time-zone-rules';
import { updateTimeZoneSchema } from './time-zones';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('time zones (issue 49 item 22)', () => {
  it('knows IANA names, in their canonical spelling, and refuses the rest', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const name of ['Mars/Olympus_Mons', '', 'Berlin', '+01:00', 'UTC+1; drop table', '../etc/passwd']) {
      expect(canonicalTimeZone(name), name).toBeNull();
    }
    expect(updateTimeZoneSchema.parse({ timeZone: 'america/new_york' })).toEqual({ timeZone: 'America/New_York' });
    expect(updateTimeZoneSchema.safeParse({ timeZone: 'Nowhere/Special' }).success).toBe(false);
    expect(updateTimeZoneSchema.safeParse({ timeZone: null }).success).toBe(false);
    expect(updateTimeZoneSchema.safeParse({}).success).toBe(false);
  });

  it('reads null and an unknown name as UTC', () => {
    expect(effectiveTimeZone(null)).toBe('UTC');
    expect(effectiveTimeZone('Atlantis/Capital')).toBe('UTC');
    expect(effectiveTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('offers every zone the runtime knows, UTC first', () => {
    const choices = timeZoneChoices();
    expect(choices[0]).toBe('UTC');
    expect(choices).toContain('Europe/Berlin');
    expect(new Set(choices).size).toBe(choices.length);
  });

  it('reads the calendar day where the member is', () => {
    expect(localDateAt(at('2026-11-27T23:30:00Z'), 'UTC')).toEqual({ year: 2026, month: 11, day: 27 });
    expect(localDateAt(at('2026-11-27T23:30:00Z'), 'Europe/Berlin')).toEqual({ year: 2026, month: 11, day: 28 });
    expect(localDateAt(at('2026-11-27T10:00:00Z'), 'America/Los_Angeles')).toEqual({ year: 2026, month: 11, day: 27 });
    expect(addDays({ year: 2026, month: 12, day: 31 }, 1)).toEqual({ year: 2027, month: 1, day: 1 });
    expect(addDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });

  it('finds an hour of the wall clock across the summer-time changes of Europe/Berlin', () => {
    const berlin = 'Europe/Berlin';
    // Winter (UTC+1), the spring change day (UTC+2 from 02:00 that night), summer, the autumn change day.
    expect(iso(instantAtLocalHour({ year: 2026, month: 3, day: 28 }, 16, berlin))).toBe('2026-03-28T15:00:00.000Z');
    expect(iso(instantAtLocalHour({ year: 2026, month: 3, day: 29 }, 16, berlin))).toBe('2026-03-29T14:00:00.000Z');
    expect(iso(instantAtLocalHour({ year: 2026, month: 7, day: 1 }, 16, berlin))).toBe('2026-07-01T14:00:00.000Z');
    expect(iso(instantAtLocalHour({ year: 2026, month: 10, day: 25 }, 16, berlin))).toBe('2026-10-25T15:00:00.000Z');
    // The hour the clocks skip reads as the hour after; the hour they show twice, as its first time.
    expect(iso(instantAtLocalHour({ year: 2026, month: 3, day: 29 }, 2, berlin))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(instantAtLocalHour({ year: 2026, month: 10, day: 25 }, 2, berlin))).toBe('2026-10-25T00:00:00.000Z');
  });

  it('finds the latest and the next hour, a day apart in the zone', () => {
    expect(iso(latestLocalHour(at('2026-03-29T14:00:00Z'), 16, 'Europe/Berlin'))).toBe('2026-03-29T14:00:00.000Z');
    expect(iso(latestLocalHour(at('2026-03-29T13:59:59Z'), 16, 'Europe/Berlin'))).toBe('2026-03-28T15:00:00.000Z');
    expect(iso(nextLocalHour(at('2026-03-29T13:59:59Z'), 16, 'Europe/Berlin'))).toBe('2026-03-29T14:00:00.000Z');
    expect(iso(nextLocalHour(at('2026-03-29T14:00:00Z'), 16, 'Europe/Berlin'))).toBe('2026-03-30T14:00:00.000Z');
  });
});

describe('the digest hour in the member’s time zone', () => {
  it('is the same hour every day', () => {
    expect(DIGEST_HOUR).toBe(16);
  });

  it('in UTC, or for a member with none, is the hour in UTC', () => {
    expect(iso(digestCutoff(at('2026-11-27T16:05:00Z'), null))).toBe('2026-11-27T16:00:00.000Z');
    expect(iso(digestCutoff(at('2026-11-27T15:59:00Z'), null))).toBe('2026-11-26T16:00:00.000Z');
    expect(iso(digestCutoff(at('2026-11-27T16:05:00Z'), 'UTC'))).toBe('2026-11-27T16:00:00.000Z');
    expect(iso(nextDigestAt(at('2026-11-27T16:00:00Z'), null))).toBe('2026-11-28T16:00:00.000Z');
  });

  it('in Europe/Berlin follows its clock over the spring change: 15:00 UTC the day before, 14:00 UTC on the day', () => {
    const berlin = 'Europe/Berlin';
    expect(iso(nextDigestAt(at('2026-03-28T09:00:00Z'), berlin))).toBe('2026-03-28T15:00:00.000Z');
    expect(iso(nextDigestAt(at('2026-03-28T15:00:00Z'), berlin))).toBe('2026-03-29T14:00:00.000Z');
    // On the change day, 14:30 UTC is 16:30 in Berlin: the day's digest is due, not the day before's.
    expect(iso(digestCutoff(at('2026-03-29T14:30:00Z'), berlin))).toBe('2026-03-29T14:00:00.000Z');
    expect(iso(digestCutoff(at('2026-03-29T13:30:00Z'), berlin))).toBe('2026-03-28T15:00:00.000Z');
    // The day with 25 hours in autumn.
    expect(iso(nextDigestAt(at('2026-10-24T14:00:00Z'), berlin))).toBe('2026-10-25T15:00:00.000Z');
  });

  it('in Pacific/Auckland, ahead of UTC, falls on the UTC day before', () => {
    const auckland = 'Pacific/Auckland';
    // November: summer time there (UTC+13). 16:00 on the 27th in Auckland is 03:00 UTC that day.
    expect(iso(nextDigestAt(at('2026-11-26T12:00:00Z'), auckland))).toBe('2026-11-27T03:00:00.000Z');
    expect(iso(digestCutoff(at('2026-11-27T02:59:00Z'), auckland))).toBe('2026-11-26T03:00:00.000Z');
    expect(iso(digestCutoff(at('2026-11-27T16:00:00Z'), auckland))).toBe('2026-11-27T03:00:00.000Z');
    // July: winter time (UTC+12): 04:00 UTC.
    expect(iso(digestCutoff(at('2026-07-01T05:00:00Z'), auckland))).toBe('2026-07-01T04:00:00.000Z');
    // Its summer time starts on 2026-09-27 at 02:00: 16:00 that day is UTC+13.
    expect(iso(instantAtLocalHour({ year: 2026, month: 9, day: 27 }, 16, auckland))).toBe('2026-09-27T03:00:00.000Z');
    expect(iso(instantAtLocalHour({ year: 2026, month: 9, day: 26 }, 16, auckland))).toBe('2026-09-26T04:00:00.000Z');
  });

  it('moves on once a day of the member’s calendar, whatever the hour a job runs', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'Pacific/Auckland', 'America/Los_Angeles']) {
      const cutoffs = new Set<string>();
      // Every quarter hour over three days around the Berlin spring change.
      for (let t = Date.parse('2026-03-28T00:00:00Z'); t < Date.parse('2026-03-31T00:00:00Z'); t += 15 * 60_000) {
        const cutoff = digestCutoff(new Date(t), zone);
        expect(cutoff.getTime()).toBeLessThanOrEqual(t);
        expect(t - cutoff.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
        cutoffs.add(iso(cutoff));
      }
      // Each cutoff is a different local day.
      const days = [...cutoffs].map((cutoff) => JSON.stringify(localDateAt(new Date(cutoff), zone)));
      expect(new Set(days).size, zone).toBe(days.length);
      expect(days.length, zone).toBeGreaterThanOrEqual(3);
    }
  });
});

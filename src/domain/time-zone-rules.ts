// A member's time zone (issue 49 item 22): an IANA name such as 'Europe/Berlin', kept on their
// profile; null is UTC. The database cannot check such names, so they are checked here, by the
// runtime's own time zone data (Intl), which also gives the wall-clock arithmetic below.
// Zod-free, for the app shell's first download (decision 013); the route's schema is time-zones.ts.

export const DEFAULT_TIME_ZONE = 'UTC';

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter reading an instant's wall-clock fields in `timeZone`; throws for an unknown zone. */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The zone's canonical IANA name (`europe/berlin` -> `Europe/Berlin`, `Etc/UTC` -> `UTC`), or
 * null when it is none. Offsets such as `+01:00`, which newer runtimes also accept, are refused:
 * they know nothing of summer time.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name) || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** The zone a member's digest and dates follow: theirs when known, else UTC. */
export function effectiveTimeZone(name: string | null | undefined): string {
  return (name && canonicalTimeZone(name)) || DEFAULT_TIME_ZONE;
}

/** Every zone the runtime knows, UTC first: the choices of the settings' select. */
export function timeZoneChoices(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...zones.filter((zone) => zone !== DEFAULT_TIME_ZONE)];
}

/** A day on the calendar, as read on a wall clock somewhere: month 1-12. */
export type LocalDate = { year: number; month: number; day: number };

type WallTime = LocalDate & { hour: number; minute: number; second: number };

function wallTimeAt(instant: number, timeZone: string): WallTime {
  const fields: Record<string, number> = {};
  for (const part of wallClock(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return { year: fields.year!, month: fields.month!, day: fields.day!, hour: fields.hour!, minute: fields.minute!, second: fields.second! };
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar day it is in `timeZone` at `now`. */
export function localDateAt(now: Date, timeZone: string): LocalDate {
  const { year, month, day } = wallTimeAt(now.getTime(), timeZone);
  return { year, month, day };
}

/** The day before or after `date` (`days` of them), on the calendar. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/**
 * The instant the zone's wall clock shows `hour`:00 on `date`. On a summer-time change day the
 * zone's offset of that hour counts; an hour the clocks skip reads as the hour after it, and an
 * hour they show twice as its first time.
 */
export function instantAtLocalHour(date: LocalDate, hour: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour);
  // Two guesses: with the offset before the hour and with the one after it (they differ only
  // within a day of a change). The earlier one that reads as the hour wins.
  const candidates = [wall - offsetAt(wall - 86_400_000, timeZone), wall - offsetAt(wall + 86_400_000, timeZone), wall - offsetAt(wall, timeZone)];
  const exact = candidates.filter((instant) => instant + offsetAt(instant, timeZone) === wall).sort((x, y) => x - y);
  if (exact.length > 0) return new Date(exact[0]!);
  // Skipped: the instant after the gap, read with the offset from before the change.
  return new Date(Math.max(...candidates));
}

/** The latest `hour`:00 of the zone's wall clock at or before `now`. */
export function latestLocalHour(now: Date, hour: number, timeZone: string): Date {
  const today = localDateAt(now, timeZone);
  const todays = instantAtLocalHour(today, hour, timeZone);
  return todays.getTime() <= now.getTime() ? todays : instantAtLocalHour(addDays(today, -1), hour, timeZone);
}

/** The first `hour`:00 of the zone's wall clock after `now`. */
export function nextLocalHour(now: Date, hour: number, timeZone: string): Date {
  const today = localDateAt(now, timeZone);
  const todays = instantAtLocalHour(today, hour, timeZone);
  return todays.getTime() > now.getTime() ? todays : instantAtLocalHour(addDays(today, 1), hour, timeZone);
}

// Reads a calendar feed as a calendar app would (decision 023): ical.js, a parser independent of
// the library that wrote it, so the tests assert RFC 5545 as read, not our own output echoed back.
// Used by the calendar module's API tests and the e2e story.
import ICAL from 'ical.js';

export type FeedEvent = {
  uid: string;
  summary: string;
  /** The DTSTART value as written: '2026-12-01' for a date. */
  start: string;
  /** Whether DTSTART is a DATE (an all-day event), not a DATE-TIME. */
  allDay: boolean;
  /** The day after for an all-day event of one day. */
  end: string;
  /** DTSTAMP, required in every VEVENT (RFC 5545 3.6.1). */
  stamp: string | null;
  url: string | null;
  description: string;
};

export type ParsedFeed = { name: string | null; events: FeedEvent[] };

/** Parses the text; throws on anything that is not one iCalendar object (ical.js's own errors). */
export function parseCalendarFeed(text: string): ParsedFeed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== 'vcalendar') throw new Error(`not a VCALENDAR: ${calendar.name}`);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const stamp = component.getFirstPropertyValue('dtstamp');
    const url = component.getFirstPropertyValue('url');
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      end: event.endDate.toString(),
      stamp: stamp ? String(stamp) : null,
      url: url ? String(url) : null,
      description: event.description ?? '',
    };
  });
  const name = calendar.getFirstPropertyValue('x-wr-calname');
  return { name: name ? String(name) : null, events };
}

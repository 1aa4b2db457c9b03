// Issue 46 4(b): what of a typed text a calendar feed may carry. Titles and names may hold C0 and
// C1 control characters (a terminal escape, a bell) and the Unicode line and paragraph separators;
// written raw into an iCalendar feed (RFC 5545 allows no control character in a text value but
// TAB) they break lines for readers that take them as line ends, or reach whatever shows the feed.
// No I/O: the calendar service applies it to every stored text it writes.

/** C0 controls (NUL to U+001F), DEL and the C1 controls (U+007F to U+009F), U+2028 and U+2029. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
const CONTROL_RUN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * The text without those characters: a run of them between words becomes one space, so the words
 * on either side stay apart ("bell\u2028line" reads "bell line"); a run at either end goes.
 * Text without them is returned as it was.
 */
export function calendarText(value: string): string {
  return value.replace(CONTROL_RUN, (run: string, offset: number) => (offset === 0 || offset + run.length === value.length ? '' : ' '));
}

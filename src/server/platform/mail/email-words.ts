// Issue 48 item 3: what every email says alike (the greeting, the link lines), in the `server`
// part of the catalogs, and dates in the reader's language.
import type { Locale } from '../../../domain/locales';

export const EMAIL_TEXTS = {
  hello: /*i18n*/ { id: 'server.emails.common.hello', message: 'Hello {name},' },
  hi: /*i18n*/ { id: 'server.emails.common.hi', message: 'Hi {name},' },
};

/** A calendar date ('2026-11-25', no time of day) as its reader writes it: "November 25, 2026", "25. November 2026". */
export function formatEmailDate(locale: Locale, isoDate: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

// Issue 48 item 3: the conventions dates, times and numbers are written in. The language on
// screen with the member's region (Settings -> Account, told by /api/me), else with the region
// their browser asks for in that language, else the language's own (en-US, de-DE, es-ES). Kept
// here, apart from the Me query, so a formatter reads it outside React; useT renders again when it
// changes (i18n.ts). In every page's first download: only the small rules of region-rules.ts.
import { i18n } from '@lingui/core';
import { browserRegion, firstDayOfWeek, formatLocaleTag, type Weekday } from '@/domain/region-rules';

/** The member's saved region; null: the browser's. */
let memberRegion: string | null = null;
let version = 0;
const listeners = new Set<() => void>();

/** The region /api/me tells (query-client.ts sets it whenever the Me answer changes); null when signed out. */
export function setMemberRegion(region: string | null): void {
  if (region === memberRegion) return;
  memberRegion = region;
  version += 1;
  for (const listener of listeners) listener();
}

export function subscribeFormats(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Changes with the member's region: useSyncExternalStore's snapshot. */
export const formatsVersion = (): number => version;

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The region dates and numbers follow now: the member's, else the browser's in the language on screen. */
export function formatRegion(): string | null {
  return memberRegion ?? browserRegion(i18n.locale || 'en', browserLanguages());
}

/** The Intl locale to format in now: 'en-US', 'en-GB', 'de-AT', 'es-MX'. */
export function formatLocale(): string {
  return formatLocaleTag(i18n.locale || 'en', formatRegion());
}

/** The first day of the week where the member is (1 Monday ... 7 Sunday), for a calendar that lets it vary. */
export function weekStartsOn(): Weekday {
  return firstDayOfWeek(formatLocale());
}

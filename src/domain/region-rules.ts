// Issue 48 item 3: a member's region, the conventions dates, times and numbers are written in
// (en-GB's "29 Nov 2026", de-AT, es-MX), apart from their language. A BCP 47 region subtag ('GB')
// from a short list; null: the browser's. Zod-free, for the app's first download (decision 013);
// the route's schema is regions.ts.
import { INTL_LOCALES, isLocale, DEFAULT_LOCALE } from './locales';

/** The regions Settings offers: where people who read English, German or Spanish work. */
export const REGIONS = ['AR', 'AT', 'AU', 'BE', 'CA', 'CH', 'CL', 'CO', 'DE', 'ES', 'GB', 'IE', 'IN', 'LU', 'MX', 'NL', 'NZ', 'PE', 'US', 'ZA'] as const;
export type Region = (typeof REGIONS)[number];

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (REGIONS as readonly string[]).includes(value);
}

/** A BCP 47 tag's region subtag ('en-GB' -> 'GB', 'es-419' -> null, 'de' -> null); null for a tag Intl refuses. */
export function regionOfTag(tag: string): string | null {
  try {
    const region = new Intl.Locale(tag).region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

/**
 * The region a browser's languages ask for in `language`: the region of the first of them in that
 * language (`['de-AT', 'en-US']` gives AT for German, US for English), else null. A browser's
 * region of another language is not taken: an en-US browser set to Spanish writes Spain's
 * conventions, not the United States' Spanish ones.
 */
export function browserRegion(language: string, tags: readonly string[]): string | null {
  for (const tag of tags) {
    if (tag.toLowerCase().split(/[-_]/)[0] !== language) continue;
    const region = regionOfTag(tag);
    if (region) return region;
  }
  return null;
}

/**
 * The Intl locale dates and numbers are written in: the language on screen with the region
 * (`de` + `AT` -> 'de-AT'), else the language's own (INTL_LOCALES: 'en-US', 'de-DE', 'es-ES').
 * The pseudo-language writes as English.
 */
export function formatLocaleTag(language: string, region: string | null): string {
  const spoken = isLocale(language) ? language : DEFAULT_LOCALE;
  return region ? `${spoken}-${region}` : INTL_LOCALES[spoken];
}

/** A day of the week as ISO 8601 and Intl's weekInfo number it: 1 Monday ... 7 Sunday. */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** CLDR's regions whose week starts on Sunday, for runtimes without Intl.Locale's week data (Firefox before 145). */
// Pure: a page that never asks for the week's first day downloads neither table.
const SUNDAY_FIRST = /* @__PURE__ */ new Set([
  'AG', 'AS', 'BD', 'BR', 'BS', 'BT', 'BW', 'BZ', 'CA', 'CN', 'CO', 'DM', 'DO', 'ET', 'GT', 'GU', 'HK', 'HN', 'ID', 'IL', 'IN', 'JM', 'JP', 'KE', 'KH',
  'KR', 'LA', 'MH', 'MM', 'MO', 'MT', 'MX', 'MZ', 'NI', 'NP', 'PA', 'PE', 'PH', 'PK', 'PR', 'PT', 'PY', 'SA', 'SG', 'SV', 'TH', 'TT', 'TW', 'UM', 'US',
  'VE', 'VI', 'WS', 'YE', 'ZA', 'ZW',
]);
/** CLDR's regions whose week starts on Saturday. */
const SATURDAY_FIRST = /* @__PURE__ */ new Set(['AE', 'AF', 'BH', 'DJ', 'DZ', 'EG', 'IQ', 'IR', 'JO', 'KW', 'LY', 'OM', 'QA', 'SD', 'SY']);

/** The first day of the week by region alone (CLDR's table): Sunday in the US, Canada, Mexico...; Monday elsewhere. */
export function firstDayOfRegion(region: string | null): Weekday {
  if (region && SUNDAY_FIRST.has(region)) return 7;
  if (region && SATURDAY_FIRST.has(region)) return 6;
  return 1;
}

type WeekInfoLocale = Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };

/**
 * The first day of the week where `tag` is written ('en-US' -> 7, 'de-AT' -> 1): Intl.Locale's
 * week data where the runtime has it (getWeekInfo, or the older weekInfo), else firstDayOfRegion.
 * A tag without a region ('de') is the region its language most likely means (Germany).
 */
export function firstDayOfWeek(tag: string): Weekday {
  let locale: WeekInfoLocale;
  try {
    locale = new Intl.Locale(tag) as WeekInfoLocale;
  } catch {
    return 1;
  }
  const info = locale.getWeekInfo?.() ?? locale.weekInfo;
  if (info && info.firstDay >= 1 && info.firstDay <= 7) return info.firstDay as Weekday;
  return firstDayOfRegion(locale.maximize().region ?? null);
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserRegion, firstDayOfRegion, firstDayOfWeek, formatLocaleTag, isRegion, regionOfTag, REGIONS } from './region-rules';
import { updateRegionSchema, REGION_MESSAGES } from './regions';

describe('the regions a member may choose (issue 48 item 3)', () => {
  it('is a short list of upper-case BCP 47 region subtags, each one Intl knows by name', () => {
    const names = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    expect(REGIONS.length).toBeGreaterThan(10);
    expect(new Set(REGIONS).size).toBe(REGIONS.length);
    for (const region of REGIONS) {
      expect(region).toMatch(/^[A-Z]{2}$/);
      expect(names.of(region), region).toBeTruthy();
    }
    // The regions of the issue's examples.
    expect(REGIONS).toEqual(expect.arrayContaining(['GB', 'US', 'AT', 'MX', 'DE', 'ES']));
  });

  it.each([
    ['GB', true],
    ['AT', true],
    ['gb', false],
    ['FR', false],
    ['en-GB', false],
    ['', false],
    [null, false],
    [42, false],
  ])('isRegion(%j) is %s', (value, expected) => {
    expect(isRegion(value)).toBe(expected);
  });

  it('the schema takes a region of the list or null, and names its message by id otherwise', () => {
    expect(updateRegionSchema.parse({ region: 'AT' })).toEqual({ region: 'AT' });
    expect(updateRegionSchema.parse({ region: null })).toEqual({ region: null });
    for (const region of ['at', 'FR', 'de-AT', '', 7]) {
      const result = updateRegionSchema.safeParse({ region });
      expect(result.success, String(region)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(REGION_MESSAGES.invalid.id);
    }
    expect(updateRegionSchema.safeParse({}).success).toBe(false);
  });
});

describe('the locale dates and numbers are written in', () => {
  it('is the language with the region, else the language’s own', () => {
    expect(formatLocaleTag('de', 'AT')).toBe('de-AT');
    expect(formatLocaleTag('en', 'GB')).toBe('en-GB');
    expect(formatLocaleTag('es', 'MX')).toBe('es-MX');
    expect(formatLocaleTag('en', null)).toBe('en-US');
    expect(formatLocaleTag('de', null)).toBe('de-DE');
    expect(formatLocaleTag('es', null)).toBe('es-ES');
    // The pseudo-language writes as English.
    expect(formatLocaleTag('pseudo', 'GB')).toBe('en-GB');
    expect(formatLocaleTag('pseudo', null)).toBe('en-US');
  });

  it.each([
    ['en-GB', 'GB'],
    ['de-AT', 'AT'],
    ['es_MX', null],
    ['es-419', null],
    ['de', null],
    ['zh-Hant-TW', 'TW'],
    ['not a tag', null],
  ])('the region of %j is %j', (tag, expected) => {
    expect(regionOfTag(tag)).toBe(expected);
  });

  it("takes the browser's region of the language on screen only", () => {
    expect(browserRegion('de', ['de-AT', 'en-US'])).toBe('AT');
    expect(browserRegion('en', ['de-AT', 'en-US'])).toBe('US');
    expect(browserRegion('en', ['en', 'en-GB'])).toBe('GB');
    expect(browserRegion('es', ['en-US'])).toBeNull();
    expect(browserRegion('es', [])).toBeNull();
  });
});

describe('the first day of the week', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is Sunday in the United States, Canada and Mexico, Monday in Europe (Intl.Locale’s week data)', () => {
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('en-CA')).toBe(7);
    expect(firstDayOfWeek('es-MX')).toBe(7);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
    expect(firstDayOfWeek('de-AT')).toBe(1);
    expect(firstDayOfWeek('es-ES')).toBe(1);
    // A language without a region: where it is most spoken.
    expect(firstDayOfWeek('de')).toBe(1);
    expect(firstDayOfWeek('not a tag')).toBe(1);
  });

  it('by region alone (runtimes without week data) agrees with Intl for every region offered', () => {
    for (const region of REGIONS) expect(firstDayOfRegion(region), region).toBe(firstDayOfWeek(`en-${region}`));
    expect(firstDayOfRegion('EG')).toBe(6);
    expect(firstDayOfRegion(null)).toBe(1);
  });

  it('falls back to the region table where Intl.Locale has no week data', () => {
    const proto = Intl.Locale.prototype as unknown as Record<string, unknown>;
    const getter = Object.getOwnPropertyDescriptor(proto, 'weekInfo');
    vi.spyOn(proto as { getWeekInfo: () => unknown }, 'getWeekInfo').mockReturnValue(undefined);
    if (getter?.get) vi.spyOn(proto as { weekInfo: unknown }, 'weekInfo', 'get').mockReturnValue(undefined);
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('es-MX')).toBe(7);
    expect(firstDayOfWeek('de')).toBe(1);
  });
});

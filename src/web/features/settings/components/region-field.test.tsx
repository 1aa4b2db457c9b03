// @vitest-environment jsdom
// Issue 48 item 3: the member's region beside their language in Settings: "Automatic (from your
// browser)" or one of the list, saved for them; dates, times and money follow it at once.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/domain/auth';
import { REGIONS } from '@/domain/region-rules';
import { todayIso } from '@/web/lib/format-date';
import { setMemberRegion } from '@/web/lib/formats';
import { activateLocale } from '@/web/lib/i18n';
import { useMe } from '@/web/lib/session';
import { settingsApi, signedInMember } from '@/web/test/api-handlers';
import { apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { LanguageCard } from './language-card';
import { REGION_TEXTS } from './region-field';

const member = signedInMember('developer');
const inRegion = (region: Me['profile']['region'], locale: Me['profile']['locale'] = null): Me => ({ ...member, profile: { ...member.profile, locale, region } });

/** The card as Settings shows it: the member's language and region as /api/me tells them. */
function MemberLanguageCard() {
  const me = useMe().data;
  return me ? <LanguageCard locale={me.profile.locale} region={me.profile.region} /> : null;
}

/** Today at 14:05 in `locale`, as the card's example writes it. */
function sample(locale: string) {
  const [year, month, day] = todayIso().split('-').map(Number) as [number, number, number];
  const at = new Date(year, month - 1, day, 14, 5);
  return {
    date: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }).format(at),
    time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at).replace(/\u202f/g, ' '),
  };
}

afterEach(async () => {
  vi.restoreAllMocks();
  setMemberRegion(null);
  await activateLocale('en');
});

describe('RegionField', () => {
  it('offers Automatic and the regions by name; saves the chosen one, and the example follows it at once', async () => {
    apiServer.use(settingsApi.setRegion((request) => inRegion((request.body as { region: Me['profile']['region'] }).region)));
    await renderWithProviders(<MemberLanguageCard />, { signedInAs: member });
    const select = (await screen.findByRole('combobox', { name: en(REGION_TEXTS.label) })) as HTMLSelectElement;
    expect(select.value).toBe('');
    const options = within(select).getAllByRole('option');
    expect(options[0]).toHaveProperty('textContent', en(REGION_TEXTS.automatic));
    expect(options).toHaveLength(REGIONS.length + 1);
    const names = options.slice(1).map((option) => option.textContent!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names).toEqual(expect.arrayContaining(['United Kingdom', 'Austria', 'Mexico', 'United States']));

    // jsdom's browser is en-US: the example as the product has always written English.
    const example = screen.getByTestId('region-example');
    expect(example.textContent).toBe(en(REGION_TEXTS.example, { ...sample('en-US'), money: '$1,234.50' }));
    expect(example.textContent).toContain('2:05 PM');
    expect(select.getAttribute('aria-describedby')).toBe(example.id);

    fireEvent.change(select, { target: { value: 'GB' } });
    expect(await screen.findByText(en(REGION_TEXTS.saved))).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('GB'));
    const writes = sentRequests.filter((request) => request.method !== 'GET');
    expect(writes.map(({ method, path, body }) => ({ method, path, body }))).toEqual([{ method: 'PUT', path: '/api/settings/region', body: { region: 'GB' } }]);
    // British conventions in English: the day first, the 24-hour clock, the dollar told apart.
    expect(screen.getByTestId('region-example').textContent).toBe(en(REGION_TEXTS.example, { ...sample('en-GB'), money: 'US$1,234.50' }));
    expect(screen.getByTestId('region-example').textContent).toContain('14:05');

    // Back to Automatic: null is saved, and the browser's conventions come back.
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(select.value).toBe(''));
    expect(sentRequests.at(-1)?.body).toEqual({ region: null });
    await waitFor(() => expect(screen.getByTestId('region-example').textContent).toContain('2:05 PM'));
  });

  it("Automatic follows the browser's region in the language on screen", async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en-GB']);
    await renderWithProviders(<MemberLanguageCard />, { signedInAs: member });
    expect((await screen.findByTestId('region-example')).textContent).toContain('14:05');
    expect(screen.getByTestId('region-example').textContent).toContain(sample('en-GB').date);
  });

  it('names the regions in the language on screen', async () => {
    await activateLocale('de');
    await renderWithProviders(<MemberLanguageCard />, { signedInAs: inRegion('AT', 'de') });
    const select = (await screen.findByRole('combobox', { name: 'Region' })) as HTMLSelectElement;
    expect(select.value).toBe('AT');
    expect(within(select).getByRole('option', { name: 'Automatisch (von Ihrem Browser)' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'Österreich' })).toBeTruthy();
    // Austria writes the euro first.
    expect(screen.getByTestId('region-example').textContent!.replace(/\u00a0/g, ' ')).toContain('$ 1.234,50');
  });
});

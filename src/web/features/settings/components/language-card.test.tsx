// @vitest-environment jsdom
// Issue 48: the member's language in Settings is saved for them and shown at once; a member's
// saved language wins over the browser's when /api/me tells it.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '@/domain/auth';
import { activateLocale, i18n, LOCALE_STORAGE_KEY } from '@/web/lib/i18n';
import { authApi, settingsApi, signedInMember } from '@/web/test/api-handlers';
import { apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { LanguageCard } from './language-card';

const member = signedInMember('developer');
const speaking = (locale: Me['profile']['locale']): Me => ({ ...member, profile: { ...member.profile, locale } });

afterEach(async () => {
  localStorage.clear();
  await activateLocale('en');
});

describe('LanguageCard', () => {
  it('saves the chosen language for the member and switches the page to it', async () => {
    apiServer.use(settingsApi.setLanguage((request) => speaking((request.body as { locale: Me['profile']['locale'] }).locale)));
    renderWithProviders(<LanguageCard locale={null} />, { signedInAs: member });
    const menu = await screen.findByRole('combobox', { name: 'Language' });
    expect(menu).toHaveProperty('value', '');
    expect(screen.getByRole('option', { name: 'Your browser’s language' })).toBeTruthy();

    fireEvent.change(menu, { target: { value: 'es' } });
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toBeTruthy();
    expect(await screen.findByText('Idioma guardado')).toBeTruthy();
    const writes = sentRequests.filter((request) => request.method !== 'GET');
    expect(writes.map(({ method, path, body }) => ({ method, path, body }))).toEqual([{ method: 'PUT', path: '/api/settings/language', body: { locale: 'es' } }]);
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
  });

  it("back to the browser's language: saves null and follows the browser", async () => {
    apiServer.use(settingsApi.setLanguage(speaking(null)));
    await activateLocale('de');
    renderWithProviders(<LanguageCard locale="de" />, { signedInAs: speaking('de') });
    const menu = await screen.findByRole('combobox', { name: 'Sprache' });
    expect(menu).toHaveProperty('value', 'de');
    fireEvent.change(menu, { target: { value: '' } });
    // jsdom's browser asks for English.
    expect(await screen.findByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(sentRequests.at(-1)?.body).toEqual({ locale: null });
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
  });
});

describe("A member's saved language", () => {
  it('wins over the browser as soon as /api/me tells it', async () => {
    apiServer.use(authApi.me(speaking('de')));
    renderWithProviders(<LanguageCard locale="de" />, { signedInAs: speaking('de') });
    await waitFor(() => expect(i18n.locale).toBe('de'));
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toBeTruthy();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
  });
});

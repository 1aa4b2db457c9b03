// @vitest-environment jsdom
// Issue 48: Settings → Organization's language, which the organization's emails speak: saved for
// the organization, the page's own language unchanged.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/domain/auth';
import { i18n } from '@/web/lib/i18n';
import { organizationApi, signedInMember } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { ORGANIZATIONS_TEXTS } from '../texts';
import { OrganizationLanguageCard } from './organization-language-card';

const admin = signedInMember('organization_admin');

describe('OrganizationLanguageCard', () => {
  it("saves the organization's language and says so, the page staying in its language", async () => {
    apiServer.use(organizationApi.setLocale((request) => ({ locale: (request.body as { locale: Me['organization']['locale'] }).locale })));
    renderWithProviders(<OrganizationLanguageCard locale="en" />, { signedInAs: admin });
    const menu = await screen.findByRole('combobox', { name: en(ORGANIZATIONS_TEXTS.languageTitle) });
    expect(screen.getByText(en(ORGANIZATIONS_TEXTS.languageDescription))).toBeTruthy();
    expect(menu).toHaveProperty('value', 'en');
    // No "browser's language": an email needs a language.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Deutsch', 'Español']);

    fireEvent.change(menu, { target: { value: 'de' } });
    expect(await screen.findByText(en(ORGANIZATIONS_TEXTS.languageSaved))).toBeTruthy();
    const writes = sentRequests.filter((request) => request.method !== 'GET');
    expect(writes.map(({ method, path, body }) => ({ method, path, body }))).toEqual([{ method: 'PUT', path: '/api/organization/locale', body: { locale: 'de' } }]);
    expect(i18n.locale).toBe('en');
  });

  it('tells the admin when the language could not be saved', async () => {
    apiServer.use(organizationApi.setLocale(() => apiError(403, 'forbidden', 'You do not have permission to do that.')));
    renderWithProviders(<OrganizationLanguageCard locale="en" />, { signedInAs: admin });
    fireEvent.change(await screen.findByRole('combobox', { name: en(ORGANIZATIONS_TEXTS.languageTitle) }), { target: { value: 'es' } });
    expect(await screen.findByText(en(ORGANIZATIONS_TEXTS.languageSaveFailed))).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('You do not have permission to do that.').length).toBeGreaterThan(0));
  });
});

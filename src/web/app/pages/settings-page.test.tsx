// @vitest-environment jsdom
// Issue 49 item 5: Settings in sections. The sub-navigation lists the sections a role has, marks
// the one shown, and switches by its links; a section shows only its cards, each to the roles it
// was shown to before; `?section=` opens one directly, and one a role may not see gives way to the
// first it may.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@/domain/notification-settings';
import type { Role } from '@/domain/roles';
import { SETTINGS_SECTION_LABELS, type SettingsSection } from '@/domain/settings-sections';
import { apiTokensApi, calendarApi, passkeysApi, settingsApi, ssoApi, twoFactorApi, webhooksApi } from '@/web/test/api-handlers';
import { apiServer, route } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { APP_TEXTS } from '../texts';
import { SettingsPage } from './settings-page';

/** Where the router is: the page's links and redirects show here. */
function Address() {
  const { search, hash } = useLocation();
  return <output data-testid="address">{search + hash}</output>;
}

/** Every card's first read answered, whichever section asks. */
function answerEveryCard() {
  apiServer.use(
    twoFactorApi.status({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }),
    passkeysApi.list(),
    route('GET', '/api/settings/sessions', []),
    settingsApi.notifications(DEFAULT_NOTIFICATION_SETTINGS),
    calendarApi.feed(),
    apiTokensApi.list(),
    webhooksApi.list(),
    twoFactorApi.policy({ policy: 'off', since: null, deadline: null, membersWithout: 0 }),
    ssoApi.settings({ callbackUrl: 'https://app.example/api/auth/sso/callback', settings: null }),
  );
}

async function openSettings(role: Role, search = '') {
  answerEveryCard();
  await renderWithProviders(
    <>
      <SettingsPage />
      <Address />
    </>,
    { signedInAs: role, route: `/?tab=settings${search}` },
  );
  return screen.findByRole('navigation', { name: en(APP_TEXTS.settings.sections) }, { timeout: 15_000 });
}

const label = (section: SettingsSection) => en(SETTINGS_SECTION_LABELS[section]);
const address = () => screen.getByTestId('address').textContent;

/** The section on screen: its (visually hidden) heading, and its cards' titles. */
function shown() {
  const section = screen.getByRole('region');
  return {
    name: within(section).getByRole('heading', { level: 2 }).textContent,
    cards: within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent),
  };
}

const CARDS = {
  account: ['Profile Information', 'Language', 'Change Password', 'Account Settings'],
  security: ['Two-factor sign-in', 'Passkeys', 'Sessions'],
  notifications: ['Notifications', 'Calendar feed'],
  developers: ['API tokens', 'Webhooks'],
  organization: ['Organization', 'Currency', 'Organization language', 'Two-factor sign-in for your organization', 'Single Sign-On'],
};

describe('Settings sections', () => {
  it('a developer sees four sections, Account first and marked; a link switches to another, which shows only its cards', async () => {
    const nav = await openSettings('developer');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['account', 'security', 'notifications', 'developers'].map((s) => label(s as SettingsSection)));
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual(['page', null, null, null]);
    expect(shown()).toEqual({ name: label('account'), cards: CARDS.account });

    fireEvent.click(within(nav).getByRole('link', { name: label('security') }));
    await waitFor(() => expect(address()).toBe('?tab=settings&section=security'));
    expect(within(nav).getByRole('link', { name: label('security') }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: label('account') }).getAttribute('aria-current')).toBeNull();
    expect(shown()).toEqual({ name: label('security'), cards: CARDS.security });

    // Webhooks are their admins' (as before the sections): a developer's Developers has the tokens only.
    fireEvent.click(within(nav).getByRole('link', { name: label('developers') }));
    await waitFor(() => expect(shown()).toEqual({ name: label('developers'), cards: ['API tokens'] }));
    fireEvent.click(within(nav).getByRole('link', { name: label('notifications') }));
    await waitFor(() => expect(shown()).toEqual({ name: label('notifications'), cards: CARDS.notifications }));
  });

  it.each(['organization', 'no-such-section'])('a developer sent to "%s" sees Account, and the address says so', async (asked) => {
    await openSettings('developer', `&section=${asked}`);
    await waitFor(() => expect(address()).toBe('?tab=settings&section=account'));
    expect(shown()).toEqual({ name: label('account'), cards: CARDS.account });
  });

  it('an account executive has no Organization section either', async () => {
    const nav = await openSettings('account_executive', '&section=developers');
    expect(within(nav).queryByRole('link', { name: label('organization') })).toBeNull();
    expect(shown().cards).toEqual(['API tokens']);
  });

  it.each(['organization_admin', 'admin'] as const)('an %s has all five; Organization and Developers hold their cards', async (role) => {
    const nav = await openSettings(role, '&section=organization');
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['account', 'security', 'notifications', 'developers', 'organization'].map((s) => label(s as SettingsSection)));
    expect(within(nav).getByRole('link', { name: label('organization') }).getAttribute('aria-current')).toBe('page');
    expect(shown()).toEqual({ name: label('organization'), cards: CARDS.organization });
    fireEvent.click(within(nav).getByRole('link', { name: label('developers') }));
    await waitFor(() => expect(shown()).toEqual({ name: label('developers'), cards: CARDS.developers }));
  });

  it('opens Security for the two-factor banner’s older link, #two-factor without a section', async () => {
    await openSettings('developer', '#two-factor');
    expect(shown()).toEqual({ name: label('security'), cards: CARDS.security });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('two-factor-card')));
    expect(address()).toBe('?tab=settings#two-factor');
  });
});

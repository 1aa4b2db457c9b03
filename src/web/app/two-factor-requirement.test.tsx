import { en } from '@/web/test/texts';
// @vitest-environment jsdom
// The organization's two-factor requirement as a member meets it (issue 31 item 2): in the grace
// period a banner leads to Settings' Two-factor card; past the deadline the app shows only the
// set-up, and opens once it is on; a refusal for it while a page is open reads Me again.
import { useMutation, useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/domain/auth';
import { TWO_FACTOR_ENROLMENT_REQUIRED, TWO_FACTOR_POLICY_MESSAGES, TWO_FACTOR_POLICY_TEXTS as POLICY, TWO_FACTOR_TEXTS as TEXTS } from '@/domain/two-factor';
import { TwoFactorBanner } from '@/web/features/two-factor/components/two-factor-banner';
import { TwoFactorCard } from '@/web/features/two-factor/components/two-factor-card';
import { api } from '@/web/lib/api-client';
import { useMe } from '@/web/lib/session';
import { authApi, signedInMember, twoFactorApi } from '@/web/test/api-handlers';
import { apiError, apiServer, inTurn, route, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { AppRoutes } from './router';

const deadline = '2099-03-08T09:00:00.000Z';
const member = (twoFactor: Me['twoFactor']): Me => ({ ...signedInMember('developer'), twoFactor });
const required = member({ on: false, required: true, deadline, overdue: false });
const overdue = member({ on: false, required: true, deadline: '2020-03-08T09:00:00.000Z', overdue: true });
const enrolled = member({ on: true, required: false, deadline: null, overdue: false });

const meReads = () => sentRequests.filter((r) => r.path === '/api/me').length;

afterEach(() => vi.restoreAllMocks());

/** The banner over a stand-in of the app's pages: Settings' Two-factor card at `?tab=settings`. */
function BannerOverPages() {
  const me = useMe();
  const { search } = useLocation();
  return (
    <>
      {me.data ? <TwoFactorBanner twoFactor={me.data.twoFactor} /> : null}
      <Routes>
        <Route path="/" element={search.includes('tab=settings') && me.data ? <TwoFactorCard email={me.data.user.email} /> : null} />
      </Routes>
    </>
  );
}

describe('A member the requirement applies to, in the grace period', () => {
  it('sees the banner with the deadline; Set Up Now opens Settings at the Two-factor card, focused', async () => {
    apiServer.use(twoFactorApi.status({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }));
    await renderWithProviders(<BannerOverPages />, { signedInAs: required });
    const banner = await screen.findByRole('region', { name: en(POLICY.bannerLabel) });
    expect(within(banner).getByText(en(POLICY.bannerBefore, { when: 'Mar 8, 2099' }))).toBeTruthy();
    const setUpNow = within(banner).getByRole('link', { name: en(POLICY.bannerAction) });
    // Issue 49 item 5: Settings' Security section, where the card is.
    expect(setUpNow.getAttribute('href')).toBe('/?tab=settings&section=security#two-factor');
    fireEvent.click(setUpNow);
    const card = await screen.findByTestId('two-factor-card');
    await waitFor(() => expect(document.activeElement).toBe(card));
    expect(await within(card).findByRole('button', { name: en(TEXTS.setUp) })).toBeTruthy();
  });

  it('sees no banner once it is on, nor when it is not required', async () => {
    for (const me of [enrolled, signedInMember('developer')]) {
      const view = await renderWithProviders(<BannerOverPages />, { signedInAs: me });
      await waitFor(() => expect(view.queryClient.getQueryData(['me'])).toBeTruthy());
      expect(screen.queryByRole('region', { name: en(POLICY.bannerLabel) })).toBeNull();
      view.unmount();
    }
  });
});

describe('A member past the deadline', () => {
  it('sees only the set-up and Sign Out at any address; once it is on and the codes saved, the page opens', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    apiServer.use(
      twoFactorApi.status(inTurn({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 }, { enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', recoveryCodesLeft: 10 })),
      twoFactorApi.setup({ secret: 'JBSW Y3DP EHPK 3PXP', uri: 'otpauth://totp/Brieflane:ada?secret=JBSWY3DPEHPK3PXP', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }),
      twoFactorApi.enable({ recoveryCodes: ['abcdefghjk'] }),
    );
    await renderWithProviders(<AppRoutes />, { signedInAs: overdue, route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: en(POLICY.blockedTitle), level: 1 })).toBeTruthy();
    expect(screen.getByText(en(POLICY.blockedDescription))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
    // Not the page at the address.
    expect(screen.queryByText('404')).toBeNull();
    expect(document.title).toBe(`${en(POLICY.blockedTitle)} · Brieflane`);

    // Me answers that it is on from now on; it is read once the codes are saved, not before.
    apiServer.use(authApi.me(enrolled));
    const card = screen.getByTestId('two-factor-card');
    fireEvent.click(await within(card).findByRole('button', { name: en(TEXTS.setUp) }));
    fireEvent.input(await screen.findByLabelText(en(TEXTS.passwordLabel)), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.continue) }));
    fireEvent.input(await screen.findByLabelText(en(TEXTS.codeLabel)), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.turnOn) }));
    const dialog = await screen.findByRole('dialog', { name: en(TEXTS.recoveryTitle) });
    await within(card).findByTestId('recovery-codes-left');
    const readsWithCodesShown = meReads();
    expect(readsWithCodesShown).toBe(1);
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.saved) }));

    expect(await screen.findByText('404')).toBeTruthy();
    expect(meReads()).toBe(2);
    expect(screen.queryByRole('heading', { name: en(POLICY.blockedTitle) })).toBeNull();
  });
});

/** A page's own read and change, and what Me says of the requirement. */
function OpenPage() {
  const me = useMe();
  const read = useQuery({ queryKey: ['report'], queryFn: () => api.get<{ ok: boolean }>('/api/reports') });
  const change = useMutation({ mutationFn: () => api.post('/api/projects', {}) });
  return (
    <>
      <output data-testid="overdue">{String(me.data?.twoFactor.overdue)}</output>
      <output data-testid="read">{read.status}</output>
      <button type="button" onClick={() => change.mutate()}>
        change
      </button>
    </>
  );
}

describe('A page open when the deadline passes', () => {
  const refusal = () => apiError(403, TWO_FACTOR_ENROLMENT_REQUIRED, en(TWO_FACTOR_POLICY_MESSAGES.enrolmentRequired));

  it("a read refused 403 two_factor_enrolment_required reads Me again, which then says so", async () => {
    apiServer.use(route('GET', '/api/reports', refusal()));
    await renderWithProviders(<OpenPage />, { signedInAs: required });
    apiServer.use(authApi.me(overdue));
    await waitFor(() => expect(screen.getByTestId('overdue').textContent).toBe('true'));
    expect(screen.getByTestId('read').textContent).toBe('error');
    expect(meReads()).toBe(2);
  });

  it('so does a refused change; another 403 does not', async () => {
    apiServer.use(route('GET', '/api/reports', apiError(403, 'forbidden', 'No')), route('POST', '/api/projects', refusal()));
    await renderWithProviders(<OpenPage />, { signedInAs: required });
    await waitFor(() => expect(screen.getByTestId('read').textContent).toBe('error'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(meReads()).toBe(1);
    apiServer.use(authApi.me(overdue));
    fireEvent.click(screen.getByRole('button', { name: 'change' }));
    await waitFor(() => expect(screen.getByTestId('overdue').textContent).toBe('true'));
    expect(meReads()).toBe(2);
  });
});

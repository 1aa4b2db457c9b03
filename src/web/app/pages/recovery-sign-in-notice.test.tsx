// @vitest-environment jsdom
// Issue 49 item 21: after a sign-in with a recovery code, the first page says how many codes are
// left, and when few are, leads to Settings' Two-factor card to make new ones; dismissed, it goes.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { APP_TEXTS } from '../texts';
import { FEW_RECOVERY_CODES, RecoverySignInNotice } from './recovery-sign-in-notice';

const TEXTS = APP_TEXTS.recoverySignIn;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

async function renderNotice(codesLeft: number | null) {
  const view = await renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <RecoverySignInNotice />
            <Where />
          </>
        }
      />
    </Routes>,
    { signedInAs: 'developer' },
  );
  if (codesLeft !== null) {
    act(() => void view.queryClient.setQueryData([QUERY_ROOTS.recoverySignIn], codesLeft));
    await screen.findByTestId('recovery-sign-in-notice');
  }
  return view;
}

const notice = () => screen.queryByTestId('recovery-sign-in-notice');
/** What the notice says (its words, apart from its link and button). */
const message = () => notice()?.querySelector('[role="status"]')?.textContent;

describe('RecoverySignInNotice', () => {
  it('says nothing after any other sign-in', async () => {
    await renderNotice(null);
    expect(screen.getByTestId('where')).toBeTruthy();
    expect(notice()).toBeNull();
  });

  it('says how many codes are left; with plenty, no way to Settings, and Dismiss takes it down', async () => {
    await renderNotice(7);
    expect(message()).toBe(`${en(TEXTS.signedIn)} ${en(TEXTS.codesLeft, { count: 7 })}`);
    expect(message()).toContain('Signed in with a recovery code. 7 recovery codes left.');
    expect(screen.getByRole('region', { name: en(TEXTS.label) })).toBe(notice());
    expect(screen.queryByRole('link', { name: en(TEXTS.makeNew) })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.dismiss) }));
    await waitFor(() => expect(notice()).toBeNull());
  });

  it(`with ${FEW_RECOVERY_CODES} or fewer left, leads to the Two-factor card in Settings`, async () => {
    await renderNotice(FEW_RECOVERY_CODES);
    expect(message()).toContain(en(TEXTS.codesLeft, { count: FEW_RECOVERY_CODES }));
    const link = screen.getByRole('link', { name: en(TEXTS.makeNew) });
    expect(link.getAttribute('href')).toBe('/?tab=settings#two-factor');
    fireEvent.click(link);
    expect(screen.getByTestId('where').textContent).toBe('/?tab=settings#two-factor');
    // Gone once followed.
    await waitFor(() => expect(notice()).toBeNull());
  });

  it('says so when the last code was used, in the singular with one left', async () => {
    const { queryClient } = await renderNotice(0);
    expect(message()).toBe(`${en(TEXTS.signedIn)} ${en(TEXTS.noneLeft)}`);
    expect(screen.getByRole('link', { name: en(TEXTS.makeNew) })).toBeTruthy();
    act(() => void queryClient.setQueryData([QUERY_ROOTS.recoverySignIn], 1));
    expect(await screen.findByText(/1 recovery code left\./)).toBeTruthy();
  });
});

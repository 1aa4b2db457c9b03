// @vitest-environment jsdom
// The reset-password page checks its link first (spec 2): a link the server calls invalid sends
// the user away with spec 8's message; a check that failed is not a verdict on the link.
import { en } from '@/web/test/texts';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@/domain/auth';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { apiError, apiServer, route, type Answer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { AUTH_TEXTS } from '../texts';
import { ResetPasswordView } from './reset-password-view';

async function renderResetPage(answer: () => Answer<{ valid: boolean }>) {
  apiServer.use(route('POST', '/api/auth/password-reset/validate', answer));
  await renderWithProviders(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordView token="reset-token-1" />} />
      <Route path="/" element={<p>Signed-out home</p>} />
    </Routes>,
    { route: '/reset-password?token=reset-token-1' },
  );
}

describe('The reset-password page', () => {
  it('says a link check that failed failed, with Retry, instead of calling the link invalid (issue 49 item 3)', async () => {
    let down = true;
    await renderResetPage(() => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { valid: true }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(AUTH_TEXTS.resetLinkCheckFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.queryByText('Signed-out home')).toBeNull();
    expect(screen.queryByText(en(AUTH_MESSAGES.resetLinkInvalid))).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByLabelText(en(AUTH_TEXTS.newPassword))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the user away with the invalid-link message when the server says the link is not valid', async () => {
    await renderResetPage(() => ({ valid: false }));
    expect(await screen.findByText('Signed-out home')).toBeTruthy();
    expect(await screen.findByText(en(AUTH_MESSAGES.resetLinkInvalid))).toBeTruthy();
  });
});

// @vitest-environment jsdom
// Settings -> Sessions: each session with its browser and system, its address, and (issue 49 item
// 21) how it was signed in; a session older than that record says nothing of it.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_TEXTS, type MemberSession, type SignInWay } from '@/domain/sessions';
import { sessionsApi } from '@/web/test/api-handlers';
import { apiServer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { SESSION_CARD_TEXTS } from '../texts';
import { SessionsCard } from './sessions-card';

const at = '2026-11-20T10:00:00.000Z';
const session = (id: string, browser: string, signIn: SignInWay | null, extra: Partial<MemberSession> = {}): MemberSession => ({
  id,
  browser,
  address: '192.0.2.1',
  signedInAt: at,
  lastActiveAt: at,
  current: false,
  signIn,
  ...extra,
});

/** The rows, each as its browser and the sign-in line it shows (null when none). */
async function rows() {
  const items = await screen.findAllByTestId('session');
  return items.map((item) => ({
    browser: within(item).getByText(/ on |Unknown browser/).textContent,
    signIn: within(item).queryByTestId('session-sign-in')?.textContent ?? null,
  }));
}

describe('SessionsCard', () => {
  it('shows how each session was signed in beside its browser and system', async () => {
    apiServer.use(
      sessionsApi.list([
        session('s1', 'Chrome 131 on macOS', { method: 'password', factor: 'app_code', provider: null }, { current: true }),
        session('s2', 'Firefox 133 on Linux', { method: 'password', factor: null, provider: null }),
        session('s3', 'Safari 17 on iOS', { method: 'passkey', factor: null, provider: null }),
        session('s4', 'Microsoft Edge 131 on Windows', { method: 'password', factor: 'recovery_code', provider: null }),
        session('s5', 'Chrome 131 on Android', { method: 'sso', factor: null, provider: 'login.example.com' }),
        session('s6', 'Chrome 130 on Linux', { method: 'sso', factor: 'recovery_code', provider: null }),
        session('s7', 'Firefox 132 on Windows', { method: 'password', factor: 'email_code', provider: null }),
        session('s8', SESSION_TEXTS.unknownBrowser.message, null, { address: null }),
      ]),
    );
    await renderWithProviders(<SessionsCard />, { signedInAs: 'developer' });
    const way = (text: string) => en(SESSION_CARD_TEXTS.signInWay, { way: text });
    expect(await rows()).toEqual([
      { browser: 'Chrome 131 on macOS', signIn: way('Password and authenticator code') },
      { browser: 'Firefox 133 on Linux', signIn: way('Password') },
      { browser: 'Safari 17 on iOS', signIn: way('Passkey') },
      { browser: 'Microsoft Edge 131 on Windows', signIn: way('Password and recovery code') },
      { browser: 'Chrome 131 on Android', signIn: way('Single sign-on (login.example.com)') },
      { browser: 'Chrome 130 on Linux', signIn: way('Single sign-on and recovery code') },
      { browser: 'Firefox 132 on Windows', signIn: way('Password and emailed code') },
      // Made before sessions recorded it: no guess.
      { browser: SESSION_TEXTS.unknownBrowser.message, signIn: null },
    ]);
    expect(way('Password')).toBe('Sign-in: Password');
    // The address and times stay as they were.
    expect(within(screen.getAllByTestId('session')[0]!).getByText(/^192\.0\.2\.1 · Signed in /)).toBeTruthy();
  });
});

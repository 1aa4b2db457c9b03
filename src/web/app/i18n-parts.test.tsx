// @vitest-environment jsdom
// Issue 48 (decision 045): the words come in parts. A component names the parts it reads and
// waits (Suspense) until they are loaded in the language on screen; a change of language loads
// the parts in use before it shows; a text of a part the component did not name is refused.
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SERVER_BUSY_MESSAGES } from '@/domain/server-busy';
import { AUTH_TEXTS } from '@/web/features/auth/texts';
import { CORE_TEXTS } from '@/web/components/texts';
import { LANGUAGE_CARD_TEXTS } from '@/web/features/settings/components/language-card';
import { activateLocale, i18n, loadTexts, partOf, useT } from '@/web/lib/i18n';

function SignIn() {
  const t = useT('auth');
  return (
    <p>
      {t(AUTH_TEXTS.signInButton)} / {t(CORE_TEXTS.signOut)}
    </p>
  );
}

function Forgetful() {
  const t = useT('auth');
  return <p>{t(LANGUAGE_CARD_TEXTS.saved)}</p>;
}

describe('parts of the words', () => {
  it('names a text’s part by its id', () => {
    expect(partOf(AUTH_TEXTS.signInButton)).toBe('auth');
    expect(partOf(CORE_TEXTS.signOut)).toBe('core');
  });

  it('loads only core first; a component waits for its part, then a change of language loads the parts in use before it shows', async () => {
    await activateLocale('de');
    // Core only: the auth part is not in German yet (in development the English source shows).
    expect(i18n._(CORE_TEXTS.signOut)).toBe('Abmelden');
    expect(i18n._(AUTH_TEXTS.signInButton)).toBe('Sign In');
    // A busy server's refusal can meet any page, the sign-in screen and a share link too: core.
    expect(i18n._(SERVER_BUSY_MESSAGES.changeNotSaved)).toBe('Der Server ist ausgelastet. Ihre Änderung wurde nicht gespeichert – bitte versuchen Sie es erneut.');

    render(
      <Suspense fallback={<p>waiting</p>}>
        <SignIn />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    await act(() => loadTexts('auth'));
    expect(screen.getByText('Anmelden / Abmelden')).toBeTruthy();

    // Spanish: shown once the auth part is in Spanish too, without the component waiting again.
    await act(() => activateLocale('es'));
    expect(screen.getByText('Iniciar sesión / Cerrar sesión')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('loads a part before anything shows it (loadTexts), in the language on screen', async () => {
    await activateLocale('de');
    await loadTexts('settings');
    expect(i18n._(LANGUAGE_CARD_TEXTS.saved)).toBe('Sprache gespeichert');
  });

  it('refuses a text of a part the component did not name', async () => {
    await activateLocale('en', ['auth', 'settings']);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Forgetful />)).toThrow(/"settings.language.saved" is a text of the "settings" part: name it in useT\('settings'\)/);
    quiet.mockRestore();
  });
});

// Issue 48 (decision 044): the interface's language. Lingui's i18n holds the active language's
// catalogs; each catalog is a module of its own per language (src/locales/<locale>/<part>.ts,
// compiled from the PO files by `npm run i18n`), so a page downloads only the active language's.
import { i18n, type Messages } from '@lingui/core';
import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, isLocale, matchLocale, PSEUDO_LOCALE, type Locale, type Text } from '@/domain/locales';

export { i18n };

/** A language the interface can show: ours, and the pseudo-language in development. */
export type UiLocale = Locale | typeof PSEUDO_LOCALE;

const CATALOGS = import.meta.glob<{ messages: Messages }>('../../locales/*/core.ts');

/** The language last chosen on this device (a signed-out page knows no member's setting). */
export const LOCALE_STORAGE_KEY = 'brieflane.locale';

function stored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language to start in: the one last chosen here, else the browser's first we speak. */
export function initialLocale(): UiLocale {
  const saved = stored();
  if (saved && (isLocale(saved) || (saved === PSEUDO_LOCALE && import.meta.env.DEV))) return saved;
  return matchLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Keeps the choice for the next visit; null forgets it (the browser's language again). */
export function rememberLocale(locale: UiLocale | null): void {
  try {
    if (locale) localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    else localStorage.removeItem(LOCALE_STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts this page.
  }
}

/** Loads the language's catalogs and shows it: every component reading `useLingui()` renders again. */
export async function activateLocale(locale: UiLocale): Promise<void> {
  const load = CATALOGS[`../../locales/${locale}/core.ts`] ?? CATALOGS[`../../locales/${DEFAULT_LOCALE}/core.ts`]!;
  const { messages } = await load();
  i18n.loadAndActivate({ locale, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = locale === PSEUDO_LOCALE ? 'en-XA' : locale;
}

/** Values for a text's placeholders (`{host}`, `{count, plural, ...}`). */
export type TextValues = Record<string, string | number>;

const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const activeLocale = () => i18n.locale;

/**
 * The language on screen; the component renders again when it changes. React's own store hook
 * over Lingui's change event, instead of @lingui/react's provider and hook: 1.2 KB gzip less in
 * every page's first download (decision 044).
 */
export function useLocale(): string {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/**
 * A component's translator: `t(AUTH_TEXTS.email)`, `t(AUTH_TEXTS.codeSentTo, { digits: 6 })`.
 * The component renders again when the language changes.
 */
export function useT(): (text: Text, values?: TextValues) => string {
  const locale = useLocale();
  // A new function per language, so memoized children that take `t` render again too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((text: Text, values?: TextValues) => i18n._(values ? { ...text, values } : text), [locale]);
}

// Issue 48 (decisions 044 and 045): the interface's language. Lingui's i18n holds the active
// language's messages. The words come in parts, one catalog per part and language
// (src/locales/<locale>/<part>.ts, compiled from the PO files by `npm run i18n`): `core` (what
// any page may show: the shared components, the language menu), `app` (the frame and pages of
// src/web/app), one per web feature (its folder's name: `auth`, `settings`, ...) and `domain`
// (the rules' words). A text's id starts
// with its part (`auth.email`), and a component names the parts it reads (`useT('auth')`), as
// react-i18next's namespaces: a page downloads only its parts, in the active language only.
import { i18n, type Messages } from '@lingui/core';
import { useCallback, useSyncExternalStore } from 'react';
import { formatsVersion, subscribeFormats } from './formats';
import { DEFAULT_LOCALE, isLocale, matchLocale, PSEUDO_LOCALE, readMessage, type Locale, type Text, type TextValues } from '@/domain/locales';

export { i18n };

/** A language the interface can show: ours, and the pseudo-language (for finding untranslated and clipped words). */
export type UiLocale = Locale | typeof PSEUDO_LOCALE;

/** A catalog of words: `core`, `app`, a web feature's folder name, or `domain`. */
export type TextPart = string;

/** Every page shows some of these (the language menu, the shared components); loaded before the first render. */
export const CORE_PART = 'core';

/** The build's base URL of the catalogs as JSON (scripts/catalog-files.ts). */
declare const __BRIEFLANE_CATALOGS__: string;

/**
 * How a catalog arrives: in the build, fetched as JSON (no map of every language and part in the
 * entry); in development and tests, the compiled modules themselves.
 */
const CATALOGS: Readonly<Record<string, () => Promise<Messages>>> = import.meta.env.PROD
  ? {}
  : Object.fromEntries(
      Object.entries(import.meta.glob<{ messages: Messages }>('../../locales/*/*.ts')).map(([key, load]) => [key, async () => (await load()).messages]),
    );
const catalogKey = (locale: string, part: TextPart) => `../../locales/${locale}/${part}.ts`;

/** A catalog's messages, or undefined for a language or part that has none. */
function catalogLoader(locale: string, part: TextPart): (() => Promise<Messages>) | undefined {
  if (!import.meta.env.PROD) return CATALOGS[catalogKey(locale, part)];
  if (!isLocale(locale) && locale !== PSEUDO_LOCALE) return undefined;
  return async () => {
    const response = await fetch(`${__BRIEFLANE_CATALOGS__}/${locale}/${part}.json`);
    if (!response.ok) throw new Error(`The ${part} words in ${locale} did not load (${response.status})`);
    return (await response.json()) as Messages;
  };
}

/** The part a text belongs to: its id up to the first dot. */
export function partOf(text: Text): TextPart {
  const dot = text.id.indexOf('.');
  return dot === -1 ? text.id : text.id.slice(0, dot);
}

/** Parts asked for so far: a change of language loads each of them in the new language first. */
const inUse = new Set<TextPart>([CORE_PART]);
/** One load per language and part, kept: a waiting component is given the same one each render. */
const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function loadPart(locale: string, part: TextPart): Promise<void> {
  const key = catalogKey(locale, part);
  let loading = loads.get(key);
  if (!loading) {
    const load = catalogLoader(locale, part);
    // A mistake in the code, not the network: no waiting for it.
    if (!load) throw new Error(`No catalog "${part}" for ${locale}: a text's id starts with its catalog's name (npm run i18n)`);
    const started = load().then((messages) => {
      // A copy: Lingui merges later parts into the first object it was given.
      i18n.load(locale, { ...messages });
      loaded.add(key);
    });
    // A failed download is tried again by the next render (and a deploy's missing chunk reloads
    // the page, chunk-reload.ts).
    started.catch(() => loads.delete(key));
    loads.set(key, started);
    loading = started;
  }
  return loading;
}

/** The language on screen, or the one being loaded to replace it: a part asked for now is loaded in it. */
let target: string | undefined;

/**
 * Loads these parts in the language on screen (or about to be): a page or a query can start it
 * before anything renders them, so no component waits on its words.
 */
export function loadTexts(...parts: TextPart[]): Promise<void> {
  for (const part of parts) inUse.add(part);
  const locale = target ?? i18n.locale;
  return locale ? Promise.all(parts.map((part) => loadPart(locale, part))).then(() => undefined) : Promise.resolve();
}

/** The language last chosen on this device (a signed-out page knows no member's setting). */
export const LOCALE_STORAGE_KEY = 'brieflane.locale';

function stored(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The language to start in: the one last chosen here, else the browser's first we speak. The
 * pseudo-language is no menu's choice; saved here by hand (or by the Playwright pass through the
 * main screens in it, on the production build) it is shown in any build (issue 48 item 5).
 */
export function initialLocale(): UiLocale {
  const saved = stored();
  if (saved && (isLocale(saved) || saved === PSEUDO_LOCALE)) return saved;
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

/**
 * Shows the language once the parts in use (and `parts`) are loaded in it: every component
 * reading `useLocale()` or `useT()` renders again, in it, without waiting.
 */
export function activateLocale(locale: UiLocale, parts: TextPart[] = []): Promise<void> {
  const switching = switchTo(locale, parts);
  latest = switching;
  return switching;
}

/** The last switch asked for: one that a later choice overtook waits for it, so its caller finds a language shown. */
let latest: Promise<void> = Promise.resolve();

async function switchTo(locale: UiLocale, parts: TextPart[]): Promise<void> {
  for (const part of parts) inUse.add(part);
  const shown = catalogLoader(locale, CORE_PART) ? locale : DEFAULT_LOCALE;
  target = shown;
  // Parts asked for while these load are loaded too, before the switch.
  for (let pending = [...inUse]; pending.length; pending = [...inUse].filter((part) => !loaded.has(catalogKey(shown, part)))) {
    await Promise.all(pending.map((part) => loadPart(shown, part)));
  }
  // A later choice of language won while these loaded: done when it is shown.
  if (target !== shown) return latest;
  i18n.activate(shown);
  if (typeof document !== 'undefined') document.documentElement.lang = shown === PSEUDO_LOCALE ? 'en-XA' : shown;
}

/**
 * Issue 48 item 4: a share, intake or approval link is shown in the language staff chose for it
 * (else its organization's), unless its visitor chose one themselves: on this device (the
 * language menu's saved choice) or in their settings (`memberLocale`, a signed-in member's).
 * Resolves when the page may render in it.
 */
export async function showLinkLocale(linkLocale: Locale, memberLocale: Locale | null = null): Promise<void> {
  if (memberLocale || stored() !== null) return;
  if (i18n.locale === linkLocale && target === linkLocale) return;
  await activateLocale(linkLocale);
}

export type { TextValues };

/**
 * A text in the active language outside a component's render: a toast from a mutation's
 * callback, a command palette entry built in a hook. Its part must already be loaded (the
 * component that started it named it in useT), else the English source shows in development and
 * the id in the build.
 */
export function translate(text: Text, values?: TextValues): string {
  return i18n._(withAll(text, values));
}

/** A text with its own values (withValues) and the caller's together. */
function withAll(text: Text, values: TextValues | undefined): Text {
  return values && text.values ? { ...text, values: { ...text.values, ...values } } : values ? { ...text, values } : text;
}

/**
 * A message that may be a text's id (a domain schema's validation message, decision 045): its
 * words in the active language when a loaded part knows it, else the message as it is.
 */
export function translateMessage(message: string): string {
  const { id, values } = readMessage(message);
  return i18n.locale && id in i18n.messages ? i18n._({ id, values }) : message;
}

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
 * A component's translator for the parts it reads besides `core`: `useT('auth')`, then
 * `t(AUTH_TEXTS.email)`, `t(AUTH_TEXTS.codeSentTo, { digits: 6 })`. Suspends until those parts
 * are loaded in the active language; renders again when the language changes. In development a
 * text of a part not named here throws, so a component test finds the part left out.
 */
export function useT(...parts: TextPart[]): (text: Text, values?: TextValues) => string {
  const locale = useLocale();
  // A new region (formats.ts) renders the component again, so its dates and money follow it.
  const formats = useSyncExternalStore(subscribeFormats, formatsVersion, formatsVersion);
  const pending = parts.map((part) => {
    inUse.add(part);
    return loaded.has(catalogKey(locale, part)) ? undefined : loadPart(locale, part);
  });
  // Suspense's own signal, as React.lazy gives it: a thrown load. (React's `use` would want the
  // same calls on every render, and a part loaded between two renders made it refuse.)
  const waiting = pending.find((load) => load !== undefined);
  if (waiting) throw waiting;
  const named = parts.join(',');
  return useCallback(
    (text: Text, values?: TextValues) => {
      if (import.meta.env.DEV) {
        const part = partOf(text);
        if (part !== CORE_PART && !named.split(',').includes(part)) {
          throw new Error(`"${text.id}" is a text of the "${part}" part: name it in useT('${part}')`);
        }
      }
      return i18n._(withAll(text, values));
    },
    // A new function per language and region, so memoized children that take `t` render again too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [locale, named, formats],
  );
}

// @vitest-environment jsdom
// Issue 48 item 5: nothing left out. Every language's catalog holds every text, translated, with
// the English text's placeholders; the compiled catalogs are the PO files' (`npm run i18n` ran);
// the English catalog is the source texts as written (`lingui extract` ran after the last edit).
import { describe, expect, it } from 'vitest';
import { LOCALES, PSEUDO_LOCALE, type Text } from '@/domain/locales';
import { AUTH_TEXTS } from '@/web/features/auth/texts';
import { LANGUAGE_CARD_TEXTS } from '@/web/features/settings/components/language-card';
import { LANGUAGE_TEXTS } from '@/web/components/ui/language-select';
import { activateLocale, i18n } from '@/web/lib/i18n';

const PO_FILES = import.meta.glob<string>('/src/locales/*/core.po', { query: '?raw', import: 'default', eager: true });
const COMPILED = import.meta.glob<{ messages: Record<string, unknown> }>('/src/locales/*/core.ts', { eager: true });

/** The catalog's entries: id -> translation (the PO header, msgid "", left out). */
function entries(locale: string): Map<string, string> {
  const po = PO_FILES[`/src/locales/${locale}/core.po`];
  if (po === undefined) throw new Error(`no catalog for ${locale}`);
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  return new Map([...po.matchAll(/^msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)].map((m) => [unquote(m[1]!), unquote(m[2]!)]));
}

/** Every descriptor of a texts object, however deep. */
function descriptors(value: unknown): Text[] {
  if (value && typeof value === 'object' && 'id' in value && 'message' in value) return [value as Text];
  return value && typeof value === 'object' ? Object.values(value).flatMap(descriptors) : [];
}

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
const SOURCES = [AUTH_TEXTS, LANGUAGE_TEXTS, LANGUAGE_CARD_TEXTS].flatMap(descriptors);

describe('the core catalog', () => {
  it('holds every source text as written, and nothing else', () => {
    const english = entries('en');
    expect(SOURCES.length).toBeGreaterThan(70);
    expect(new Set(SOURCES.map((text) => text.id)).size).toBe(SOURCES.length);
    for (const text of SOURCES) expect(english.get(text.id), text.id).toBe(text.message);
    expect([...english.keys()].sort()).toEqual(SOURCES.map((text) => text.id).sort());
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('is translated whole into %s, placeholders kept', (locale) => {
    const english = entries('en');
    const translated = entries(locale);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [id, message] of english) {
      expect(translated.get(id), `${locale} ${id}`).not.toBe('');
      expect(placeholders(translated.get(id)!), `${locale} ${id}`).toEqual(placeholders(message));
    }
  });

  it.each([...LOCALES, PSEUDO_LOCALE])('is compiled for %s from its PO file', (locale) => {
    const compiled = COMPILED[`/src/locales/${locale}/core.ts`]?.messages;
    expect(Object.keys(compiled ?? {}).sort()).toEqual([...entries('en').keys()].sort());
  });

  it('speaks German and Spanish at run time, with values, and the pseudo-language accented', async () => {
    await activateLocale('de');
    expect(i18n._(AUTH_TEXTS.signInButton)).toBe('Anmelden');
    expect(i18n._({ ...AUTH_TEXTS.codeSentTo, values: { digits: 6 } })).toBe('Wir haben einen 6-stelligen Code gesendet an');
    await activateLocale('es');
    expect(i18n._({ ...AUTH_TEXTS.continueWithSsoAt, values: { host: 'login.acme.test' } })).toBe('Continuar con SSO en login.acme.test');
    await activateLocale(PSEUDO_LOCALE);
    const pseudo = i18n._(AUTH_TEXTS.signInSubtitle);
    expect(pseudo).not.toBe(AUTH_TEXTS.signInSubtitle.message);
    expect(pseudo).toMatch(/[À-ž]/);
    expect(document.documentElement.lang).toBe('en-XA');
    await activateLocale('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

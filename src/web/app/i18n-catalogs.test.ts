// @vitest-environment jsdom
// Issue 48 item 5: nothing left out. Every text's id names the part (catalog) its file belongs to;
// each part's English catalog is its source texts as written; every language's catalog holds
// every text, translated, with the English text's placeholders; the compiled catalogs are the PO
// files' (`npm run i18n` ran after the last edit).
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LOCALES, PSEUDO_LOCALE } from '@/domain/locales';
import { domainPartOf } from '@/domain/word-parts';
import { AUTH_TEXTS } from '@/web/features/auth/texts';
import { activateLocale, i18n } from '@/web/lib/i18n';

const PO_FILES = import.meta.glob<string>('/src/locales/*/*.po', { query: '?raw', import: 'default', eager: true });
const COMPILED = import.meta.glob<{ messages: Record<string, unknown> }>('/src/locales/*/*.ts', { eager: true });
const SOURCE_FILES = import.meta.glob<string>(['/src/web/**/*.{ts,tsx}', '/src/domain/**/*.ts', '/src/server/**/*.ts', '!**/*.test.*', '!/src/web/test/**', '!/src/server/test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const PARTS = Object.keys(PO_FILES)
  .filter((file) => file.startsWith('/src/locales/en/'))
  .map((file) => file.replace(/^.*\/(.+)\.po$/, '$1'));

/** The catalog's entries: id -> translation (the PO header, msgid "", left out). */
function entries(locale: string, part: string): Map<string, string> {
  const po = PO_FILES[`/src/locales/${locale}/${part}.po`];
  if (po === undefined) throw new Error(`no catalog ${part} for ${locale}`);
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  return new Map([...po.matchAll(/^msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)].map((m) => [unquote(m[1]!), unquote(m[2]!)]));
}

/** The part a source file's texts belong to (lingui.config.ts). */
function partOfFile(file: string): string {
  const feature = /^\/src\/web\/features\/([^/]+)\//.exec(file);
  if (feature) return feature[1]!;
  if (file.startsWith('/src/web/app/')) return 'app';
  if (file.startsWith('/src/server/')) return 'server';
  return file.startsWith('/src/domain/') ? domainPartOf(file.slice(file.lastIndexOf('/') + 1)) : 'core';
}

type SourceText = { id: string; message: string; file: string };

/** Every `/*i18n*\/ { id, message }` of the sources, read by TypeScript's parser. */
function sourceTexts(): SourceText[] {
  const found: SourceText[] = [];
  for (const [file, code] of Object.entries(SOURCE_FILES)) {
    if (!code.includes('/*i18n*/')) continue;
    const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node) && code.slice(node.getFullStart(), node.getStart(source)).includes('/*i18n*/')) {
        const value = (name: string) => {
          const property = node.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText(source) === name) as ts.PropertyAssignment | undefined;
          const init = property?.initializer;
          if (!init || !(ts.isStringLiteral(init) || ts.isNoSubstitutionTemplateLiteral(init))) throw new Error(`${file}: a text's ${name} must be a string literal`);
          return init.text;
        };
        found.push({ id: value('id'), message: value('message'), file });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const SOURCES = sourceTexts();
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('the catalogs', () => {
  it('name each text by the part its file belongs to, once', () => {
    expect(SOURCES.length).toBeGreaterThan(80);
    expect(new Set(SOURCES.map((text) => text.id)).size).toBe(SOURCES.length);
    for (const text of SOURCES) expect(text.id.split('.')[0], `${text.file}: ${text.id}`).toBe(partOfFile(text.file));
  });

  it.each(PARTS)('hold the %s texts as written in English, and nothing else', (part) => {
    const english = entries('en', part);
    const texts = SOURCES.filter((text) => partOfFile(text.file) === part);
    for (const text of texts) expect(english.get(text.id), text.id).toBe(text.message);
    expect([...english.keys()].sort()).toEqual(texts.map((text) => text.id).sort());
  });

  const translated = LOCALES.filter((locale) => locale !== 'en').flatMap((locale) => PARTS.map((part) => [locale, part] as const));
  it.each(translated)('are translated whole into %s (%s), placeholders kept', (locale, part) => {
    const english = entries('en', part);
    const catalog = entries(locale, part);
    expect([...catalog.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [id, message] of english) {
      expect(catalog.get(id), `${locale} ${id}`).not.toBe('');
      expect(placeholders(catalog.get(id)!), `${locale} ${id}`).toEqual(placeholders(message));
    }
  });

  const compiled = [...LOCALES, PSEUDO_LOCALE].flatMap((locale) => PARTS.map((part) => [locale, part] as const));
  it.each(compiled)('are compiled for %s (%s) from the PO files', (locale, part) => {
    const messages = COMPILED[`/src/locales/${locale}/${part}.ts`]?.messages;
    expect(Object.keys(messages ?? {}).sort()).toEqual([...entries('en', part).keys()].sort());
  });

  it('speak German and Spanish at run time, with values, and the pseudo-language accented', async () => {
    await activateLocale('de', ['auth']);
    expect(i18n._(AUTH_TEXTS.signInButton)).toBe('Anmelden');
    expect(i18n._({ ...AUTH_TEXTS.codeSentTo, values: { digits: 6 } })).toBe('Wir haben einen 6-stelligen Code gesendet an');
    await activateLocale('es');
    expect(i18n._({ ...AUTH_TEXTS.continueWithSsoAt, values: { host: 'login.acme.test' } })).toBe('Continuar con SSO en login.acme.test');
    await activateLocale(PSEUDO_LOCALE);
    const pseudo = i18n._(AUTH_TEXTS.signInSubtitle);
    expect(pseudo).not.toBe(AUTH_TEXTS.signInSubtitle.message);
    expect(pseudo).toMatch(/[À-ž]/);
    // Bracketed and about 30 % longer (scripts/i18n/lengthen-pseudo.ts): clipping shows, and so does a word never translated.
    expect(pseudo).toMatch(/^\[.* ~+\]$/);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil(AUTH_TEXTS.signInSubtitle.message.length * 1.3));
    expect(document.documentElement.lang).toBe('en-XA');
    await activateLocale('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

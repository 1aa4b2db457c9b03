// A Vite plugin (vite.config.ts), issue 48 (decision 045): in the build, each compiled catalog
// (src/locales/<locale>/<part>.ts) is also written as plain JSON under
// assets/locales/<version>/<locale>/<part>.json, and the web app fetches it from there
// (src/web/lib/i18n.ts). The alternative, a dynamic import per catalog, put a map of every
// language and part (a hundred content-hashed file names) into the entry every page downloads:
// 1.3 KB gzip on the sign-in page, and growing with each part. One version for all catalogs, the
// hash of their contents, keeps the URLs cacheable forever and lets a page name them in advance.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { LOCALES, PSEUDO_LOCALE } from '../src/domain/locales.ts';

const LOCALES_DIR = fileURLToPath(new URL('../src/locales', import.meta.url));

/** Where the catalogs are under dist/web (assets/ is served cacheable forever, src/server/app.ts). */
export const CATALOGS_DIR = 'assets/locales';

/** The messages of a compiled catalog module (`export const messages=JSON.parse("...")`). */
export function compiledMessages(source: string): Record<string, unknown> {
  const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal) throw new Error('not a compiled Lingui catalog (npm run i18n)');
  return JSON.parse(JSON.parse(literal) as string) as Record<string, unknown>;
}

/** Every language's catalogs, the pseudo-language's too (no menu offers it; issue 48 item 5): path -> messages. */
function readCatalogs(): Map<string, Record<string, unknown>> {
  const catalogs = new Map<string, Record<string, unknown>>();
  for (const locale of [...LOCALES, PSEUDO_LOCALE]) {
    for (const file of readdirSync(path.join(LOCALES_DIR, locale)).filter((name) => name.endsWith('.ts')).sort()) {
      catalogs.set(`${locale}/${file.replace(/\.ts$/, '.json')}`, compiledMessages(readFileSync(path.join(LOCALES_DIR, locale, file), 'utf8')));
    }
  }
  return catalogs;
}

export function catalogFiles(): Plugin {
  let catalogs = new Map<string, Record<string, unknown>>();
  let version = '';
  return {
    name: 'brieflane-catalog-files',
    apply: 'build',
    config() {
      catalogs = readCatalogs();
      const hash = createHash('sha256');
      for (const [file, messages] of catalogs) hash.update(file).update(JSON.stringify(messages));
      version = hash.digest('hex').slice(0, 12);
      // The base URL the app fetches a catalog from: /assets/locales/<version>.
      return { define: { __BRIEFLANE_CATALOGS__: JSON.stringify(`/${CATALOGS_DIR}/${version}`) } };
    },
    generateBundle() {
      for (const [file, messages] of catalogs) {
        this.emitFile({ type: 'asset', fileName: `${CATALOGS_DIR}/${version}/${file}`, source: JSON.stringify(messages) });
      }
    },
  };
}

// A Vite plugin (vite.config.ts): after the build, one copy of index.html per page of
// src/web/app/pages/page-paths.ts whose <head> also names the page's chunks (modulepreload), and
// route-pages.json, from which the server picks the copy for a path (src/server/platform/web-pages.ts).
// Without it a phone learns of a page's chunks only once the entry has run and rendered the page:
// one more round trip, after the entry's download (decision 013).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PAGE_PATHS, type PagePath } from '../src/web/app/pages/page-paths.ts';
import { INDEX_HTML, ROUTE_PAGES_FILE, type RoutePage } from '../src/server/platform/web-pages.ts';
import { readManifest, routeFiles, type Manifest } from './web-weight.ts';

/**
 * The HTML file of a page module: `app/pages/shared-project-page.tsx` -> `shared-project-page.html`,
 * and with a variant `dashboard-page-tab.html`.
 */
export function pageHtmlFile(module: string, variant?: string): string {
  return `${path.basename(module).replace(/\.[jt]sx?$/, '')}${variant ? `-${variant}` : ''}.html`;
}

/** route-pages.json's entry for a page path. */
export function routePage(entry: PagePath): RoutePage {
  const page: RoutePage = { pattern: entry.pattern.source, signedIn: entry.signedIn, file: pageHtmlFile(entry.module, entry.variant) };
  if (entry.query) page.query = Object.fromEntries(Object.entries(entry.query).map(([name, values]) => [name, [...values]]));
  if (entry.when) page.when = entry.when;
  return page;
}

/**
 * index.html with a modulepreload link for each file the page adds to the entry's download (the
 * page's own first; at low priority, so that the entry, which paints the first screen, is not
 * slowed by them), and a fetch preload for each API read of its first render (same-origin
 * credentials, as the app's fetch, so that the app's request takes the preloaded answer).
 */
export function pageHtml(indexHtml: string, manifest: Manifest, module: string, fetches: readonly string[] = [], alsoModules: readonly string[] = []): string {
  const entryFiles = new Set(routeFiles(manifest, []));
  const own = manifest[module]!.file;
  const files = [own, ...routeFiles(manifest, [module, ...alsoModules]).filter((file) => file !== own && !entryFiles.has(file))];
  const links = [
    ...fetches.map((url) => `    <link rel="preload" href="${url.replaceAll('&', '&amp;')}" as="fetch" crossorigin>\n`),
    ...files.map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">\n`),
  ].join('');
  const head = /\n\s*<\/head>/;
  if (!head.test(indexHtml)) throw new Error('index.html has no </head>');
  return indexHtml.replace(head, `\n${links}  </head>`);
}

export function routePages(): Plugin {
  return {
    name: 'brieflane-route-pages',
    apply: 'build',
    writeBundle(options) {
      const webDir = options.dir!;
      const manifest = readManifest(webDir);
      const indexHtml = readFileSync(path.join(webDir, INDEX_HTML), 'utf8');
      const pages: RoutePage[] = PAGE_PATHS.map((entry) => {
        for (const module of [entry.module, ...(entry.alsoModules ?? [])]) {
          if (!manifest[module]?.isDynamicEntry) throw new Error(`page-paths.ts names ${module}, which is not lazily loaded`);
        }
        const page = routePage(entry);
        writeFileSync(path.join(webDir, page.file), pageHtml(indexHtml, manifest, entry.module, entry.fetches, entry.alsoModules));
        return page;
      });
      writeFileSync(path.join(webDir, ROUTE_PAGES_FILE), `${JSON.stringify({ pages }, null, 2)}\n`);
    },
  };
}

// What each route's first visit downloads in JavaScript, read from Vite's manifest in dist/web:
// the entry and its static imports, plus the lazily loaded modules the route renders at once
// (its page, and what that page shows first), each with their static imports. Sizes are raw and
// compressed as the server sends them (dist/web holds the .gz and .br files, scripts/build.mjs).
// Used by scripts/web-budget.test.ts (the budgets) and `npm run bench -- web-weight`.
// Decision 013 says why these routes and these budgets.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { CATALOGS_DIR } from './catalog-files.ts';

type ManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

/** The lazily loaded modules (manifest keys, relative to src/web) each route renders on its first visit. */
export const ROUTES = {
  // `/` signed out: the auth screen is in the entry; nothing lazy renders.
  'sign-in': [],
  // `/project-access/:token`: the shared project page.
  'share-link': ['app/pages/shared-project-page.tsx'],
  // The same path for an intake link: the page and its form (issue 27 item 20).
  'intake-link': ['app/pages/shared-project-page.tsx', 'features/sharing/components/intake-form.tsx'],
  // `/` signed in, the Projects tab: the dashboard page.
  projects: ['app/pages/dashboard-page.tsx'],
} as const satisfies Record<string, readonly string[]>;

export type RouteName = keyof typeof ROUTES;

/**
 * Budgets in bytes gzip (1 KiB = 1,024 bytes; decision 044). `total`: JavaScript and the route's
 * catalogs in the heaviest language (issue 48: the sign-in page within 120 KiB in every
 * language). `code`: its JavaScript (issue 17: 150 KiB for a share link, the code a phone parses
 * and runs). `words`: its catalogs, JSON a phone only reads (decision 045: a share link shows
 * four features' words and their rules').
 */
export const BUDGETS_GZIP: Partial<Record<RouteName, { total?: number; code?: number; words?: number }>> = {
  // Issue 48 item 6: 120 KiB of JavaScript in every language; its words are JSON apart.
  'sign-in': { code: 120 * 1024, words: 8 * 1024 },
  // Its words: five features' (sharing, tasks, files, notes, core) and their rules' (domain-shared),
  // 9.2 KB in German when the rules moved in; the staff-only sharing dialogs' words in domain-shared
  // are the first to split out should it grow.
  'share-link': { code: 150 * 1024, words: 12 * 1024 },
};

/**
 * The parts of the words (catalogs, src/web/lib/i18n.ts) each route shows on its first visit:
 * `core` on every page (main.tsx), the sign-in screen's `auth` (session.ts). Each is measured in
 * the language whose catalog is heaviest.
 */
export const ROUTE_TEXTS: Record<RouteName, readonly string[]> = {
  // session.ts's SIGNED_OUT_TEXTS beside core.
  'sign-in': ['core', 'auth', 'domain-auth'],
  // shared-project-page.tsx's SHARED_PAGE_TEXTS (a test holds the two together).
  'share-link': ['core', 'sharing', 'tasks', 'files', 'notes', 'domain-shared'],
  'intake-link': ['core', 'sharing', 'tasks', 'files', 'notes', 'domain-shared'],
  // The shell (app, search; domain: the inbox bell's words) and the Projects tab (projects,
  // sharing: its cards' share actions; domain-shared: its approval badges and filter).
  projects: ['core', 'app', 'search', 'domain', 'projects', 'sharing', 'domain-shared'],
};

const LANGUAGES = ['en', 'de', 'es'];

export type RouteWeight = {
  route: RouteName;
  /** Every file, the catalogs (last) included. */
  files: string[];
  /** The catalogs of the route's parts of the words, one language's. */
  catalogs: string[];
  /** gzip of the JavaScript alone, and of the catalogs alone (`gzip` is both). */
  codeGzip: number;
  wordsGzip: number;
  raw: number;
  gzip: number;
  brotli: number;
};

export function readManifest(webDir: string): Manifest {
  const file = path.join(webDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`No Vite manifest at ${file}: run npm run build (vite.config.ts sets build.manifest).`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The JavaScript files a route loads first: entry closure plus its lazy modules' closures. */
export function routeFiles(manifest: Manifest, lazyModules: readonly string[]): string[] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the manifest, found ${entries.length}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no module ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]![0]);
  for (const key of lazyModules) visit(key);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')).sort();
}

function compressedSize(webDir: string, file: string, kind: 'gz' | 'br'): number {
  const precompressed = path.join(webDir, `${file}.${kind}`);
  if (existsSync(precompressed)) return readFileSync(precompressed).length;
  // build.mjs skips files under 1 KB; the server sends those as they are or compresses them itself.
  const content = readFileSync(path.join(webDir, file));
  return kind === 'gz'
    ? gzipSync(content, { level: 9 }).length
    : brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/**
 * A part's catalog (as the build writes it, scripts/catalog-files.ts) in the language where it is
 * heaviest (gzip): a first visit downloads one of them.
 */
export function heaviestCatalog(webDir: string, part: string): string {
  const versions = existsSync(path.join(webDir, CATALOGS_DIR)) ? readdirSync(path.join(webDir, CATALOGS_DIR)) : [];
  if (versions.length !== 1) throw new Error(`Expected one catalog version in ${path.join(webDir, CATALOGS_DIR)}, found ${versions.length}: run npm run build`);
  const files = LANGUAGES.map((locale) => {
    const file = `${CATALOGS_DIR}/${versions[0]}/${locale}/${part}.json`;
    if (!existsSync(path.join(webDir, file))) throw new Error(`No ${file}: is ${part} a part of the words (src/locales)?`);
    return file;
  });
  return files.reduce((heaviest, file) => (compressedSize(webDir, file, 'gz') > compressedSize(webDir, heaviest, 'gz') ? file : heaviest));
}

export function measureRoutes(webDir: string): RouteWeight[] {
  const manifest = readManifest(webDir);
  return (Object.keys(ROUTES) as RouteName[]).map((route) => {
    const catalogs = ROUTE_TEXTS[route].map((part) => heaviestCatalog(webDir, part));
    const files = [...routeFiles(manifest, ROUTES[route]), ...catalogs];
    const sum = (size: (file: string) => number) => files.reduce((total, file) => total + size(file), 0);
    const gzipOf = (list: string[]) => list.reduce((total, file) => total + compressedSize(webDir, file, 'gz'), 0);
    return {
      route,
      files,
      catalogs,
      codeGzip: gzipOf(files.filter((file) => !catalogs.includes(file))),
      wordsGzip: gzipOf(catalogs),
      raw: sum((file) => readFileSync(path.join(webDir, file)).length),
      gzip: sum((file) => compressedSize(webDir, file, 'gz')),
      brotli: sum((file) => compressedSize(webDir, file, 'br')),
    };
  });
}

/** The modulepreload links in the built index.html (the files every route downloads at once), or in a page's copy of it. */
export function indexPreloads(webDir: string, htmlFile = 'index.html'): string[] {
  const html = readFileSync(path.join(webDir, htmlFile), 'utf8');
  return [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]!);
}

/** The files of a route's first download that hold zod (its core's class names survive minifying). */
export function filesWithZod(webDir: string, files: readonly string[]): string[] {
  return files.filter((file) => readFileSync(path.join(webDir, file), 'utf8').includes('$ZodType'));
}

/**
 * The files that hold @simplewebauthn/browser (issue 31 item 3: the passkey sign-in's and the
 * Settings card's lazily loaded chunks only). Its error codes are strings that survive minifying.
 */
export function filesWithWebAuthn(webDir: string, files: readonly string[]): string[] {
  return files.filter((file) => readFileSync(path.join(webDir, file), 'utf8').includes('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'));
}

/**
 * The files that hold react-markdown (issue 29: a task's comments render it, in the task panel's
 * lazily loaded chunks only). The option it passes remark-rehype survives minifying.
 */
export function filesWithMarkdown(webDir: string, files: readonly string[]): string[] {
  return files.filter((file) => readFileSync(path.join(webDir, file), 'utf8').includes('allowDangerousHtml'));
}

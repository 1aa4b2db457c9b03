// Issue 17's budgets for a first visit, over a fresh build's Vite manifest (scripts/web-weight.ts
// says what a route's first download is). Decision 013 has the figures and the knobs.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATHS, SHARED_PAGE_TEXTS } from '../src/web/app/pages/page-paths';
import { SIGNED_OUT_TEXTS } from '../src/web/lib/session';
import type { RoutePage } from '../src/server/platform/web-pages';
import { pageHtmlFile, routePage } from './route-pages';
import { BUDGETS_GZIP, filesWithMarkdown, filesWithWebAuthn, filesWithZod, indexPreloads, measureRoutes, readManifest, routeFiles, ROUTE_TEXTS, ROUTES, type Manifest, type RouteWeight } from './web-weight';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let outDir: string;
let manifest: Manifest;
let weights: Map<string, RouteWeight>;

beforeAll(async () => {
  // A build of the current sources of its own, so dist/ (and a server running from it) is left alone.
  outDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-web-budget-'));
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: path.join(root, 'vite.config.ts'), mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = readManifest(outDir);
  weights = new Map(measureRoutes(outDir).map((weight) => [weight.route, weight]));
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

describe('first-visit JavaScript budgets (gzip)', () => {
  it.each(Object.entries(BUDGETS_GZIP))('%s stays within its budgets', (route, budget) => {
    const weight = weights.get(route)!;
    const said = `${route}: ${kb(weight.gzip)} gzip (code ${kb(weight.codeGzip)}, words ${kb(weight.wordsGzip)}) in ${weight.files.length} files: ${weight.files.join(', ')}`;
    if (budget?.total !== undefined) expect(weight.gzip, said).toBeLessThanOrEqual(budget.total);
    if (budget?.code !== undefined) expect(weight.codeGzip, said).toBeLessThanOrEqual(budget.code);
    if (budget?.words !== undefined) expect(weight.wordsGzip, said).toBeLessThanOrEqual(budget.words);
  });

  it('the sign-in page is within 120 KiB of JavaScript in every language (issue 48 item 6), and its words within 8 KiB', () => {
    expect(BUDGETS_GZIP['sign-in']).toEqual({ code: 122_880, words: 8_192 });
    expect(weights.get('sign-in')!.codeGzip).toBeLessThanOrEqual(122_880);
  });

  it("a share link measures the words its page loads (shared-project-page.tsx's SHARED_PAGE_TEXTS)", () => {
    expect(ROUTE_TEXTS['share-link']).toEqual(['core', ...SHARED_PAGE_TEXTS]);
  });

  it("the sign-in page measures the words the signed-out screens load (session.ts's SIGNED_OUT_TEXTS)", () => {
    expect(ROUTE_TEXTS['sign-in']).toEqual(['core', ...SIGNED_OUT_TEXTS]);
  });

  it("the sign-in page is one file and the bundler's runtime, then its catalogs side by side: each file in a row costs a phone a round trip", () => {
    // vite.config.ts puts everything the entry imports statically into the entry's chunk; main.tsx
    // asks for the core catalog and the signed-out screens' (auth, domain-auth) at once (decision 045).
    const signIn = weights.get('sign-in')!;
    expect(signIn.files.length - signIn.catalogs.length).toBeLessThanOrEqual(2);
    expect(signIn.catalogs).toHaveLength(1 + SIGNED_OUT_TEXTS.length);
  });

  it('a share link is within 150 KiB of code (issue 17, in issue 48 units)', () => {
    expect(BUDGETS_GZIP['share-link']?.code).toBe(153_600);
    expect(weights.get('share-link')!.codeGzip).toBeLessThanOrEqual(153_600);
  });

  it('the English words are in the catalogs, not in the code (decision 044)', () => {
    const signIn = weights.get('sign-in')!;
    const entry = signIn.files.filter((file) => !signIn.catalogs.includes(file));
    const code = entry.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n');
    expect(code).toContain('auth.signInTitle');
    expect(code).not.toContain('Welcome Back');
  });

  // zod is 26 KB gzip, and building its schemas is a long task on a phone: pages that show but do
  // not change read the domain's zod-free *-rules.ts files (decision 013).
  it.each(['sign-in', 'share-link', 'projects'] as const)('%s downloads no zod at first', (route) => {
    expect(filesWithZod(outDir, weights.get(route)!.files)).toEqual([]);
  });
});

describe('what a first visit does not download', () => {
  const pageModules = () => Object.keys(manifest).filter((key) => key.startsWith('app/pages/'));

  it('index.html preloads only what the sign-in page needs, and no page', () => {
    const signIn = new Set(weights.get('sign-in')!.files);
    const pageFiles = new Set(pageModules().map((key) => manifest[key]!.file));
    for (const file of indexPreloads(outDir)) {
      expect(signIn.has(file), `${file} is preloaded but not part of the sign-in page`).toBe(true);
      expect(pageFiles.has(file), `${file} is a page chunk`).toBe(false);
    }
  });

  it('every page is its own chunk, outside the sign-in download', () => {
    const signIn = new Set(weights.get('sign-in')!.files);
    expect(pageModules().length).toBeGreaterThanOrEqual(8);
    for (const key of pageModules()) {
      expect(manifest[key]!.isDynamicEntry, `${key} is loaded lazily`).toBe(true);
      expect(signIn.has(manifest[key]!.file), `${key} is in the sign-in download`).toBe(false);
    }
  });

  it.each([
    'features/auth/components/sign-up-form.tsx',
    'features/auth/components/reset-request-form.tsx',
    // The sign-in's two-factor step and the Settings card's dialogs (issue 31): rare, and zod.
    'features/auth/components/sign-in-two-factor-step.tsx',
    'features/two-factor/components/two-factor-dialogs.tsx',
    // Passkeys (issue 31 item 3): the sign-in's WebAuthn code and the Settings card's dialogs,
    // each with the browser's WebAuthn library, only when a passkey is used.
    'features/auth/passkey-sign-in.ts',
    'features/passkeys/components/passkey-dialogs.tsx',
    'features/tasks/components/create-task-dialog.tsx',
    'features/files/components/file-dialogs.tsx',
    'components/ui/confirm-delete-dialog.tsx',
    'components/ui/toaster.tsx',
    // The dashboard's other tabs and the projects tab's dialogs.
    'features/clients/components/clients-tab.tsx',
    'features/team/components/team-tab.tsx',
    'features/reports/components/reports-tab.tsx',
    'features/activity/components/activity-tab.tsx',
    'features/templates/components/templates-tab.tsx',
    'app/pages/settings-page.tsx',
    'features/projects/components/create-project-dialog.tsx',
    'features/sharing/components/share-project-dialog.tsx',
    'features/sharing/components/assign-developer-dialog.tsx',
    // A protected link's password form, a form of the kit (react-hook-form): only when the link asks.
    'features/sharing/components/link-password-form.tsx',
    // What the projects page shows the buttons of, not the popups: menus, the status filter's
    // options, the phone's navigation sheet, a card's delete confirmation.
    'components/ui/dropdown-menu-parts.tsx',
    'components/ui/lazy-select-parts.tsx',
    'app/pages/nav-sheet.tsx',
    'features/projects/components/delete-project-dialog.tsx',
    // The inbox's popover (issue 16): the top bar shows the bell.
    'features/inbox/components/inbox-popover.tsx',
    // A task's panel and its comments' Markdown renderer (issue 29): the pages show the titles.
    'app/pages/task-panel.tsx',
    'features/comments/components/comment-markdown.tsx',
  ])('%s loads on demand, with none of the first visits', (key) => {
    expect(manifest[key]?.isDynamicEntry, `${key} is a lazily loaded chunk`).toBe(true);
    for (const route of Object.keys(ROUTES) as (keyof typeof ROUTES)[]) {
      expect(routeFiles(manifest, ROUTES[route])).not.toContain(manifest[key]!.file);
    }
  });
});

describe('passkeys (issue 31 item 3)', () => {
  it("the browser's WebAuthn library comes with a passkey action only, in no page's first download", () => {
    for (const key of ['features/auth/passkey-sign-in.ts', 'features/passkeys/components/passkey-dialogs.tsx']) {
      expect(filesWithWebAuthn(outDir, routeFiles(manifest, [key])), key).not.toEqual([]);
    }
    for (const entry of PAGE_PATHS) {
      const files = routeFiles(manifest, [entry.module, ...(entry.alsoModules ?? [])]);
      expect(filesWithWebAuthn(outDir, files), `${entry.pattern} ${entry.variant ?? ''}`).toEqual([]);
    }
    expect(filesWithWebAuthn(outDir, weights.get('sign-in')!.files)).toEqual([]);
  });
});

describe("a task's panel (issue 29)", () => {
  it('the Markdown renderer is in no first download of any page, a task\'s address included', () => {
    const markdown = manifest['features/comments/components/comment-markdown.tsx']!;
    expect(markdown.isDynamicEntry).toBe(true);
    expect(filesWithMarkdown(outDir, [markdown.file])).toEqual([markdown.file]);
    for (const entry of PAGE_PATHS) {
      const files = routeFiles(manifest, [entry.module, ...(entry.alsoModules ?? [])]);
      expect(filesWithMarkdown(outDir, files), `${entry.pattern} ${entry.variant ?? ''}`).toEqual([]);
    }
  });

  it("a task's address names the panel's code with the page's, and downloads no zod through a link", () => {
    const [member, shared] = ['/project/p1/tasks/t1', '/project-access/AbC-123/tasks/t1'].map((url) => PAGE_PATHS.find((entry) => entry.pattern.test(url))!);
    expect([member!.module, ...member!.alsoModules!]).toEqual(['app/pages/project-page.tsx', 'app/pages/task-panel.tsx']);
    expect([shared!.module, ...shared!.alsoModules!]).toEqual(['app/pages/shared-project-page.tsx', 'app/pages/task-panel.tsx']);
    expect(filesWithZod(outDir, routeFiles(manifest, [shared!.module, ...shared!.alsoModules!]))).toEqual([]);
  });
});

describe("each page's own HTML, which the server sends for its path (decision 013)", () => {
  it('index.html asks who is signed in with the HTML, as the app does (same-origin credentials)', () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<link rel="preload" href="\/api\/me" as="fetch" crossorigin\s*\/?>/);
  });

  it.each(PAGE_PATHS.map((entry) => [pageHtmlFile(entry.module, entry.variant), entry] as const))('%s: its HTML names the whole first download of the page', (file, entry) => {
    const { module } = entry;
    const routePages = JSON.parse(readFileSync(path.join(outDir, 'route-pages.json'), 'utf8')) as { pages: RoutePage[] };
    expect(routePages.pages).toContainEqual(routePage(entry));
    const entryFile = Object.values(manifest).find((chunk) => chunk.isEntry)!.file;
    const named = new Set([entryFile, ...indexPreloads(outDir, file)]);
    expect([...named].sort()).toEqual(routeFiles(manifest, [module, ...(entry.alsoModules ?? [])]));
    const html = readFileSync(path.join(outDir, file), 'utf8');
    // The page's chunks come after the entry, which paints first: they ask for a low priority.
    const pageLinks = html.split('\n').filter((line) => line.includes('rel="modulepreload"') && !readFileSync(path.join(outDir, 'index.html'), 'utf8').includes(line.trim()));
    expect(pageLinks.length).toBeGreaterThan(0);
    for (const line of pageLinks) expect(line).toContain('fetchpriority="low"');
    for (const url of entry.fetches ?? []) {
      expect(html).toContain(`<link rel="preload" href="${url.replaceAll('&', '&amp;')}" as="fetch" crossorigin>`);
    }
  });

  it("a share link's HTML names what the budget above counts for it, an intake link's its form too", () => {
    const [intake, shared, ...others] = PAGE_PATHS.filter((entry) => entry.pattern.test('/project-access/AbC-123'));
    expect(others).toEqual([]);
    // The server tries the intake link's entry first (web-pages.ts: the first that holds wins).
    expect(intake!.when).toBe('intake-link');
    expect([intake!.module, ...intake!.alsoModules!]).toEqual(ROUTES['intake-link']);
    expect(shared!.when).toBeUndefined();
    expect([shared!.module]).toEqual(ROUTES['share-link']);
    expect(shared!.signedIn || intake!.signedIn).toBe(false);
  });
});


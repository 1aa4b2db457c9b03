// `npm run bench -- web-weight`: what a first visit costs per route (decision 013).
// - From the build's Vite manifest: the JavaScript each route loads first, raw, gzip and brotli
//   (scripts/web-weight.ts, the same figures scripts/web-budget.test.ts holds to the budgets).
// - In Debian's Chromium against the built server: the JavaScript bytes that really crossed the
//   wire (compressed, as the server sent them) and how many files, until the network is idle,
//   plus LCP and CLS from PerformanceObserver.
// - Lighthouse (mobile preset, its default) performance and accessibility, driving the same
//   Chromium through chrome-launcher (CHROME_PATH), when the lighthouse package is installed.
// The browser measurements run --runs times per route (the table shows the median and the
// range): Lighthouse's simulated phone multiplies the main-thread time it observes by four, so a
// busy machine moves its scores by several points from one run to the next.
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { measureRoutes } from '../web-weight';
import { CHROMIUM, CHROMIUM_FLAGS, demoOwnerCookie } from './demo-owner';

export type WebWeightRow = { route: string; metric: string; unit: string; values: number[] };


type Target = { route: string; url: string; cookie?: string };

/** The session cookie of the demo owner, and a share link of one of the demo projects. */
async function prepareTargets(baseUrl: string): Promise<Target[]> {
  const cookie = await demoOwnerCookie(baseUrl);
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const projects = (await (await fetch(`${baseUrl}/api/projects`, { headers })).json()) as { items: { id: string }[] };
  const projectId = projects.items[0]?.id;
  if (!projectId) throw new Error('The demo organization has no project');
  const link = await fetch(`${baseUrl}/api/projects/${projectId}/access-links`, { method: 'POST', headers, body: JSON.stringify({ name: 'Bench' }) });
  if (link.status !== 201) throw new Error(`Creating a share link answered ${link.status}: ${await link.text()}`);
  const { token } = (await link.json()) as { token: string };
  return [
    { route: 'sign-in', url: `${baseUrl}/` },
    { route: 'share-link', url: `${baseUrl}/project-access/${token}` },
    { route: 'projects', url: `${baseUrl}/`, cookie },
  ];
}

const OBSERVE_VITALS = `
  window.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__vitals.lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__vitals.cls += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
`;

async function measureInChromium(targets: Target[], runs: number): Promise<WebWeightRow[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows: WebWeightRow[] = [];
  try {
    for (const target of targets) {
      const measured = { bytes: [] as number[], files: [] as number[], lcp: [] as number[], cls: [] as number[], encodings: new Set<string>() };
      for (let run = 0; run < runs; run++) {
        const context: BrowserContext = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        if (target.cookie) await context.setExtraHTTPHeaders({ cookie: target.cookie });
        const page = await context.newPage();
        await page.addInitScript(OBSERVE_VITALS);
        const scripts: Promise<{ bytes: number; encoding: string }>[] = [];
        page.on('requestfinished', (request) => {
          if (request.resourceType() !== 'script') return;
          scripts.push(
            Promise.all([request.sizes(), request.response()]).then(async ([sizes, response]) => ({
              bytes: sizes.responseBodySize,
              encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
            })),
          );
        });
        await page.goto(target.url, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        const vitals = (await page.evaluate('window.__vitals')) as { lcp: number; cls: number };
        const loaded = await Promise.all(scripts);
        for (const script of loaded) measured.encodings.add(script.encoding);
        measured.bytes.push(loaded.reduce((sum, s) => sum + s.bytes, 0) / 1000);
        measured.files.push(loaded.length);
        measured.lcp.push(vitals.lcp);
        measured.cls.push(Math.round(vitals.cls * 1000) / 1000);
        await context.close();
      }
      const encodings = [...measured.encodings].join('+');
      rows.push({ route: target.route, metric: `JS transferred in Chromium (${encodings})`, unit: 'KB', values: measured.bytes });
      rows.push({ route: target.route, metric: 'JS files in Chromium', unit: 'files', values: measured.files });
      rows.push({ route: target.route, metric: 'LCP in Chromium (no throttling)', unit: 'ms', values: measured.lcp });
      rows.push({ route: target.route, metric: 'CLS in Chromium', unit: 'score', values: measured.cls });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

type LighthouseModule = typeof import('lighthouse');

async function runLighthouse(targets: Target[], runs: number): Promise<WebWeightRow[]> {
  let lighthouse: LighthouseModule['default'];
  let launch: (typeof import('chrome-launcher'))['launch'];
  try {
    lighthouse = (await import('lighthouse')).default;
    launch = (await import('chrome-launcher')).launch;
  } catch {
    console.log('  (lighthouse is not installed: no Lighthouse scores)');
    return [];
  }
  process.env.CHROME_PATH ??= CHROMIUM;
  const chrome = await launch({ chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const rows: WebWeightRow[] = [];
  try {
    for (const target of targets) {
      const scores = { performance: [] as number[], accessibility: [] as number[], lcp: [] as number[], tbt: [] as number[], cls: [] as number[] };
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(
          target.url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            ...(target.cookie ? { extraHeaders: { cookie: target.cookie } } : {}),
          },
          // No config: Lighthouse's default, the mobile preset (Moto G Power, slow 4G, 4x CPU).
        );
        const categories = result?.lhr.categories;
        const audits = result?.lhr.audits;
        if (!categories || !audits) throw new Error(`Lighthouse gave no result for ${target.url}`);
        const failing = (categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
          .map((ref) => ref.id);
        if (failing.length) console.log(`  ${target.route}: accessibility audits failing: ${failing.join(', ')}`);
        scores.accessibility.push(Math.round((categories.accessibility?.score ?? 0) * 100));
        if (categories.performance?.score == null) {
          // A run Lighthouse could not score (its trace processing failed) is left out, not counted as 0.
          console.log(`  ${target.route}: run ${run + 1} has no performance score (${result.lhr.runtimeError?.message ?? 'see the report'})`);
          continue;
        }
        scores.performance.push(Math.round(categories.performance.score * 100));
        scores.lcp.push(Math.round(audits['largest-contentful-paint']?.numericValue ?? 0));
        scores.tbt.push(Math.round(audits['total-blocking-time']?.numericValue ?? 0));
        scores.cls.push(Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000);
      }
      if (scores.performance.length === 0) throw new Error(`Lighthouse scored no run of ${target.url}`);
      rows.push({ route: target.route, metric: 'Lighthouse performance (mobile)', unit: 'score', values: scores.performance });
      rows.push({ route: target.route, metric: 'Lighthouse accessibility', unit: 'score', values: scores.accessibility });
      rows.push({ route: target.route, metric: 'Lighthouse LCP (simulated mobile)', unit: 'ms', values: scores.lcp });
      rows.push({ route: target.route, metric: 'Lighthouse TBT', unit: 'ms', values: scores.tbt });
      rows.push({ route: target.route, metric: 'Lighthouse CLS', unit: 'score', values: scores.cls });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

/** Every row of the benchmark; `baseUrl` is a running built server with the demo organization. */
export async function measureWebWeight(root: string, baseUrl: string, runs: number): Promise<WebWeightRow[]> {
  const rows: WebWeightRow[] = [];
  for (const weight of measureRoutes(path.join(root, 'dist', 'web'))) {
    rows.push({ route: weight.route, metric: 'initial JS raw (manifest)', unit: 'KB', values: [weight.raw / 1000] });
    rows.push({ route: weight.route, metric: 'initial JS gzip (manifest)', unit: 'KB', values: [weight.gzip / 1000] });
    rows.push({ route: weight.route, metric: 'initial JS brotli (manifest)', unit: 'KB', values: [weight.brotli / 1000] });
    rows.push({ route: weight.route, metric: 'initial JS files (manifest)', unit: 'files', values: [weight.files.length] });
  }
  const targets = await prepareTargets(baseUrl);
  rows.push(...(await measureInChromium(targets, runs)));
  rows.push(...(await runLighthouse(targets, runs)));
  return rows;
}

// `npm run bench -- shared-page`: how long a signed-out client waits for a shared page's content
// (issue 27 item 20: under 500 ms on loopback). In Debian's Chromium against the built server, a
// fresh context per run (no cache, no cookies): from navigation start until the content is in
// the page, watched by a MutationObserver installed before any of the app's code runs.
// - share link: the project's first task title (the page's lists are what the client came for);
// - intake link: the questionnaire ready to be answered (its Submit Answers button).
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, demoOwnerCookie } from './demo-owner';

export type SharedPageRow = { route: string; metric: string; unit: string; values: number[] };


type Target = { route: string; url: string; waitFor: string };

async function prepareTargets(baseUrl: string): Promise<Target[]> {
  const cookie = await demoOwnerCookie(baseUrl);
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const get = async <T>(url: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${url}`, { headers });
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const projects = await get<{ items: { id: string; name: string }[] }>('/api/projects');
  // The demo project with the most tasks on its first page, so the share page has a real list.
  let best: { id: string; firstTask: string; count: number } | undefined;
  for (const project of projects.items) {
    const tasks = await get<{ items: { title: string }[] }>(`/api/projects/${project.id}/tasks`);
    if (tasks.items.length > (best?.count ?? 0)) best = { id: project.id, firstTask: tasks.items[0]!.title, count: tasks.items.length };
  }
  if (!best) throw new Error('No demo project has tasks');
  const templates = await get<{ items: { id: string }[] }>('/api/templates?limit=100');
  const template = templates.items[0];
  if (!template) throw new Error('The demo organization has no template');

  const createLink = async (body: Record<string, unknown>) => {
    const res = await fetch(`${baseUrl}/api/projects/${best.id}/access-links`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`Creating a link answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  };
  const share = await createLink({ name: 'Bench share' });
  const intake = await createLink({ name: 'Bench intake', intake: true, templateId: template.id });
  return [
    { route: 'share link', url: `${baseUrl}/project-access/${share}`, waitFor: best.firstTask },
    { route: 'intake link', url: `${baseUrl}/project-access/${intake}`, waitFor: 'Submit Answers' },
  ];
}

/**
 * Installed before the app: records when `text` first shows in the page (performance.now()). A
 * string, not a function: tsx's transform adds helpers to functions that the page does not have.
 */
function watchFor(text: string): string {
  return `{
    const text = ${JSON.stringify(text)};
    const check = () => {
      if (window.__contentAt === undefined && document.body && document.body.innerText.includes(text)) window.__contentAt = performance.now();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  }`;
}

export async function measureSharedPage(baseUrl: string, runs: number): Promise<SharedPageRow[]> {
  const targets = await prepareTargets(baseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows: SharedPageRow[] = [];
  try {
    for (const target of targets) {
      const content: number[] = [];
      const html: number[] = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript(watchFor(target.waitFor));
        await page.goto(target.url);
        await page
          .waitForFunction(() => (window as unknown as { __contentAt?: number }).__contentAt !== undefined, null, { timeout: 30_000 })
          .catch(async (error: unknown) => {
            const shown = (await page.evaluate(() => document.body.innerText)).slice(0, 600);
            throw new Error(`${target.route}: "${target.waitFor}" never showed (${String(error)}). The page showed:\n${shown}`);
          });
        content.push(Math.round(await page.evaluate(() => (window as unknown as { __contentAt: number }).__contentAt)));
        html.push(Math.round(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd)));
        await context.close();
      }
      rows.push({ route: target.route, metric: 'HTML received (navigation responseEnd)', unit: 'ms', values: html });
      rows.push({ route: target.route, metric: 'content shown (first task / the form)', unit: 'ms', values: content });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

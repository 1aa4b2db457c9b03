// `npm run bench -- timeline`: issue 51's number for a project's timeline: 1,000 scheduled tasks
// draw and scroll in Chromium without a long task over 200 ms. Against the built server, as the
// demo organization's owner: a project of its own with 1,000 tasks (through the API), then per run
// a fresh page opens the Tasks tab, chooses Timeline and waits for the 1,000 bars, recording the
// browser's long tasks (PerformanceObserver 'longtask') while they draw and while the grid
// scrolls down, across and back.
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, demoOwnerCookie } from './demo-owner';

export type TimelineRow = { metric: string; unit: string; values: number[] };

const TASKS = 1_000;

/** A calendar day `days` from today (the server's day; the bench runs on this machine). */
function dayFromToday(days: number): string {
  const day = new Date();
  day.setHours(12, 0, 0, 0);
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

async function projectWithTasks(baseUrl: string, cookie: string): Promise<string> {
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const post = async (url: string, body: object): Promise<{ id: string }> => {
    const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const client = await post('/api/clients', { name: `Timeline bench ${Date.now()}` });
  const project = await post('/api/projects', { name: `Timeline bench ${Date.now()}`, clientId: client.id });
  for (let start = 0; start < TASKS; start += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const n = start + i;
        return post(`/api/projects/${project.id}/tasks`, { title: `Task ${n + 1}`, startDate: dayFromToday(n % 60), dueDate: dayFromToday((n % 60) + 1 + (n % 5)) });
      }),
    );
  }
  return project.id;
}

type Window = { longTasks: number[] };

export async function measureTimeline(baseUrl: string, runs: number): Promise<TimelineRow[]> {
  const cookie = await demoOwnerCookie(baseUrl);
  const projectId = await projectWithTasks(baseUrl, cookie);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const drawMs: number[] = [];
  const longestDrawing: number[] = [];
  const longestScrolling: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), url: baseUrl };
        }),
      );
      const page = await context.newPage();
      await page.addInitScript(`{
        window.longTasks = [];
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => window.longTasks.push(entry.duration))).observe({ type: 'longtask' });
      }`);
      await page.goto(`${baseUrl}/project/${projectId}?tab=tasks`);
      const toggle = page.getByRole('button', { name: 'Timeline', exact: true });
      await toggle.waitFor({ timeout: 30_000 });
      await page.evaluate(() => ((window as unknown as Window).longTasks = []));
      const started = Date.now();
      await toggle.click();
      await page.getByTestId('timeline-bar').nth(TASKS - 1).waitFor({ state: 'attached', timeout: 60_000 });
      drawMs.push(Date.now() - started);
      const bars = await page.getByTestId('timeline-bar').count();
      if (bars !== TASKS) throw new Error(`The timeline drew ${bars} bars, not ${TASKS}`);
      longestDrawing.push(Math.max(0, ...(await page.evaluate(() => (window as unknown as Window).longTasks))));

      await page.evaluate(() => ((window as unknown as Window).longTasks = []));
      const scroller = page.getByTestId('timeline-scroller');
      for (let step = 1; step <= 10; step++) {
        await scroller.evaluate((element, s) => element.scrollTo({ top: s * 2_500, left: s * 150 }), step);
        await page.waitForTimeout(50);
      }
      await page.mouse.move(700, 500);
      await page.mouse.wheel(0, -5_000);
      await page.waitForTimeout(300);
      longestScrolling.push(Math.max(0, ...(await page.evaluate(() => (window as unknown as Window).longTasks))));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return [
    { metric: 'choose Timeline to 1,000 bars drawn', unit: 'ms', values: drawMs },
    { metric: 'longest task while drawing (target <= 200)', unit: 'ms', values: longestDrawing },
    { metric: 'longest task while scrolling (target <= 200)', unit: 'ms', values: longestScrolling },
  ];
}

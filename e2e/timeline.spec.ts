// Issue 51 item 3: a project's tasks on a timeline. Staff open Timeline, drag a bar two days
// later (one PATCH moves both dates), accept "Shift 1 dependent task" and the dependent moves
// ("drag one and its dependent moves"). Issue 51's number (1,000 tasks without a long task over
// 200 ms) is a benchmark, not a timed test: `npm run bench -- timeline`.
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, test, toast } from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;

function dayFromToday(days: number): string {
  const day = new Date();
  day.setHours(12, 0, 0, 0);
  day.setDate(day.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

async function newProject(page: Page, label: string): Promise<string> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const client = await page.request.post('/api/clients', { data: { name: `${label} Client ${suffix}` } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name: `${label} Project ${suffix}`, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  return (await project.json()).id as string;
}

async function addTask(page: Page, projectId: string, data: Record<string, unknown>): Promise<string> {
  const res = await page.request.post(`/api/projects/${projectId}/tasks`, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

async function openTimeline(page: Page, projectId: string, beforeChoosing?: () => Promise<void>) {
  await page.goto(`/project/${projectId}?tab=tasks`);
  await beforeChoosing?.();
  await page.getByRole('button', { name: 'Timeline', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Timeline', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('task-timeline')).toBeVisible();
}

test.describe('Timeline', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('staff drag a bar two days later, the change is saved, and shifting moves its dependent', async ({ page }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const projectId = await newProject(page, 'Timeline');
    const design = await addTask(page, projectId, { title: 'Design the site', startDate: dayFromToday(2), dueDate: dayFromToday(4) });
    const build = await addTask(page, projectId, { title: 'Build the site', startDate: dayFromToday(5), dueDate: dayFromToday(6) });
    await addTask(page, projectId, { title: 'Write the copy' });
    const blocker = await page.request.post(`/api/projects/${projectId}/tasks/${build}/dependencies`, { data: { blockedByTaskId: design } });
    expect(blocker.ok(), await blocker.text()).toBe(true);

    await openTimeline(page, projectId);
    const designBar = page.getByRole('img', { name: /^Design the site:/ });
    const buildBar = page.getByRole('img', { name: /^Build the site:/ });
    await expect(buildBar).toHaveAttribute('aria-label', /blocked by Design the site$/);
    await expect(page.getByTestId('timeline-arrow')).toHaveCount(1);
    await expect(page.getByTestId('timeline-unscheduled').getByText('Write the copy')).toBeVisible();
    await page.screenshot({ path: '/tmp/timeline-1440.png' });

    // Drag Design's bar by its middle two days (32 px a day at week zoom) to the right.
    const box = (await designBar.locator('rect').boundingBox())!;
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().endsWith(`/tasks/${design}`));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 64, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const response = await saved;
    expect(response.ok()).toBe(true);
    expect(response.request().postDataJSON()).toEqual({ startDate: dayFromToday(4), dueDate: dayFromToday(6) });
    await expect(designBar).toHaveAttribute('data-start', dayFromToday(4));

    const shift = page.getByRole('button', { name: 'Shift 1 dependent task' });
    await expect(shift).toBeVisible();
    await page.screenshot({ path: '/tmp/timeline-shift-1440.png' });
    await shift.click();
    await expect(toast(page, '1 task moved.')).toBeVisible();
    const moved = await (await page.request.get(`/api/projects/${projectId}/tasks/${build}`)).json();
    expect(moved.startDate > dayFromToday(6)).toBe(true);
    await expect(buildBar).toHaveAttribute('data-start', moved.startDate);

    // The keyboard: the focused bar moves a day back.
    await designBar.focus();
    const keyed = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/tasks/${design}`));
    await page.keyboard.press('ArrowLeft');
    expect((await keyed).request().postDataJSON()).toEqual({ startDate: dayFromToday(3), dueDate: dayFromToday(5) });
    await expect(designBar).toHaveAttribute('data-start', dayFromToday(3));
    await expect(page.getByRole('status').filter({ hasText: 'Design the site now runs from' })).toHaveCount(1);

    // Its right end, dragged a day later: only the due date changes.
    const edge = (await designBar.locator('rect').boundingBox())!;
    const resized = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/tasks/${design}`));
    await page.mouse.move(edge.x + edge.width - 2, edge.y + edge.height / 2);
    await page.mouse.down();
    await page.mouse.move(edge.x + edge.width - 2 + 34, edge.y + edge.height / 2, { steps: 4 });
    await page.mouse.up();
    expect((await resized).request().postDataJSON()).toEqual({ dueDate: dayFromToday(6) });
    await expect(designBar).toHaveAttribute('data-due', dayFromToday(6));

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('task-timeline')).toBeVisible();
    await expect(toast(page, '1 task moved.')).toBeHidden({ timeout: 20_000 });
    await page.screenshot({ path: '/tmp/timeline-375.png', fullPage: true });
  });
});

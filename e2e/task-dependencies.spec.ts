// Issue 51 item 2: staff mark a task as blocked by another in its panel and see "Blocked" on its
// row; the reverse is refused with the loop's tasks named; moving the blocker's due date offers
// to shift its dependents, and accepting moves the dependent's dates (Monday to Friday).
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, test, toast } from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;

async function projectWithTasks(page: Page, tasks: { title: string; startDate: string; dueDate: string }[]) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const client = await page.request.post('/api/clients', { data: { name: `Plan Client ${suffix}` } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name: `Plan Project ${suffix}`, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = (await project.json()).id as string;
  const ids: string[] = [];
  for (const task of tasks) {
    const res = await page.request.post(`/api/projects/${projectId}/tasks`, { data: task });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).id as string);
  }
  return { projectId, ids };
}

test.describe('Task dependencies', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('staff add a blocker, see Blocked, are refused the loop, and shift the dependent after moving the blocker', async ({ page }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const {
      projectId,
      ids: [design, build],
    } = await projectWithTasks(page, [
      { title: 'Design the site', startDate: '2031-03-03', dueDate: '2031-03-07' },
      { title: 'Build the site', startDate: '2031-03-10', dueDate: '2031-03-11' },
    ]);

    // Build waits on Design.
    await page.goto(`/project/${projectId}/tasks/${build}`);
    const buildPanel = page.getByRole('dialog', { name: 'Build the site' });
    const blockedBy = buildPanel.getByRole('region', { name: 'Blocked by' });
    await expect(blockedBy.getByText('Nothing blocks this task.')).toBeVisible();
    await blockedBy.getByLabel('Add blocker').selectOption({ label: 'Design the site' });
    await blockedBy.getByRole('button', { name: 'Add blocker' }).click();
    await expect(blockedBy.getByRole('listitem').filter({ hasText: 'Design the site' })).toContainText('To Do');
    await expect(blockedBy.getByRole('button', { name: 'Remove blocker "Design the site"' })).toBeVisible();
    await page.screenshot({ path: '/tmp/deps-panel-1440.png' });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(blockedBy.getByRole('button', { name: 'Remove blocker "Design the site"' })).toBeVisible();
    await page.screenshot({ path: '/tmp/deps-panel-375.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Its row says Blocked, in words.
    await page.keyboard.press('Escape');
    await expect(buildPanel).toBeHidden();
    const buildRow = page.getByRole('listitem').filter({ has: page.getByText('Build the site', { exact: true }) });
    await expect(buildRow.getByText('Blocked', { exact: true })).toBeVisible();
    await page.screenshot({ path: '/tmp/deps-list-1440.png' });

    // The reverse would be a loop: refused, with the loop named.
    await page.goto(`/project/${projectId}/tasks/${design}`);
    const designPanel = page.getByRole('dialog', { name: 'Design the site' });
    const designBlockedBy = designPanel.getByRole('region', { name: 'Blocked by' });
    await designBlockedBy.getByLabel('Add blocker').selectOption({ label: 'Build the site' });
    await designBlockedBy.getByRole('button', { name: 'Add blocker' }).click();
    await expect(designBlockedBy.getByRole('alert')).toHaveText('This would make a loop of tasks blocking each other: Design the site → Build the site → Design the site');
    await expect(designBlockedBy.getByText('Nothing blocks this task.')).toBeVisible();
    await page.screenshot({ path: '/tmp/deps-loop-1440.png' });

    // Design now ends on Wednesday the 12th: staff are offered to shift Build, and accept.
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().endsWith(`/tasks/${design}`) && response.ok());
    await designPanel.getByLabel('Due Date').fill('2031-03-12');
    await saved;
    const shift = designPanel.getByRole('button', { name: 'Shift 1 dependent task' });
    await expect(shift).toBeVisible();
    await page.screenshot({ path: '/tmp/deps-shift-1440.png' });
    await shift.click();
    await expect(toast(page, '1 task moved.')).toBeVisible();
    await expect(shift).toBeHidden();
    // Build keeps its two working days, from Thursday the 13th.
    const moved = await (await page.request.get(`/api/projects/${projectId}/tasks/${build}`)).json();
    expect(moved).toMatchObject({ startDate: '2031-03-13', dueDate: '2031-03-14' });
  });
});

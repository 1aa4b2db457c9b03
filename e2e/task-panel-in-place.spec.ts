// Issue 49 item 9: in a task's panel staff change the assignee, priority and due date (issue 51:
// the start date and estimate too) where they
// are shown, as the status, and a reload shows them kept; the Follow button says whether one
// follows; commenting follows the task; a toast leaves the panel's title, Follow and Close
// clickable, on a wide screen and on a phone.
import type { Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, test, toast } from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;
const admin = DEMO_ACCOUNTS.admin;

/** A project of its own with one task, through the API as the signed-in page. */
async function projectWithTask(page: Page, title: string): Promise<{ projectId: string; taskId: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const client = await page.request.post('/api/clients', { data: { name: `In-place Client ${suffix}` } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name: `In-place Project ${suffix}`, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = (await project.json()).id as string;
  const task = await page.request.post(`/api/projects/${projectId}/tasks`, { data: { title } });
  expect(task.status(), await task.text()).toBe(201);
  return { projectId, taskId: (await task.json()).id as string };
}

/** The next PATCH of the task, answered: a change saved. */
function saved(page: Page, taskId: string) {
  return page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().endsWith(`/tasks/${taskId}`) && response.ok());
}

async function choose(page: Page, panel: Locator, label: string, option: string) {
  await panel.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Comments, and checks the toast that says so leaves the panel's header clickable. */
async function commentAndCheckToast(page: Page, panel: Locator, body: string) {
  const box = panel.getByRole('textbox', { name: 'New comment' });
  await box.click();
  await page.keyboard.type(body);
  await page.keyboard.press('Control+Enter');
  const added = toast(page, 'Comment added');
  await expect(added).toBeVisible();
  const header = panel.locator('header');
  const headerBox = (await header.boundingBox())!;
  // Not over the header once in place: wholly under it (or at the bottom of the screen). Polled:
  // sonner slides a top toast in from above the screen (0.4 s), so its first boxes are higher.
  await expect
    .poll(async () => (await added.boundingBox())?.y ?? -1, { message: 'the toast starts under the panel header' })
    .toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  // The title, Follow and Close take a click: nothing lies over them (a trial click checks the hit target).
  await panel.getByRole('heading', { level: 2 }).click({ trial: true, timeout: 2000 });
  await panel.getByRole('button', { name: 'Close' }).click({ trial: true, timeout: 2000 });
  await panel.getByRole('button', { name: /^Follow/ }).click({ trial: true, timeout: 2000 });
}

test.describe('Staff in a task panel', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('change the assignee, priority and due date in place, see them kept after a reload, and follow by commenting', async ({ page }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const { projectId, taskId } = await projectWithTask(page, 'Book the venue');
    await page.goto(`/project/${projectId}/tasks/${taskId}`);
    const panel = page.getByRole('dialog', { name: 'Book the venue' });
    await expect(panel).toBeVisible();

    const assignee = panel.getByRole('combobox', { name: 'Assignee' });
    await expect(assignee).toHaveText('Unassigned');
    let change = saved(page, taskId);
    await choose(page, panel, 'Assignee', admin.fullName);
    await expect(assignee).toHaveText(admin.fullName);
    expect((await change).request().postDataJSON()).toEqual({ assigneeId: expect.any(String) });

    const priority = panel.getByRole('combobox', { name: 'Priority' });
    await expect(priority).toHaveText('Medium');
    change = saved(page, taskId);
    await choose(page, panel, 'Priority', 'High');
    await expect(priority).toHaveText('High');
    expect((await change).request().postDataJSON()).toEqual({ priority: 'high' });

    // A date put in saves by itself once it has settled: no Save button.
    const dueDate = panel.getByLabel('Due Date');
    await expect(dueDate).toHaveValue('');
    change = saved(page, taskId);
    await dueDate.fill('2031-05-17');
    expect((await change).request().postDataJSON()).toEqual({ dueDate: '2031-05-17' });

    // Issue 51: the start and the estimate the same way. A start after the due date is refused, said in a toast.
    const startDate = panel.getByLabel('Start Date');
    await startDate.fill('2031-05-20');
    await startDate.press('Enter');
    await expect(toast(page, 'Start date must be on or before the due date.')).toBeVisible();
    await expect(startDate).toHaveValue('');
    change = saved(page, taskId);
    await startDate.fill('2031-05-12');
    await startDate.press('Enter');
    expect((await change).request().postDataJSON()).toEqual({ startDate: '2031-05-12' });
    const estimate = panel.getByLabel('Estimate');
    change = saved(page, taskId);
    await estimate.fill('6h');
    await estimate.press('Enter');
    expect((await change).request().postDataJSON()).toEqual({ estimateMinutes: 360 });

    // The list under the panel has them too.
    await page.reload();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('combobox', { name: 'Assignee' })).toHaveText(admin.fullName);
    await expect(panel.getByRole('combobox', { name: 'Priority' })).toHaveText('High');
    await expect(panel.getByLabel('Due Date')).toHaveValue('2031-05-17');
    await expect(panel.getByLabel('Start Date')).toHaveValue('2031-05-12');
    await expect(panel.getByLabel('Estimate')).toHaveValue('6:00');
    const stored = await (await page.request.get(`/api/projects/${projectId}/tasks/${taskId}`)).json();
    expect(stored).toMatchObject({ priority: 'high', dueDate: '2031-05-17', startDate: '2031-05-12', estimateMinutes: 360, assigneeName: admin.fullName });

    // The owner created the task and does not follow it yet; commenting follows it.
    const follow = panel.getByRole('button', { name: /^Follow/ });
    await expect(follow).toHaveText('Follow');
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await commentAndCheckToast(page, panel, 'The venue holds the date until Friday.');
    await expect(follow).toHaveText('Following');
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: '/tmp/i49-9-panel-1440.png' });

    // Pressed, it stops following, and says so.
    await follow.click();
    await expect(follow).toHaveText('Follow');
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await (await page.request.get(`/api/projects/${projectId}/tasks/${taskId}/follow`)).json()).following).toBe(false);
  });
});

test.describe('Staff in a task panel on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('change the priority in place; the toast of a comment leaves the title, Follow and Close clickable', async ({ page }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const { projectId, taskId } = await projectWithTask(page, 'Print the flyers');
    await page.goto(`/project/${projectId}/tasks/${taskId}`);
    const panel = page.getByRole('dialog', { name: 'Print the flyers' });
    await expect(panel).toBeVisible();

    const change = saved(page, taskId);
    await choose(page, panel, 'Priority', 'Low');
    await expect(panel.getByRole('combobox', { name: 'Priority' })).toHaveText('Low');
    expect((await change).request().postDataJSON()).toEqual({ priority: 'low' });
    await page.screenshot({ path: '/tmp/i49-9-panel-375-fields.png' });

    await commentAndCheckToast(page, panel, 'Two hundred copies, please.');
    await expect(panel.getByRole('button', { name: /^Follow/ })).toHaveText('Following');
    await page.screenshot({ path: '/tmp/i49-9-panel-375.png' });
  });
});

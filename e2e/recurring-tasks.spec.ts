// Issue 51 item 4: staff set a task to repeat weekly in its panel, the task row says so in words,
// completing it brings the next one, due a week later; on a wide screen and on a phone.
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, test } from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;

/** The first Thursday after today (UTC, as the server counts by default), and the one after it. */
function nextThursdays(): [string, string] {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 4);
  const first = day.toISOString().slice(0, 10);
  day.setUTCDate(day.getUTCDate() + 7);
  return [first, day.toISOString().slice(0, 10)];
}

const shown = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

async function projectWithTask(page: Page, title: string, dueDate: string): Promise<{ projectId: string; taskId: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const client = await page.request.post('/api/clients', { data: { name: `Recurring Client ${suffix}` } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name: `Recurring Project ${suffix}`, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = (await project.json()).id as string;
  const task = await page.request.post(`/api/projects/${projectId}/tasks`, { data: { title, dueDate } });
  expect(task.status(), await task.text()).toBe(201);
  return { projectId, taskId: (await task.json()).id as string };
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`A weekly task at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('is set to repeat in its panel, and completing it brings the next one, a week later', async ({ page }) => {
      await signIn(page, owner.email, DEMO_PASSWORD);
      await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
      const [due, nextDue] = nextThursdays();
      const title = `Weekly report ${viewport.width}`;
      const { projectId, taskId } = await projectWithTask(page, title, due);

      await page.goto(`/project/${projectId}/tasks/${taskId}`);
      const panel = page.getByRole('dialog', { name: title });
      const repeat = panel.getByRole('combobox', { name: 'Repeat' });
      await expect(repeat).toHaveValue('none');
      const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith(`/tasks/${taskId}/recurrence`) && response.ok());
      await repeat.selectOption({ label: 'Weekly on…' });
      expect((await saved).request().postDataJSON()).toEqual({ rule: 'FREQ=WEEKLY;BYDAY=TH' });
      const days = panel.getByRole('group', { name: 'Days of the week' });
      await expect(days.getByRole('button', { name: 'Thursday' })).toHaveAttribute('aria-pressed', 'true');
      await expect(panel.getByText('Repeats weekly on Thu')).toBeVisible();
      await page.screenshot({ path: `/tmp/recur-panel-${viewport.width}.png` });
      await panel.getByRole('button', { name: 'Close' }).click();

      const rows = page.locator('li[id^="task-"]').filter({ hasText: title });
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Repeats weekly on Thu');
      await rows.first().getByRole('checkbox', { name: `Mark "${title}" as Completed` }).check();

      // The next occurrence: a new open task, due a week later, repeating too.
      const next = rows.filter({ hasText: `Due ${shown(nextDue)}` });
      await expect(next).toHaveCount(1);
      await expect(next).toContainText('Repeats weekly on Thu');
      await expect(next.getByRole('checkbox', { name: `Mark "${title}" as Completed` })).not.toBeChecked();
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: `Due ${shown(due)}` }).getByRole('checkbox')).toBeChecked();
      await page.screenshot({ path: `/tmp/recur-list-${viewport.width}.png`, fullPage: true });
    });
  });
}

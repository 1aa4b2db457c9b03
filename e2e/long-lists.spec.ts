// Issue 36: a project's lists never hide rows. With more than 500 notes and tasks (the old
// silent cap), the owner reaches the oldest note and the last task in board order through Load more.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newAccount, signUpThroughApi, test } from './fixtures';

const COUNT = 510;
const padded = (i: number) => String(i).padStart(3, '0');

/**
 * POSTs `count` bodies to `url`: the first alone, then twenty at once, then the last alone, so
 * the first is the oldest row and the last the newest, whatever order a batch lands in.
 */
async function postMany(request: APIRequestContext, url: string, body: (i: number) => object, count: number) {
  const post = async (i: number) => {
    const response = await request.post(url, { data: body(i) });
    expect(response.status(), await response.text()).toBe(201);
  };
  await post(1);
  for (let start = 2; start < count; start += 20) {
    await Promise.all(Array.from({ length: Math.min(20, count - start) }, (_, k) => post(start + k)));
  }
  await post(count);
}

async function loadUntilVisible(page: Page, button: string, target: ReturnType<Page['getByText']>) {
  for (let clicks = 0; clicks < 20 && !(await target.isVisible()); clicks++) {
    const more = page.getByRole('button', { name: button });
    await more.click();
    // The page arrived: the button is idle again, or gone after the last page.
    await expect(page.locator('button[aria-busy="true"]')).toHaveCount(0);
  }
}

test.describe('Agency owner with a long-running project', () => {
  test('reaches the oldest of 510 notes and the last of 510 tasks through Load more', async ({ page }) => {
    // Over a thousand POSTs first; slow on a busy machine.
    test.setTimeout(600_000);
    const owner = newAccount('longlists');
    await signUpThroughApi(page, owner);
    const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
    const project = await page.request.post('/api/projects', { data: { name: 'Busy Rebrand', clientId: (await client.json()).id } });
    expect(project.status(), await project.text()).toBe(201);
    const projectId = (await project.json()).id as string;
    await postMany(page.request, `/api/projects/${projectId}/notes`, (i) => ({ content: `Note ${padded(i)}` }), COUNT);
    await postMany(page.request, `/api/projects/${projectId}/tasks`, (i) => ({ title: `Task ${padded(i)}` }), COUNT);

    // Notes: newest first, a page at a time; the title counts all of them.
    await page.goto(`/project/${projectId}?tab=notes`);
    await expect(page.getByText(`Project Notes (${COUNT})`)).toBeVisible();
    const notes = page.getByRole('listitem', { name: /^Note by / });
    await expect(notes).toHaveCount(50);
    await expect(page.getByText('Note 001', { exact: true })).toHaveCount(0);
    await loadUntilVisible(page, 'Load more notes', page.getByText('Note 001', { exact: true }));
    await expect(page.getByText('Note 001', { exact: true })).toBeVisible();
    await expect(notes).toHaveCount(COUNT);
    await expect(page.getByRole('button', { name: 'Load more notes' })).toHaveCount(0);

    // Tasks: the board's order (To Do by position: a new task goes last), so the newest is last.
    await page.goto(`/project/${projectId}?tab=tasks`);
    const boxes = page.getByRole('checkbox', { name: /^Mark "Task \d+" as Completed$/ });
    await expect(boxes).toHaveCount(50);
    const lastTask = page.getByRole('checkbox', { name: `Mark "Task ${padded(COUNT)}" as Completed` });
    await expect(lastTask).toHaveCount(0);
    await loadUntilVisible(page, 'Load more tasks', page.getByText(`Task ${padded(COUNT)}`, { exact: true }));
    await expect(lastTask).toBeVisible();
    await expect(boxes).toHaveCount(COUNT);
    await expect(page.getByRole('button', { name: 'Load more tasks' })).toHaveCount(0);
  });
});

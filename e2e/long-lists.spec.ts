// Issue 36: lists never hide rows. With more than 500 notes and tasks (the old silent cap), the
// owner reaches the oldest note and the last task in board order through Load more; with more
// than 1,000 clients and 500 team members, the oldest client and member, and the last client by
// name in the Create Project select (which was cut at 1,000).
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newAccount, signUpThroughApi, test, toast } from './fixtures';

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
  for (let clicks = 0; clicks < 40 && !(await target.isVisible()); clicks++) {
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

test.describe('Agency owner with a large book of clients and a large team', () => {
  test('reaches the oldest of 1,050 clients and of 520 members through Load more, and picks the last client by name', async ({ page }) => {
    // About 1,600 POSTs first; slow on a busy machine.
    test.setTimeout(600_000);
    const CLIENTS = 1050;
    const MEMBERS = 520;
    const owner = newAccount('bigbook');
    await signUpThroughApi(page, owner);
    await postMany(page.request, '/api/clients', (i) => ({ name: `Client ${String(i).padStart(4, '0')}` }), CLIENTS);
    await postMany(page.request, '/api/team', (i) => ({ fullName: `Member ${padded(i)}`, role: 'developer' }), MEMBERS);

    // Clients: newest first, 48 a page, the count of all of them; the oldest is the last.
    await page.goto('/?tab=clients');
    const clientCards = page.getByTestId('client-card');
    await expect(clientCards).toHaveCount(48);
    await expect(page.getByText(`Showing 48 of ${CLIENTS} clients`)).toBeVisible();
    const oldestClient = page.getByRole('heading', { name: 'Client 0001', exact: true });
    await expect(oldestClient).toHaveCount(0);
    await loadUntilVisible(page, 'Load more', oldestClient);
    await expect(oldestClient).toBeVisible();
    await expect(clientCards).toHaveCount(CLIENTS);
    await expect(clientCards.last()).toContainText('Client 0001');
    await expect(page.getByText(`Showing ${CLIENTS} of ${CLIENTS} clients`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    // Team: newest first too; the owner, who signed up before adding anyone, is the last card.
    await page.goto('/?tab=team');
    const memberCards = page.getByTestId('team-member-card');
    await expect(memberCards).toHaveCount(48);
    const oldestMember = page.getByRole('heading', { name: 'Member 001', exact: true });
    await expect(oldestMember).toHaveCount(0);
    await loadUntilVisible(page, 'Load more', oldestMember);
    await expect(oldestMember).toBeVisible();
    await expect(memberCards).toHaveCount(MEMBERS + 1);
    await expect(memberCards.last()).toContainText(owner.fullName);
    await expect(page.getByText(`Showing ${MEMBERS + 1} of ${MEMBERS + 1} team members`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    // The Create Project select holds every client: the last by name was past the old cap.
    await page.goto('/?tab=projects');
    await page.getByRole('button', { name: 'Add Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await dialog.getByLabel('Project Name').fill('Late Client Project');
    await dialog.getByRole('combobox', { name: 'Client' }).click();
    await expect(page.getByRole('option')).toHaveCount(CLIENTS);
    await page.getByRole('option', { name: `Client ${CLIENTS}`, exact: true }).click();
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(toast(page, 'Project created successfully!')).toBeVisible();
    await expect(page.getByTestId('project-card').filter({ hasText: 'Late Client Project' })).toContainText(`Client ${CLIENTS}`);
  });
});

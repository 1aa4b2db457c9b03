import type { Browser, Page, WebSocket } from '@playwright/test';
import { clientAddressHeaders, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, signIn, test, toast } from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;
const admin = DEMO_ACCOUNTS.admin;

/** A client and project of the demo organization, made through the API; returns the project id. */
async function projectThroughApi(page: Page, label: string): Promise<string> {
  const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', {
    data: { name: `${label} ${Date.now().toString(36)}`, clientId: (await client.json()).id },
  });
  expect(project.status(), await project.text()).toBe(201);
  return (await project.json()).id as string;
}

/** Another browser on its own client address, with no session. */
async function newContextPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
  return context.newPage();
}

/** Goes to `path` and returns the live socket the page opens there. */
async function openWithLiveSocket(page: Page, path: string, socketPath: RegExp): Promise<WebSocket> {
  const socket = page.waitForEvent('websocket', { predicate: (ws) => socketPath.test(ws.url()) });
  await page.goto(path);
  return socket;
}

/** Set once; still there later means the page was never reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { liveMark: boolean }).liveMark = true));
}
async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
}

test.describe('Staff', () => {
  test("fetches its own new task's list once: the live echo of its own change refetches nothing twice (issue 9 step 5)", async ({ page }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const projectId = await projectThroughApi(page, 'Own Echo');
    const socket = await openWithLiveSocket(page, `/project/${projectId}`, /\/api\/live$/);
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await expect(page.getByText('No tasks yet')).toBeVisible();

    const taskLists: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/projects/${projectId}/tasks`) taskLists.push(request.url());
    });
    await page.getByRole('button', { name: 'Add Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByLabel('Task Title').fill('Print menu boards');
    const echo = socket.waitForEvent('framereceived', { timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(page.getByText('Print menu boards')).toBeVisible();
    // The event names this tab as its origin...
    expect(JSON.parse(String((await echo).payload))).toMatchObject({ projectId, topic: 'project', origin: expect.any(String) });
    // ...so once its batch has run (150 ms), the list is fetched once: by the change's own success.
    await page.waitForTimeout(1000);
    expect(taskLists).toHaveLength(1);
  });

  test("sees a colleague's new task on the open project page without reloading", async ({ page, browser }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const projectId = await projectThroughApi(page, 'Live Tasks');

    const colleague = await newContextPage(browser);
    await signIn(colleague, admin.email, DEMO_PASSWORD);
    await expect(colleague.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const socket = await openWithLiveSocket(colleague, `/project/${projectId}`, /\/api\/live$/);
    await colleague.getByRole('tab', { name: 'Tasks' }).click();
    await expect(colleague.getByText('No tasks yet')).toBeVisible();
    await markPage(colleague);

    await page.goto(`/project/${projectId}`);
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await page.getByRole('button', { name: 'Add Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByLabel('Task Title').fill('Print menu boards');
    const event = socket.waitForEvent('framereceived', { timeout: 10_000 });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog).toBeHidden();

    expect(JSON.parse(String((await event).payload))).toMatchObject({ projectId, topic: 'project' });
    await expect(colleague.getByRole('listitem').filter({ hasText: 'Print menu boards' })).toBeVisible();
    await expectNotReloaded(colleague);
    await colleague.context().close();
  });
});

test.describe('Share-link viewer', () => {
  test('sees a new note on the shared page without reloading', async ({ page, browser }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const projectId = await projectThroughApi(page, 'Live Notes');
    const created = await page.request.post(`/api/projects/${projectId}/access-links`, { data: { name: 'Live review' } });
    expect(created.status(), await created.text()).toBe(201);
    const { token } = (await created.json()) as { token: string };

    const visitor = await newContextPage(browser);
    const socket = await openWithLiveSocket(visitor, `/project-access/${token}`, new RegExp(`/api/project-access/${token}/live$`));
    await expect(visitor.getByText('Files & Resources')).toBeVisible();
    await markPage(visitor);

    await page.goto(`/project/${projectId}`);
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByLabel('New note').fill('Menu photos are ready.');
    const event = socket.waitForEvent('framereceived', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect(toast(page, 'Note added successfully')).toBeVisible();

    expect(JSON.parse(String((await event).payload))).toMatchObject({ projectId, topic: 'project' });
    await expect(visitor.getByText('Menu photos are ready.')).toBeVisible();
    await expectNotReloaded(visitor);
    await visitor.context().close();
  });
});

// Issue 34: one search across the organization, a command palette and keyboard shortcuts, all by
// keyboard. Ctrl+K finds a task of another project by part of its title and Enter opens its
// panel; a developer finds nothing of a project they are not assigned to; `?` lists the
// shortcuts, and the shortcuts do what it says (and nothing while typing in a field).
import type { Browser, Page } from '@playwright/test';
import { clientAddressHeaders, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoSeriousViolations, signIn, test } from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;
const developer = DEMO_ACCOUNTS.developer;

async function signedIn(page: Page, email = owner.email): Promise<void> {
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
}

/** A project with one task, through the API as the signed-in page. */
async function projectWithTask(page: Page, name: string, title: string): Promise<{ projectId: string; taskId: string }> {
  const client = await page.request.post('/api/clients', { data: { name: `${name} Client` } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = (await project.json()).id as string;
  const task = await page.request.post(`/api/projects/${projectId}/tasks`, { data: { title } });
  expect(task.status(), await task.text()).toBe(201);
  return { projectId, taskId: (await task.json()).id as string };
}

async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
  return context.newPage();
}

test.describe('Search', () => {
  test('Ctrl+K finds a task of another project by part of its title, and Enter opens its panel', async ({ page }) => {
    await signedIn(page);
    const suffix = Date.now().toString(36);
    const here = await projectWithTask(page, `Search Here ${suffix}`, `Unrelated work ${suffix}`);
    const there = await projectWithTask(page, `Search There ${suffix}`, `Calibrate the zygomorphic palette ${suffix}`);
    await page.goto(`/project/${here.projectId}`);
    await expect(page.getByRole('heading', { name: `Search Here ${suffix}` })).toBeVisible();

    // Issue 49: typed at once, 60 ms a key, while the palette's code loads on this first opening:
    // every key lands in its box, and none is a page shortcut ('c' would open Create New Project).
    await page.keyboard.press('Control+k');
    await page.keyboard.type(`zygomorph ${suffix}`, { delay: 60 });
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    await expect(palette).toBeVisible();
    const box = palette.getByRole('combobox', { name: 'Search or type a command' });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(`zygomorph ${suffix}`);
    await expect(page.getByRole('dialog', { name: 'Create New Project' })).toHaveCount(0);
    const result = palette.getByRole('option', { name: new RegExp(`Calibrate the zygomorphic palette ${suffix}`) });
    await expect(result).toBeVisible();
    await expect(result).toHaveAttribute('aria-selected', 'true');
    await expect(palette.getByRole('group', { name: 'Tasks' })).toBeVisible();
    // The matching words are marked, as text.
    await expect(result.locator('mark').first()).toHaveText('zygomorph');
    await expect(result).toContainText(`in Search There ${suffix}`);
    await expectNoSeriousViolations(page, 'the command palette with results');

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/project/${there.projectId}/tasks/${there.taskId}`);
    await expect(page.getByRole('dialog', { name: `Calibrate the zygomorphic palette ${suffix}` })).toBeVisible();

    // Opened once, it is a recent item when the query is empty.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(palette.getByRole('group', { name: 'Recent' }).getByRole('option', { name: new RegExp(`Calibrate the zygomorphic palette ${suffix}`) })).toBeVisible();
    // Empty: the recent items and the actions.
    await expect(palette.getByRole('option', { name: 'Create task in this project' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
  });

  test('a developer finds what is on their projects and nothing of a project they are not assigned to', async ({ page, browser }) => {
    await signedIn(page);
    const suffix = Date.now().toString(36);
    const assigned = await projectWithTask(page, `Dev Search Mine ${suffix}`, `Wireframe ${suffix}alpha`);
    await projectWithTask(page, `Dev Search Hidden ${suffix}`, `Secret ${suffix}omega`);
    const team = await page.request.get(`/api/team?search=${encodeURIComponent(developer.email)}`);
    const developerId = ((await team.json()).items as { id: string }[])[0]!.id;
    const assign = await page.request.post(`/api/projects/${assigned.projectId}/developers`, { data: { developerProfileId: developerId } });
    expect(assign.status(), await assign.text()).toBe(201);

    const dev = await newVisitor(browser);
    await signedIn(dev, developer.email);
    // Reachable without the shortcut: the top bar's box.
    await dev.getByRole('button', { name: 'Search and commands' }).focus();
    await dev.keyboard.press('Enter');
    const palette = dev.getByRole('dialog', { name: 'Search and commands' });
    await expect(palette).toBeVisible();
    await dev.keyboard.type(`${suffix}alpha`);
    await expect(palette.getByRole('option', { name: new RegExp(`Wireframe ${suffix}alpha`) })).toBeVisible();

    await palette.getByRole('combobox').fill(`${suffix}omega`);
    await expect(palette.getByText(`No results for "${suffix}omega"`)).toBeVisible();
    await expect(palette.getByRole('option')).toHaveCount(0);
    // The owner finds it.
    const found = await page.request.get(`/api/search?q=${suffix}omega`);
    expect(JSON.stringify(await found.json())).toContain(`Secret ${suffix}omega`);
    await dev.context().close();
  });

  test('? lists the shortcuts, and each does what it says, never while typing in a field', async ({ page }) => {
    await signedIn(page);

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    for (const label of ['Open search and commands', 'Search', 'Go to Projects', 'Go to Clients', 'Go to My Work', 'Go to Team', 'Show these shortcuts']) {
      await expect(sheet.getByText(label, { exact: true })).toBeVisible();
    }
    await expectNoSeriousViolations(page, 'the keyboard shortcuts sheet');
    // A dialog is open: the page's shortcuts stay quiet.
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await expect(page).toHaveURL('/');
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);

    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await expect(page).toHaveURL('/?tab=my-work');
    await expect(page.getByRole('heading', { name: 'My Work', level: 1 })).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page).toHaveURL('/?tab=clients');
    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await expect(page).toHaveURL('/?tab=team');
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await expect(page).toHaveURL('/');
    // The Projects page is shown (its code may still be loading while the Team page's search box is up).
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();

    // Typing in a field types.
    const projectSearch = page.getByRole('searchbox', { name: 'Search projects' });
    await projectSearch.focus();
    await page.keyboard.type('gm c/?');
    await expect(projectSearch).toHaveValue('gm c/?');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await projectSearch.fill('');
    await projectSearch.blur();

    // c creates here: a project on Projects.
    await page.keyboard.press('c');
    await expect(page.getByRole('dialog', { name: 'Create New Project' })).toBeVisible();
    await expect(page).toHaveURL('/');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // / opens the search; the palette's action opens the sheet too (no shortcut needed).
    await page.keyboard.press('/');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('shortcuts');
    await expect(palette.getByRole('option', { name: 'Keyboard shortcuts' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
  });
});

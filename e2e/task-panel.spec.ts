// Issue 29: a task opens in its panel over the project page, from its title or by its address;
// a comment is written there and shows rendered; Escape closes the panel and the keyboard is back
// on the title it left. The open panel passes axe.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { clientAddressHeaders, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, newAccount, signIn, signUpThroughApi, test, toast } from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;

/** A project of its own with one task, through the API as the signed-in page. */
async function projectWithTask(page: Page, title: string): Promise<{ projectId: string; taskId: string }> {
  const suffix = Date.now().toString(36);
  const client = await page.request.post('/api/clients', { data: { name: `Panel Client ${suffix}` } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name: `Panel Project ${suffix}`, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = (await project.json()).id as string;
  const task = await page.request.post(`/api/projects/${projectId}/tasks`, { data: { title, description: 'Two pages, the tone of the last campaign.' } });
  expect(task.status(), await task.text()).toBe(201);
  return { projectId, taskId: (await task.json()).id as string };
}

/** Another browser, on its own client address, with no session. */
async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
  return context.newPage();
}

async function signedIn(page: Page): Promise<void> {
  await signIn(page, owner.email, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
}

test.describe('Task panel', () => {
  test('staff open a task from the list by keyboard, comment, and Escape brings them back to its title', async ({ page }) => {
    await signedIn(page);
    const { projectId, taskId } = await projectWithTask(page, 'Draft the brief');
    await page.goto(`/project/${projectId}?tab=tasks`);

    const title = page.getByRole('link', { name: 'Draft the brief' });
    await title.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/project/${projectId}/tasks/${taskId}`);
    const panel = page.getByRole('dialog', { name: 'Draft the brief' });
    await expect(panel).toBeVisible();
    // The panel takes the focus, on its title.
    await expect(panel.getByRole('heading', { name: 'Draft the brief' })).toBeFocused();
    await expect(panel.getByText('Two pages, the tone of the last campaign.')).toBeVisible();
    await expect(panel.getByRole('combobox', { name: 'Status' })).toHaveText('To Do');
    await expect(panel.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();

    // A comment, sent with Ctrl+Enter, shows with its Markdown rendered.
    const box = panel.getByRole('textbox', { name: 'New comment' });
    await box.click();
    await page.keyboard.type('Looks **good**, see https://example.com/brief');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Comment added')).toBeVisible();
    const comment = panel.getByRole('listitem', { name: `Comment by ${owner.fullName}` });
    await expect(comment).toContainText('Looks good, see https://example.com/brief');
    await expect(comment.locator('strong')).toHaveText('good');
    const link = comment.getByRole('link', { name: 'https://example.com/brief' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(panel.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();

    // Having commented, they follow the task; they may stop, and it stays so.
    const follow = panel.getByRole('button', { name: 'Follow' });
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(async () => (await (await page.request.get(`/api/projects/${projectId}/tasks/${taskId}/follow`)).json()).following).toBe(false);
    await box.focus();

    // Escape closes it: the page it was opened over, and the keyboard on the title.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(`/project/${projectId}?tab=tasks`);
    await expect(title).toBeFocused();
  });

  test('a pasted address opens the task in its panel at once, with its comments; the open panel passes axe', async ({ page }) => {
    await signedIn(page);
    const { projectId, taskId } = await projectWithTask(page, 'Pick the photos');
    const added = await page.request.post(`/api/projects/${projectId}/tasks/${taskId}/comments`, { data: { body: 'The _second_ shoot, please.' } });
    expect(added.status(), await added.text()).toBe(201);
    const commentId = (await added.json()).id as string;

    // The address's HTML names the panel's code with the page's, and not the Markdown renderer.
    const html = await (await page.request.get(`/project/${projectId}/tasks/${taskId}`)).text();
    expect(html).toMatch(/<link rel="modulepreload"[^>]+href="\/assets\/task-panel-[^"]+\.js">/);
    expect(html).not.toContain('comment-markdown');

    await page.goto(`/project/${projectId}/tasks/${taskId}#comment-${commentId}`);
    const panel = page.getByRole('dialog', { name: 'Pick the photos' });
    await expect(panel).toBeVisible();
    // The comment named by the address is in view and has the focus.
    const comment = panel.getByRole('listitem', { name: `Comment by ${owner.fullName}` });
    await expect(comment).toBeFocused();
    await expect(comment.locator('em')).toHaveText('second');
    // Staff see the task's activity.
    await expect(panel.getByRole('heading', { name: 'Activity' })).toBeVisible();
    await expect(panel.getByText('Add Comment')).toBeVisible();

    await page.waitForTimeout(400);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, 'axe on the open task panel').toEqual([]);

    // Closed, the project's Tasks are under it; the keyboard lands on the task's title.
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(`/project/${projectId}?tab=tasks`);
    await expect(page.getByRole('link', { name: 'Pick the photos' })).toBeFocused();
  });
});

test.describe('Mentions', () => {
  test('staff mention the developer by keyboard; the developer opens the mention from the inbox, at the comment', async ({ page, browser }) => {
    test.slow();
    const developer = DEMO_ACCOUNTS.developer;
    await signedIn(page);
    const { projectId, taskId } = await projectWithTask(page, 'Write the menu copy');
    // A new project: the developer is among those who could be assigned (one page: the demo has few).
    const available = await (await page.request.get(`/api/projects/${projectId}/developers/available`)).json();
    const dev = available.items.find((d: { email: string | null }) => d.email === developer.email);
    const assigned = await page.request.post(`/api/projects/${projectId}/developers`, { data: { developerProfileId: dev.profileId } });
    expect(assigned.status(), await assigned.text()).toBe(201);

    await page.goto(`/project/${projectId}/tasks/${taskId}`);
    const panel = page.getByRole('dialog', { name: 'Write the menu copy' });
    const box = panel.getByRole('textbox', { name: 'New comment' });
    await box.click();
    await page.keyboard.type('Over to @leo');
    // The box is the combobox of the names it offers.
    const combobox = panel.getByRole('combobox', { name: 'New comment' });
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('option', { name: new RegExp(developer.fullName) })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('listbox')).toHaveCount(0);
    await expect(box).toHaveValue(`Over to @[${developer.fullName}](${dev.profileId}) `);
    await page.keyboard.type('for the first draft.');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Comment added')).toBeVisible();
    const comment = panel.getByRole('listitem', { name: `Comment by ${owner.fullName}` });
    await expect(comment).toContainText(`Over to @${developer.fullName} for the first draft.`);
    await expect(comment.getByRole('link')).toHaveCount(0);

    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
    const dev2 = await context.newPage();
    // Focus checks need the page in front (document.hasFocus()).
    await dev2.bringToFront();
    await signIn(dev2, developer.email, DEMO_PASSWORD);
    await expect(dev2.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    await dev2.getByRole('button', { name: /^Inbox/ }).click();
    await dev2
      .getByRole('dialog', { name: 'Inbox' })
      .getByRole('button', { name: new RegExp(`${owner.fullName} mentioned you on "Write the menu copy"`) })
      .first()
      .click();
    await expect(dev2).toHaveURL(new RegExp(`/project/${projectId}/tasks/${taskId}#comment-[\\w-]+$`));
    const devPanel = dev2.getByRole('dialog', { name: 'Write the menu copy' });
    await expect(devPanel.getByRole('listitem', { name: `Comment by ${owner.fullName}` })).toBeFocused();
    // A developer sees no activity (staff only) and may change the status, not the other fields.
    await expect(devPanel.getByRole('combobox', { name: 'Status' })).toBeVisible();
    await expect(devPanel.getByRole('button', { name: 'Edit task' })).toHaveCount(0);
    await expect(devPanel.getByRole('heading', { name: 'Activity' })).toHaveCount(0);
    await context.close();
  });
});

test.describe('Task panel through a share link', () => {
  test("a signed-in viewer comments through the link, without the staff's parts; staff see it live; a signed-out visitor reads it", async ({ page, browser }) => {
    test.slow();
    await signedIn(page);
    const { projectId, taskId } = await projectWithTask(page, 'Approve the logo');
    const link = await page.request.post(`/api/projects/${projectId}/access-links`, { data: { name: 'Client review' } });
    expect(link.status(), await link.text()).toBe(201);
    const token = (await link.json()).token as string;
    // Staff keep the task open meanwhile.
    await page.goto(`/project/${projectId}/tasks/${taskId}`);
    const staffPanel = page.getByRole('dialog', { name: 'Approve the logo' });
    await expect(staffPanel.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();

    const viewer = await newVisitor(browser);
    const account = newAccount('panelviewer');
    await signUpThroughApi(viewer, account);
    await viewer.goto(`/project-access/${token}`);
    await expect(viewer.getByText(`Signed in as ${account.fullName}`)).toBeVisible();
    await viewer.getByRole('link', { name: 'Approve the logo' }).click();
    await expect(viewer).toHaveURL(`/project-access/${token}/tasks/${taskId}`);
    const panel = viewer.getByRole('dialog', { name: 'Approve the logo' });
    await expect(panel.getByRole('heading', { name: 'Comments (0)' })).toBeVisible();
    // A contributor ticks the task (spec 4's toggle); no staff fields, no activity, no assignee.
    await expect(panel.getByRole('checkbox', { name: 'Mark "Approve the logo" as Completed' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Edit task' })).toHaveCount(0);
    await expect(panel.getByRole('heading', { name: 'Activity' })).toHaveCount(0);
    await expect(panel.getByText('Assignee')).toHaveCount(0);
    // No one to mention through a link.
    const box = panel.getByRole('textbox', { name: 'New comment' });
    await box.fill('@ol');
    await expect(panel.getByRole('listbox')).toHaveCount(0);
    await box.fill('The second option, please.');
    await panel.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(toast(viewer, 'Comment added')).toBeVisible();
    const comment = panel.getByRole('listitem', { name: `Comment by ${account.fullName}` });
    await expect(comment).toContainText("via link 'Client review'");
    await expect(comment).toContainText('The second option, please.');
    await viewer.keyboard.press('Escape');
    await expect(viewer).toHaveURL(`/project-access/${token}`);
    await expect(viewer.getByRole('link', { name: 'Approve the logo' })).toBeFocused();

    // Staff see it without reloading (the project's live event).
    await expect(staffPanel.getByRole('listitem', { name: `Comment by ${account.fullName}` })).toContainText('The second option, please.');
    await expect(staffPanel.getByRole('heading', { name: 'Comments (1)' })).toBeVisible();

    // A signed-out visitor with the task's address reads the comments, and is told to sign in to write.
    const visitor = await newVisitor(browser);
    await visitor.goto(`/project-access/${token}/tasks/${taskId}`);
    const visitorPanel = visitor.getByRole('dialog', { name: 'Approve the logo' });
    await expect(visitorPanel.getByRole('listitem', { name: `Comment by ${account.fullName}` })).toContainText('The second option, please.');
    await expect(visitorPanel.getByText('Sign in to comment.')).toBeVisible();
    await expect(visitorPanel.getByRole('textbox')).toHaveCount(0);
    await expect(visitorPanel.getByRole('checkbox')).toHaveCount(0);
  });
});

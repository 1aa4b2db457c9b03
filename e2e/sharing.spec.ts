import type { Browser, Locator, Page } from '@playwright/test';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { readFile } from 'node:fs/promises';
import {
  clientAddressHeaders,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  newAccount,
  readEmail,
  signIn,
  signUpThroughApi,
  test,
  toast,
} from './fixtures';

const owner = DEMO_ACCOUNTS.organization_admin;
const developer = DEMO_ACCOUNTS.developer;

/**
 * A project of the demo organization from its questionnaire template, with a task and a note,
 * made through the API as the signed-in staff member.
 */
async function projectThroughApi(page: Page, label: string): Promise<{ id: string; name: string }> {
  const name = `${label} ${Date.now().toString(36)}`;
  const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
  expect(client.status(), await client.text()).toBe(201);
  const templates = await page.request.get('/api/templates?limit=100');
  const template = ((await templates.json()) as { items: { id: string; name: string }[] }).items.find((t) => t.name === 'Brand Identity Intake');
  expect(template, 'the demo template').toBeDefined();
  const dueDate = format(addDays(new Date(), 30), 'yyyy-MM-dd');
  const project = await page.request.post('/api/projects', {
    data: {
      name,
      clientId: (await client.json()).id,
      description: 'Menu boards and a new website',
      dueDate,
      templateId: template!.id,
      formData: { client_name: 'Harbor Coffee', due_date: dueDate, target_audience: 'Commuters who want a quick espresso', deliverables: ['Logo'] },
    },
  });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = (await project.json()).id as string;
  const task = await page.request.post(`/api/projects/${projectId}/tasks`, { data: { title: 'Print menu boards' } });
  expect(task.status(), await task.text()).toBe(201);
  const note = await page.request.post(`/api/projects/${projectId}/notes`, { data: { content: 'Kick-off went well.' } });
  expect(note.status(), await note.text()).toBe(201);
  return { id: projectId, name };
}

/** A share link of the project made through the API; returns its address. */
async function linkThroughApi(page: Page, projectId: string, options: { name: string; password?: string }): Promise<string> {
  const link = await page.request.post(`/api/projects/${projectId}/access-links`, { data: options });
  expect(link.status(), await link.text()).toBe(201);
  return new URL(`/project-access/${(await link.json()).token}`, page.url()).toString();
}

/** Another browser, on its own client address, with no session. */
async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
  return context.newPage();
}

/** Neither box overlaps the other (a toast never over the control that has focus). */
async function expectApart(a: Locator, b: Locator): Promise<void> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  const overlap = x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  expect(overlap, `${JSON.stringify(x)} and ${JSON.stringify(y)} overlap`).toBe(false);
}

function projectCard(page: Page, name: string) {
  return page.getByTestId('project-card').filter({ hasText: name });
}

test.describe('Sharing a project', () => {
  test('staff generate a protected link that expires, copy it and see it listed', async ({ page }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const { name } = await projectThroughApi(page, 'Harbor Menu');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    await page.goto('/?tab=projects');
    await projectCard(page, name).getByRole('button', { name: 'Share Link' }).click();
    const share = page.getByRole('dialog', { name: 'Share Project Access' });
    await expect(share.getByText('No active links yet.')).toBeVisible();
    await share.getByLabel('Link Name').fill('Client review');
    await share.getByLabel('Password').fill('open sesame');
    await share.getByRole('combobox', { name: 'Expires' }).click();
    await page.getByRole('option', { name: '7 days' }).click();
    await share.getByRole('button', { name: 'Generate Link' }).click();
    await expect(toast(page, 'Access token generated successfully!')).toBeVisible();
    const link = share.getByRole('listitem', { name: 'Client review', exact: true });
    await expect(link.getByText('Password protected')).toBeAttached();
    await expect(link.getByText(/^Expires /)).toBeVisible();
    await expect(share.getByLabel('Link Name')).toHaveValue('');
    // The next step is Copy: it has the focus (issue 27).
    await expect(link.getByRole('button', { name: 'Copy' })).toBeFocused();
    const url = await link.getByLabel('Link address').inputValue();
    expect(url).toMatch(/\/project-access\/[\w-]{20,}$/);
    await link.getByRole('button', { name: 'Copy' }).click();
    await expect(toast(page, 'Project access link copied to clipboard')).toContainText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expect(link.getByRole('link', { name: 'Open' })).toHaveAttribute('target', '_blank');
  });

  test.describe('on a phone (375 px)', () => {
    test.use({ viewport: { width: 375, height: 667 } });

    test("Generate Link puts the new link's Copy in view and in focus; toasts go sooner and never cover the focused control (issue 27)", async ({
      page,
    }) => {
      await signIn(page, owner.email, DEMO_PASSWORD);
      await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
      const { id, name } = await projectThroughApi(page, 'Harbor Phone');
      // Links already listed push a new one's place down the dialog.
      for (const linkName of ['First round', 'Second round']) await linkThroughApi(page, id, { name: linkName });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

      await page.goto('/?tab=projects');
      await projectCard(page, name).getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Share Link' }).click();
      const share = page.getByRole('dialog', { name: 'Share Project Access' });
      await share.getByLabel('Link Name').fill('Phone review');
      await share.getByRole('button', { name: 'Generate Link' }).click();
      // Out of the toasts' way: a pointer over them holds them up.
      await page.mouse.move(1, 1);
      const generated = toast(page, 'Access token generated successfully!');
      await expect.poll(() => generated.count(), { intervals: [50], timeout: 15_000 }).toBe(1);
      const shownAt = Date.now();
      const copy = share.getByRole('listitem', { name: 'Phone review', exact: true }).getByRole('button', { name: 'Copy' });
      await expectApart(copy, generated);
      await expect(copy).toBeFocused();
      await expect(copy).toBeInViewport({ ratio: 1 });
      // A success goes after 2.5 s on a phone (it stayed 4 s).
      await expect.poll(() => generated.count(), { intervals: [100], timeout: 10_000 }).toBe(0);
      expect(Date.now() - shownAt, 'ms the success stayed up').toBeLessThan(3_500);

      // A focused control low on the screen: the toast shows at the top instead of over it.
      await copy.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      const box = (await copy.boundingBox())!;
      expect(box.y + box.height, 'Copy sits at the bottom of the screen').toBeGreaterThan(667 - 130);
      await page.keyboard.press('Enter');
      const copied = toast(page, 'Project access link copied to clipboard');
      await expect(copied).toBeVisible();
      await expect(copy).toBeFocused();
      await expectApart(copy, copied);
    });
  });

  test('a signed-out visitor enters the password, reads the project, and stays in after a reload', async ({ page, browser }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const { id, name } = await projectThroughApi(page, 'Harbor Read');
    const url = await linkThroughApi(page, id, { name: 'Client review', password: 'open sesame' });

    const visitor = await newVisitor(browser);
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { name: 'Password Required' })).toBeVisible();
    await visitor.getByLabel('Password').fill('open says me');
    await visitor.getByRole('button', { name: 'Access Project' }).click();
    await expect(toast(visitor, 'Please check your password and try again.')).toContainText('Invalid Password');
    await visitor.getByLabel('Password').fill('open sesame');
    await visitor.getByRole('button', { name: 'Access Project' }).click();
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitor.getByText('Project Questionnaire')).toBeVisible();
    await expect(visitor.getByText('Commuters who want a quick espresso')).toBeVisible();
    await expect(visitor.getByText('Print menu boards')).toBeVisible();
    await expect(visitor.getByText('Files & Resources')).toBeVisible();
    await expect(visitor.getByText('Kick-off went well.')).toBeVisible();
    await expect(visitor.getByText('Sign in to add files, links and notes or to update tasks.')).toBeVisible();
    await expect(visitor.getByRole('checkbox')).toBeDisabled();
    await expect(visitor.getByRole('button', { name: 'Add Note' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Upload File' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Add Link' })).toHaveCount(0);
    // The grant cookie keeps the visitor in.
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('a signed-in user of another organization adds a note, a file and a link and ticks a task; a visitor downloads the file', async ({
    page,
    browser,
  }) => {
    test.slow();
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const { id } = await projectThroughApi(page, 'Harbor Contribute');
    const url = await linkThroughApi(page, id, { name: 'Client review' });

    const member = await newVisitor(browser);
    const account = newAccount('linkviewer');
    await signUpThroughApi(member, account);
    await member.goto(url);
    await expect(member.getByText(`Signed in as ${account.fullName}`)).toBeVisible();
    await member.getByLabel('New note').fill('Menu photos are ready.');
    await member.getByRole('button', { name: 'Add Note' }).click();
    await expect(toast(member, 'Note added successfully')).toBeVisible();
    await expect(member.getByRole('listitem', { name: `Note by ${account.fullName}` })).toContainText('Menu photos are ready.');
    await member.getByRole('checkbox', { name: 'Mark "Print menu boards" as Completed' }).click();
    await expect(toast(member, 'Task marked as Completed.')).toContainText('Task updated');
    await expect(member.getByRole('checkbox', { name: 'Mark "Print menu boards" as To Do' })).toBeChecked();
    await member.getByRole('button', { name: 'Upload File' }).click();
    const upload = member.getByRole('dialog', { name: 'Upload File' });
    await upload.getByLabel('File').setInputFiles({ name: 'menu.txt', mimeType: 'text/plain', buffer: Buffer.from('Espresso 2.50') });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(toast(member, 'File uploaded successfully')).toBeVisible();
    await expect(upload).toBeHidden();
    await member.getByRole('button', { name: 'Add Link' }).click();
    const addLink = member.getByRole('dialog', { name: 'Add Link' });
    await expect(addLink.getByRole('button', { name: 'Add Link' })).toBeDisabled();
    await addLink.getByLabel('Link Title').fill('Moodboard');
    await addLink.getByLabel('Link URL').fill('https://example.com/moodboard');
    await addLink.getByRole('button', { name: 'Add Link' }).click();
    await expect(toast(member, 'Link added successfully')).toBeVisible();

    // A signed-out visitor sees them: a file to download through the link, a link to visit.
    const visitor = await newVisitor(browser);
    await visitor.goto(url);
    await expect(visitor.getByRole('listitem', { name: 'Moodboard' }).getByRole('link', { name: 'Visit' })).toHaveAttribute('href', 'https://example.com/moodboard');
    const fileLink = visitor.getByRole('listitem', { name: 'menu.txt' }).getByRole('link', { name: 'Download' });
    await expect(fileLink).toHaveAttribute('href', /^\/api\/project-access\/[\w-]+\/files\/[\w-]+\/download$/);
    const [download] = await Promise.all([visitor.waitForEvent('download'), fileLink.click()]);
    expect(download.suggestedFilename()).toBe('menu.txt');
    expect(await readFile(await download.path(), 'utf8')).toBe('Espresso 2.50');
  });

  test("staff read the link's access log and revoke it; open pages are denied at once", async ({ page, browser }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const { id, name } = await projectThroughApi(page, 'Harbor Revoke');
    const url = await linkThroughApi(page, id, { name: 'Client review' });

    // Two opens by a signed-out visitor, one by a signed-in member, and a download.
    const visitor = await newVisitor(browser);
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    const member = await newVisitor(browser);
    const account = newAccount('logviewer');
    await signUpThroughApi(member, account);
    await member.goto(url);
    await expect(member.getByText(`Signed in as ${account.fullName}`)).toBeVisible();
    await member.getByRole('button', { name: 'Upload File' }).click();
    const upload = member.getByRole('dialog', { name: 'Upload File' });
    await upload.getByLabel('File').setInputFiles({ name: 'menu.txt', mimeType: 'text/plain', buffer: Buffer.from('Espresso 2.50') });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(toast(member, 'File uploaded successfully')).toBeVisible();
    await visitor.reload();
    const fileLink = visitor.getByRole('listitem', { name: 'menu.txt' }).getByRole('link', { name: 'Download' });
    await Promise.all([visitor.waitForEvent('download'), fileLink.click()]);

    await page.goto('/?tab=projects');
    await projectCard(page, name).getByRole('button', { name: 'Share Link' }).click();
    const share = page.getByRole('dialog', { name: 'Share Project Access' });
    const link = share.getByRole('listitem', { name: 'Client review', exact: true });
    await expect(link.getByText('Opened 4 times', { exact: false })).toBeVisible();
    await link.getByRole('button', { name: 'Show access log' }).click();
    const accessLog = link.getByRole('list', { name: 'Access log' });
    // Three opens and a download by the visitor; the reads right after an open add nothing.
    await expect(accessLog.getByText('Anonymous')).toHaveCount(4);
    await expect(accessLog.getByRole('listitem').filter({ hasText: 'Anonymous' }).filter({ hasText: 'Downloaded menu.txt' })).toHaveCount(1);
    await expect(accessLog.getByText(account.fullName)).toBeVisible();
    await link.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'Access link has been revoked')).toBeVisible();
    await expect(share.getByText('No active links yet.')).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(visitor.getByRole('main').getByText('This project access link is invalid or has expired.')).toBeVisible();
    // The contributor's open page learns of it at once (live updates), without a reload.
    await expect(member.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });

  test('staff hand out a view-only link: a signed-in viewer reads but cannot contribute', async ({ page, browser }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const { name } = await projectThroughApi(page, 'Harbor Board');

    await page.goto('/?tab=projects');
    await projectCard(page, name).getByRole('button', { name: 'Share Link' }).click();
    const share = page.getByRole('dialog', { name: 'Share Project Access' });
    await share.getByLabel('Link Name').fill('Board preview');
    await share.getByLabel('Password').fill('short');
    await share.getByRole('button', { name: 'Generate Link' }).click();
    await expect(share.getByText('Password must be at least 8 characters long')).toBeVisible();
    await share.getByLabel('Password').fill('');
    const contribute = share.getByRole('switch', { name: 'Viewers may contribute' });
    await expect(contribute).toBeChecked();
    await contribute.click();
    await expect(contribute).not.toBeChecked();
    await share.getByRole('button', { name: 'Generate Link' }).click();
    await expect(toast(page, 'Access token generated successfully!')).toBeVisible();
    const link = share.getByRole('listitem', { name: 'Board preview', exact: true });
    await expect(link.getByText('View only')).toBeVisible();
    const url = await link.getByLabel('Link address').inputValue();

    const member = await newVisitor(browser);
    await signUpThroughApi(member, newAccount('boardviewer'));
    await member.goto(url);
    await expect(member.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(member.getByText('This link is view only.')).toBeVisible();
    await expect(member.getByText('Kick-off went well.')).toBeVisible();
    await expect(member.getByText('Sign in to add files, links and notes or to update tasks.')).toHaveCount(0);
    await expect(member.getByRole('checkbox')).toBeDisabled();
    for (const button of ['Add Note', 'Upload File', 'Add Link']) await expect(member.getByRole('button', { name: button })).toHaveCount(0);
  });

  test('staff assign the demo developer, who is emailed and sees the project', async ({ page, browser }) => {
    await signIn(page, owner.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    const { name } = await projectThroughApi(page, 'Harbor Signage');

    await page.goto('/?tab=projects');
    await projectCard(page, name).getByRole('button', { name: 'Assign Dev' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Developer' });
    await expect(dialog.getByText('No developers assigned yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Assign Developer' }).click();
    await expect(dialog.getByText('Please select a developer')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Developer' }).click();
    await page.getByRole('option', { name: new RegExp(developer.fullName) }).click();
    await dialog.getByLabel('Message').fill('Welcome aboard!');
    await dialog.getByRole('button', { name: 'Assign Developer' }).click();
    await expect(toast(page, 'Developer assigned successfully! Share the project link with them.')).toBeVisible();
    await expect(dialog.getByText(`Share this link with ${developer.fullName}:`)).toBeVisible();
    await expect(dialog.getByLabel('Link address')).toHaveValue(/\/project-access\/[\w-]{20,}$/);
    await expect(dialog.getByRole('listitem', { name: developer.fullName })).toBeVisible();

    await readEmail(page.request, developer.email, new RegExp(`assigned to the project "${name}"`));

    const dev = await newVisitor(browser);
    await signIn(dev, developer.email, DEMO_PASSWORD);
    await expect(projectCard(dev, name)).toBeVisible();
    await expect(projectCard(dev, name).getByRole('button', { name: 'Assign Dev' })).toHaveCount(0);
    await expect(projectCard(dev, name).getByRole('button', { name: 'Share Link' })).toHaveCount(0);
  });
});

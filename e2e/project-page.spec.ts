import type { Page } from '@playwright/test';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, newAccount, readEmail, signIn, signUpThroughApi, test, toast } from './fixtures';

/** A client and project made through the API as the signed-in user; returns the project id. */
async function projectThroughApi(page: Page, name: string): Promise<string> {
  const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', {
    data: { name, clientId: (await client.json()).id, description: 'Menu boards and a new website' },
  });
  expect(project.status(), await project.text()).toBe(201);
  return (await project.json()).id;
}

const tomorrow = () => format(addDays(new Date(), 1), 'yyyy-MM-dd');
const yesterday = () => format(addDays(new Date(), -1), 'yyyy-MM-dd');
const today = () => format(new Date(), 'yyyy-MM-dd');

test.describe('Agency owner on the project page', () => {
  let owner: ReturnType<typeof newAccount>;
  let projectId: string;

  test.beforeEach(async ({ page }) => {
    owner = newAccount('pageowner');
    await signUpThroughApi(page, owner);
    projectId = await projectThroughApi(page, 'Harbor Rebrand');
  });

  test('opens the project from its card and goes back to the projects', async ({ page }) => {
    await page.goto('/?tab=projects');
    await page.getByTestId('project-card').filter({ hasText: 'Harbor Rebrand' }).getByRole('link').first().click();
    await expect(page).toHaveURL(`/project/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbor Rebrand' })).toBeVisible();
    await expect(page.getByText('Menu boards and a new website')).toBeVisible();
    await expect(page.getByText('Harbor Coffee').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Project Info', selected: true })).toBeVisible();
    // Breadcrumbs 'Projects › Harbor Coffee › Harbor Rebrand' lead back (issue 14).
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Projects' }).click();
    await expect(page).toHaveURL('/?tab=projects');
  });

  test('edits the project; a due date after today sets the status to active automatically', async ({ page }) => {
    await page.goto(`/project/${projectId}`);
    const form = page.getByRole('form', { name: 'Edit project' });
    await expect(form.getByLabel('Company Overview')).toHaveAttribute('placeholder', 'Brief company overview that developers will see');

    await form.getByLabel('Project Name').fill('   ');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form.getByText('Project name is required')).toBeVisible();

    await form.getByLabel('Project Name').fill('Harbor Rebrand 2027');
    await form.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await form.getByLabel('Due Date').fill(tomorrow());
    await form.getByLabel('Company Overview').fill('Two cafés by the harbour.');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'The status was set to active automatically')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbor Rebrand 2027' })).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Status' })).toHaveText('Active');

    // A date moved before today is refused at the field, before anything is sent (issue 27).
    await form.getByLabel('Due Date').fill(yesterday());
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(form.getByText('Due date cannot be in the past.')).toBeVisible();

    // Due today: the chosen status stays.
    await form.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'On Hold' }).click();
    await form.getByLabel('Due Date').fill(today());
    await expect(form.getByText('Due date cannot be in the past.')).toBeHidden();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Project updated successfully')).toHaveCount(2);
    await expect(page.locator('header').getByText('On Hold')).toBeVisible();

    await page.reload();
    await expect(form.getByLabel('Company Overview')).toHaveValue('Two cafés by the harbour.');
  });

  test('adds a task and completes it, which emails the team; then makes it pending again', async ({ page }) => {
    await page.goto(`/project/${projectId}`);
    await page.getByRole('tab', { name: 'Tasks' }).click();
    await expect(page.getByText('No tasks yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Task' });
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog.getByText('Task title is required')).toBeVisible();
    await dialog.getByLabel('Task Title').fill('Print menu boards');
    await expect(dialog.getByRole('combobox', { name: 'Priority' })).toHaveText('Medium');
    await dialog.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    // A past due date is refused at the field, before anything is sent (issue 27).
    await dialog.getByLabel('Due Date').fill(yesterday());
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog.getByText('Due date cannot be in the past.')).toBeVisible();
    await dialog.getByLabel('Due Date').fill(today());
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog).toBeHidden();

    const task = page.getByRole('listitem').filter({ hasText: 'Print menu boards' });
    // Priorities read as their display words, not as stored (issue 49 item 17).
    await expect(task.getByText('High', { exact: true })).toBeVisible();
    // Statuses read as the board's columns, not as stored values (issue 27).
    await expect(task.getByText('To Do', { exact: true })).toBeVisible();

    await task.getByRole('checkbox').check();
    await expect(toast(page, 'Task marked as Completed.')).toBeVisible();
    await expect(task.getByText('Print menu boards')).toHaveClass(/line-through/);
    await expect(task.getByText(/^Completed /)).toBeVisible();
    const [link] = await readEmail(page.request, owner.email, new RegExp(`https?://\\S+/project/${projectId}`));
    expect(link).toContain(`/project/${projectId}`);

    await task.getByRole('checkbox').uncheck();
    await expect(toast(page, 'Task marked as To Do.')).toBeVisible();
    await expect(task.getByText(/^Completed /)).toBeHidden();
  });

  test('adds, edits and deletes a note, shown as plain text', async ({ page }) => {
    await page.goto(`/project/${projectId}`);
    await page.getByRole('tab', { name: 'Notes' }).click();
    await expect(page.getByText('Project Notes (0)')).toBeVisible();
    await expect(page.getByText('No notes yet')).toBeVisible();
    const addButton = page.getByRole('button', { name: 'Add Note' });
    await page.getByLabel('New note').fill('    ');
    await expect(addButton).toBeDisabled();

    await page.getByLabel('New note').fill('  <b>Bold</b> idea: warmer colours  ');
    await addButton.click();
    await expect(toast(page, 'Note added successfully')).toBeVisible();
    await expect(page.getByText('Project Notes (1)')).toBeVisible();
    const note = page.getByRole('listitem', { name: `Note by ${owner.fullName}` });
    await expect(note.getByText('<b>Bold</b> idea: warmer colours')).toBeVisible();
    await expect(note.getByText('EP', { exact: true })).toBeVisible();
    await expect(note.getByText('Edited')).toBeHidden();

    await note.getByRole('button', { name: 'Edit' }).click();
    await note.getByLabel('Edit note').fill('Warmer colours, serif type');
    await note.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Note updated successfully')).toBeVisible();
    await expect(note.getByText('Warmer colours, serif type')).toBeVisible();
    await expect(note.getByText('Edited')).toBeVisible();

    await note.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Are you sure you want to delete this note? This action cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Note deleted successfully')).toBeVisible();
    await expect(page.getByText('No notes yet')).toBeVisible();
  });

  test('uploads and downloads a file, refuses a renamed program, adds a link and deletes them', async ({ page }) => {
    // The first load fails: the message and Retry show, and Retry loads the list.
    await page.route(
      `**/api/projects/${projectId}/files`,
      (route) => route.fulfill({ status: 400, json: { error: { code: 'bad_request', message: 'Files are unavailable' } } }),
      { times: 1 },
    );
    await page.goto(`/project/${projectId}`);
    await page.getByRole('tab', { name: 'Files & Links' }).click();
    await expect(page.getByText('Error loading files: Files are unavailable')).toBeVisible();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No files uploaded yet')).toBeVisible();

    const brief = Buffer.from('Menu board sizes: 3 x A1\n');
    await page.getByLabel('Choose file').setInputFiles({ name: 'Menu brief.txt', mimeType: 'text/plain', buffer: brief });
    await expect(toast(page, 'File uploaded successfully')).toBeVisible();
    const item = page.getByRole('listitem', { name: 'Menu brief.txt' });
    await expect(item.getByText(/^0 KB/)).toBeVisible();
    const downloading = page.waitForEvent('download');
    await item.getByRole('link', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Menu brief.txt');
    const { readFile } = await import('node:fs/promises');
    expect((await readFile((await download.path())!)).equals(brief)).toBe(true);

    await page
      .getByLabel('Choose file')
      .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]) });
    // One toast, titled as spec 8 says.
    await expect(toast(page, 'The file content does not match its extension.')).toHaveCount(1);
    await expect(toast(page, 'The file content does not match its extension.')).toContainText('Upload failed');
    await expect(page.getByRole('listitem', { name: 'invoice.pdf' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Link' });
    await dialog.getByPlaceholder('e.g., Project Brief').fill('Moodboard');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await expect(dialog.getByText('Please provide both name and URL')).toBeVisible();
    await dialog.getByLabel('URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await expect(dialog.getByText('Only http and https links can be added')).toBeVisible();
    // Typed as people paste addresses, without https://.
    await dialog.getByLabel('URL').fill('example.com/moodboard');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await expect(toast(page, 'Link added successfully')).toBeVisible();
    const link = page.getByRole('listitem', { name: 'Moodboard' }).getByRole('link', { name: 'Open Link' });
    await expect(link).toHaveAttribute('href', 'https://example.com/moodboard');
    await expect(link).toHaveAttribute('target', '_blank');

    // Deleting asks first (issue 14); Cancel keeps the file and gives focus back to its button.
    const deleteFile = page.getByRole('button', { name: 'Delete Menu brief.txt' });
    await deleteFile.click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByRole('heading', { name: 'Delete File' })).toBeVisible();
    await expect(confirm.getByText('Are you sure you want to delete Menu brief.txt? This cannot be undone.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(deleteFile).toBeFocused();
    await expect(page.getByRole('listitem', { name: 'Menu brief.txt' })).toBeVisible();
    await deleteFile.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'File deleted successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Moodboard' }).click();
    await expect(confirm.getByRole('heading', { name: 'Delete Link' })).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No files uploaded yet')).toBeVisible();
  });

  test("shows 'Project not found' for another organization's project", async ({ page, browser }) => {
    const other = await browser.newPage();
    await signUpThroughApi(other, newAccount('otherowner'));
    await other.goto(`/project/${projectId}`);
    await expect(other.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    await other.getByRole('link', { name: 'Back to Projects' }).click();
    await expect(other).toHaveURL('/');
    await other.close();
    await page.goto('/project/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  });
});

test.describe('Developer on the project page', () => {
  test('sees an assigned project read-only, toggles a task and adds a note; unassigned projects are not found', async ({ page, browser }) => {
    await signIn(page, DEMO_ACCOUNTS.developer.email, DEMO_PASSWORD);
    await page.getByTestId('project-card').filter({ hasText: 'Acme Online Store' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Online Store' })).toBeVisible();
    await expect(page.getByText('Outdoor gear retailer; 12 shops, first online store.')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Edit project' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Tasks' }).click();
    const task = page.getByRole('listitem').filter({ hasText: 'Store locator map' });
    await expect(task).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Task' })).toHaveCount(0);
    await task.getByRole('checkbox').check();
    await expect(toast(page, 'Task marked as Completed.')).toBeVisible();
    await readEmail(page.request, DEMO_ACCOUNTS.account_executive.email, /Store locator map/);

    await page.getByRole('tab', { name: 'Notes' }).click();
    const othersNote = page.getByRole('listitem', { name: `Note by ${DEMO_ACCOUNTS.admin.fullName}` });
    await expect(othersNote).toBeVisible();
    await expect(othersNote.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await page.getByLabel('New note').fill('Map pins are ready.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect(page.getByRole('listitem', { name: `Note by ${DEMO_ACCOUNTS.developer.fullName}` }).getByRole('button', { name: 'Edit' })).toBeVisible();

    // An unassigned project of the same organization, looked up as the owner.
    const ownerPage = await browser.newPage();
    const signedIn = await ownerPage.request.post('/api/auth/sign-in', {
      data: { email: DEMO_ACCOUNTS.organization_admin.email, password: DEMO_PASSWORD },
    });
    expect(signedIn.ok()).toBe(true);
    const { items } = await (await ownerPage.request.get('/api/projects?search=spring%20campaign')).json();
    await ownerPage.close();
    await page.goto(`/project/${items[0].id}`);
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  });
});

import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, newAccount, signIn, signUpThroughApi, test, toast } from './fixtures';

async function addClient(page: Page, name: string, extra: { email?: string; website?: string } = {}) {
  await page.goto('/?tab=clients');
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Client' });
  await dialog.getByLabel('Client Name').fill(name);
  if (extra.email) await dialog.getByLabel('Contact Email').fill(extra.email);
  if (extra.website) await dialog.getByLabel('Website').fill(extra.website);
  await dialog.getByRole('button', { name: 'Create Client' }).click();
  await expect(toast(page, 'Client created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function addProject(page: Page, name: string, client: string, description = '') {
  await page.goto('/?tab=projects');
  await page.getByRole('button', { name: 'Add Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Project' });
  await dialog.getByLabel('Project Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Client' }).click();
  await page.getByRole('option', { name: client }).click();
  if (description) await dialog.getByLabel('Description').fill(description);
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await expect(toast(page, 'Project created successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

const card = (page: Page, name: string) => page.getByTestId('project-card').filter({ hasText: name });

test.describe('Agency owner', () => {
  test.beforeEach(async ({ page }) => {
    await signUpThroughApi(page, newAccount('owner'));
  });

  test('adds a client with checked fields, then edits it', async ({ page }) => {
    await page.goto('/?tab=clients');
    await expect(page.getByText('No clients yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Client' });
    await dialog.getByLabel('Client Name').fill('A');
    await dialog.getByLabel('Contact Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(dialog.getByText('Client name must be at least 2 characters.')).toBeVisible();
    await expect(dialog.getByText('Valid email is required')).toBeVisible();
    // Nothing typed is lost: fix the fields and send again.
    await dialog.getByLabel('Client Name').fill('Acme Outdoor');
    await dialog.getByLabel('Contact Email').fill('dana@acme.example');
    await dialog.getByLabel('Website').fill('acme.example');
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(toast(page, 'Client created successfully!')).toBeVisible();

    const clientCard = page.getByTestId('client-card').filter({ hasText: 'Acme Outdoor' });
    await expect(clientCard.getByText('No description provided')).toBeVisible();
    await expect(clientCard.getByRole('link', { name: 'acme.example', exact: true })).toHaveAttribute('href', 'https://acme.example');

    await clientCard.getByRole('button', { name: 'Edit Client' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Client' });
    await edit.getByLabel('Description').fill('Outdoor gear retailer');
    await edit.getByRole('button', { name: 'Update Client' }).click();
    await expect(toast(page, 'Client updated successfully!')).toBeVisible();
    await expect(clientCard.getByText('Outdoor gear retailer')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search clients' }).fill('nothing like this');
    await expect(page.getByText('No clients found matching your search.')).toBeVisible();
  });

  test('creates projects, searches and filters them, changes status and deletes one', async ({ page }) => {
    await addClient(page, 'Bluebird Bakery');
    await page.goto('/?tab=projects');
    await expect(page.getByText('No projects yet')).toBeVisible();

    await addProject(page, 'Brand Refresh', 'Bluebird Bakery', 'New logo and palette');
    await addProject(page, 'Loyalty App', 'Bluebird Bakery');
    await expect(page.getByText('Showing 2 of 2 projects')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search projects' }).fill('palette');
    await expect(page.getByText('Showing 1 of 2 projects')).toBeVisible();
    await expect(card(page, 'Brand Refresh')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search projects' }).fill('');

    // By keyboard and by a click: the pressed button turns disabled and keeps the focus (issue 27),
    // which before fell to the page.
    const complete = card(page, 'Loyalty App').getByRole('button', { name: 'Mark Complete' });
    await complete.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Project marked as completed')).toBeVisible();
    await expect(complete).toBeDisabled();
    await expect(complete).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(card(page, 'Loyalty App').getByRole('button', { name: 'Put On Hold' })).toBeFocused();
    const hold = card(page, 'Brand Refresh').getByRole('button', { name: 'Put On Hold' });
    await hold.click();
    await expect(toast(page, 'Project marked as on hold')).toBeVisible();
    await expect(hold).toBeDisabled();
    await expect(hold).toBeFocused();

    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await expect(page.getByText('Showing 1 of 2 projects')).toBeVisible();
    await expect(card(page, 'Loyalty App')).toBeVisible();
    await expect(card(page, 'Brand Refresh')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'Active' }).click();
    await expect(page.getByText('No projects match your search')).toBeVisible();
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await page.getByRole('option', { name: 'All Status' }).click();

    await card(page, 'Loyalty App').getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Are you sure you want to delete Loyalty App? This action cannot be undone and all related data will be permanently removed.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card(page, 'Loyalty App')).toBeVisible();
    await card(page, 'Loyalty App').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Project deleted successfully')).toBeVisible();
    await expect(card(page, 'Loyalty App')).toHaveCount(0);
    await expect(page.getByText('Showing 1 of 1 projects')).toBeVisible();
  });

  test('creates the first client inside Create Project when there is none (issue 14)', async ({ page }) => {
    await page.goto('/?tab=projects');
    await page.getByRole('button', { name: 'Add Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    await dialog.getByLabel('Project Name').fill('First Launch');
    // No empty picker: the client is named here. A too-short name is refused in place.
    const clientName = dialog.getByRole('textbox', { name: 'Client' });
    await clientName.fill('A');
    await clientName.press('Enter');
    await expect(dialog.getByText('Client name must be at least 2 characters.')).toBeVisible();
    await clientName.fill('Harbor Coffee');
    await expect(dialog.getByText('Client name must be at least 2 characters.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expect(toast(page, 'Client created successfully!')).toBeVisible();
    // The new client is chosen in the picker, and the project is created for it.
    await expect(dialog.getByRole('combobox', { name: 'Client' })).toHaveText('Harbor Coffee');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(toast(page, 'Project created successfully!')).toBeVisible();
    await expect(card(page, 'First Launch')).toContainText('Harbor Coffee');
  });

  test('cannot pick a past due date', async ({ page }) => {
    await addClient(page, 'Helix Health');
    await page.goto('/?tab=projects');
    await page.getByRole('button', { name: 'Add Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    const dueDate = dialog.getByLabel('Due Date');
    const min = await dueDate.getAttribute('min');
    expect(min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A past date typed in is refused at the field, and nothing is sent (issue 27).
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/projects')) posts.push(request.url());
    });
    await dialog.getByLabel('Project Name').fill('Late Launch');
    await dialog.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: 'Helix Health' }).click();
    await dueDate.fill('2020-01-15');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(dialog.getByText('Due date cannot be in the past.')).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(posts).toEqual([]);
  });
});

test.describe('Developer', () => {
  test('sees only assigned projects, as read-only cards', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.developer.email, DEMO_PASSWORD);
    await expect(page.getByTestId('user-name')).toHaveText(DEMO_ACCOUNTS.developer.fullName);
    await page.goto('/?tab=projects');
    await expect(page.getByText('View your assigned projects and manage tasks')).toBeVisible();
    await expect(page.getByText('Showing 2 of 2 projects')).toBeVisible();
    await expect(page.getByTestId('project-card')).toHaveCount(2);
    await expect(card(page, 'Bluebird Brand Refresh')).toBeVisible();
    await expect(card(page, 'Acme Online Store')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Project' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Templates' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(card(page, 'Acme Online Store').getByRole('link', { name: 'View Dashboard' })).toBeVisible();
  });
});

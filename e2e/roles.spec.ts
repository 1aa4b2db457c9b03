import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, sideNav, signIn, test } from './fixtures';

test.describe('Developer', () => {
  test('sees only the Projects and Settings tabs', async ({ page }) => {
    const developer = DEMO_ACCOUNTS.developer;
    await signIn(page, developer.email, DEMO_PASSWORD);
    await expect(page.getByTestId('user-name')).toHaveText(developer.fullName);
    await expect(page.getByTestId('user-role')).toHaveText('Developer');
    await expect(sideNav(page).getByRole('link')).toHaveText(['Projects', 'My Work', 'Timesheet', 'Settings']);

    // A tab the developer may not use says so, with the way back (issue 14; spec 2 left it blank).
    await page.goto('/?tab=clients');
    await expect(page.getByTestId('user-name')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    await expect(page.getByText("You don't have permission to view Clients.")).toBeVisible();
    await page.goto('/?tab=activities');
    await expect(page.getByText("You don't have permission to view activity logs.")).toBeVisible();
    await page.goto('/?tab=nonsense');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Projects' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

    await page.goto('/?tab=settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Organization' })).toHaveCount(0);
  });
});

test.describe('Admin', () => {
  test('sees every tab, and the selected tab survives a reload', async ({ page }) => {
    const admin = DEMO_ACCOUNTS.admin;
    await signIn(page, admin.email, DEMO_PASSWORD);
    await expect(page.getByTestId('user-role')).toHaveText('Admin');
    const nav = sideNav(page);
    await expect(nav.getByRole('link')).toHaveText(['Projects', 'My Work', 'Timesheet', 'Clients', 'Team', 'Reports', 'Activities', 'Settings']);

    await nav.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL('/?tab=reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });
});

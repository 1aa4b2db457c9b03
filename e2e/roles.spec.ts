import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, sideNav, signIn, test } from './fixtures';

test.describe('Developer', () => {
  test('sees only the Projects and Settings tabs', async ({ page }) => {
    const developer = DEMO_ACCOUNTS.developer;
    await signIn(page, developer.email, DEMO_PASSWORD);
    await expect(page.getByTestId('user-name')).toHaveText(developer.fullName);
    await expect(page.getByTestId('user-role')).toHaveText('Developer');
    await expect(sideNav(page).getByRole('link')).toHaveText(['Projects', 'Settings']);

    // A tab the developer may not use renders nothing.
    await page.goto('/?tab=clients');
    await expect(page.getByTestId('user-name')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);

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
    await expect(nav.getByRole('link')).toHaveText(['Projects', 'Clients', 'Team', 'Reports', 'Activities', 'Settings']);

    await nav.getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL('/?tab=reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  });
});

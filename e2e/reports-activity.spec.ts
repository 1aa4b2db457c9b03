import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, sideNav, signIn, test, toast } from './fixtures';

async function reportValue(page: Page, card: string): Promise<number> {
  const value = page.getByRole('group', { name: card }).getByTestId('report-value');
  await expect(value).toHaveText(/^\d[\d,]*$/);
  return Number((await value.textContent())!.replace(/,/g, ''));
}

async function chooseOption(page: Page, select: string, option: string) {
  await page.getByRole('combobox', { name: select }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: select })).toHaveText(option);
}

test.describe('Admin', () => {
  test("sees report cards whose numbers follow the page's one date range", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    await sideNav(page).getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Reports & Analytics' })).toBeVisible();
    // Issue 49 item 15: one range for the page, This month unless the URL says otherwise.
    await expect(page.getByLabel('Date range')).toHaveValue('this-month');

    // The demo's projects were made over the last 40 days: a custom range of the last 90 holds them all.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Date range').selectOption('custom');
    await page.getByLabel('From').fill(day(90));
    await page.getByLabel('To', { exact: true }).fill(day(-1));
    await expect.poll(() => reportValue(page, 'Total Projects')).toBeGreaterThan(0);
    const recent = await reportValue(page, 'Total Projects');
    await expect(page.getByRole('group', { name: 'Total Projects' })).toContainText(/\d+ active, \d+ completed/);
    await expect(page.getByRole('group', { name: 'Total Tasks' })).toContainText(/\d+ completed, \d+ pending/);
    await expect(page.getByRole('group', { name: 'Total Clients' })).toContainText('Added in this date range');
    await expect(page.getByRole('group', { name: 'Overdue Projects' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Project Completion Rate' })).toHaveAttribute('aria-valuenow', /^\d+$/);
    await expect(page.getByRole('progressbar', { name: 'Task Completion Rate' })).toHaveAttribute('aria-valuenow', /^\d+$/);
    // The placeholder is gone (issue 49 item 15).
    await expect(page.getByText('More Reports Coming Soon')).toHaveCount(0);

    // Two years ago nothing was made yet.
    await page.getByLabel('From').fill(day(760));
    await page.getByLabel('To', { exact: true }).fill(day(730));
    await expect.poll(() => reportValue(page, 'Total Projects')).toBe(0);
    await page.getByLabel('From').fill(day(90));
    await page.getByLabel('To', { exact: true }).fill(day(-1));
    await expect.poll(() => reportValue(page, 'Total Projects')).toBe(recent);
  });

  test('creates a client and finds it in the Activity Logs by search and the Create filter', async ({ page }) => {
    const name = `Log Client ${Date.now().toString(36)}`;
    await signIn(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    await expect(sideNav(page)).toBeVisible();
    await page.goto('/?tab=clients');
    await page.getByRole('button', { name: 'Add Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Client' });
    await dialog.getByLabel('Client Name').fill(name);
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expect(toast(page, 'Client created successfully!')).toBeVisible();

    await sideNav(page).getByRole('link', { name: 'Activities' }).click();
    await expect(page.getByRole('heading', { name: 'Activity Logs' })).toBeVisible();
    const entries = page.getByRole('list', { name: 'Activity entries' }).getByRole('listitem');
    await expect(entries.first()).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search activity logs' }).fill('create client');
    await chooseOption(page, 'Filter by action', 'Create');
    const entry = entries.filter({ hasText: new RegExp(`Client name:\\s*${name}`) });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByText('Create Client', { exact: true })).toBeVisible();
    await expect(entry).toContainText(DEMO_ACCOUNTS.admin.fullName);
    await expect(entry).toContainText(DEMO_ACCOUNTS.admin.email);
    await expect(entry).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // Everything listed is a client creation.
    for (const badge of await entries.getByText(/^Create /).allTextContents()) expect(badge).toBe('Create Client');

    // Another category leaves it out.
    await chooseOption(page, 'Filter by action', 'Delete');
    await expect(page.getByText('No activity matches your search or filter.')).toBeVisible();
  });
});

test.describe('Developer', () => {
  test('does not see the Reports and Activities tabs', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.developer.email, DEMO_PASSWORD);
    const nav = sideNav(page);
    await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Activities' })).toHaveCount(0);
    // The tabs say the developer has no access instead of showing them (issue 14).
    for (const [tab, reason] of [
      ['reports', "You don't have permission to view Reports."],
      ['activities', "You don't have permission to view activity logs."],
    ]) {
      await page.goto(`/?tab=${tab}`);
      await expect(page.getByTestId('user-name')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
      await expect(page.getByText(reason!)).toBeVisible();
      await expect(page.getByText('Reports & Analytics')).toHaveCount(0);
    }
    // The server refuses too.
    expect((await page.request.get('/api/reports')).status()).toBe(403);
    const activities = await page.request.get('/api/activities');
    expect(activities.status()).toBe(403);
    expect((await activities.json()).error.message).toBe("You don't have permission to view activity logs.");
  });
});

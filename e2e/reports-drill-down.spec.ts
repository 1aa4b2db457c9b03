// Issue 49 item 15: the Reports page as Harvest's. Time logged on two clients' projects; Reports
// shows the time report first, for the page's one date range; the filters narrow it; a client
// opens its projects, a project its tasks, a task its entries, and the breadcrumb goes back up.
// A reload keeps the range, the filters and the step. At 375 px nothing scrolls sideways. Axe on each.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, newAccount, signUpThroughApi, test } from './fixtures';

/** The 'YYYY-MM-DD' of a day of last month, as the browser (on this machine's zone) reckons it. */
function dayOfLastMonth(day: number): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() - 1, day);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

async function created(page: Page, url: string, data: Record<string, unknown>): Promise<string> {
  const res = await page.request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe('Staff', () => {
  test('filter the time report and drill from a client to its entries, back by the breadcrumb; a reload keeps it all', async ({ page }) => {
    test.setTimeout(90_000);
    const owner = newAccount('drill');
    await signUpThroughApi(page, owner);
    const me = await (await page.request.get('/api/me')).json();
    expect((await page.request.put(`/api/team/${me.profile.id}/rate`, { data: { hourlyRateMinor: 10000 } })).status()).toBe(200);
    const northwind = await created(page, '/api/clients', { name: 'Northwind' });
    const contoso = await created(page, '/api/clients', { name: 'Contoso' });
    const brand = await created(page, '/api/projects', { name: 'Brand Refresh', clientId: northwind });
    const audit = await created(page, '/api/projects', { name: 'Data Audit', clientId: contoso });
    const logo = await created(page, `/api/projects/${brand}/tasks`, { title: 'Logo concepts' });
    await created(page, '/api/time/entries', { projectId: brand, taskId: logo, workDate: dayOfLastMonth(3), duration: '2h', billable: true, note: 'First sketches' });
    await created(page, '/api/time/entries', { projectId: brand, workDate: dayOfLastMonth(4), duration: '30m', billable: false });
    await created(page, '/api/time/entries', { projectId: audit, workDate: dayOfLastMonth(5), duration: '1h', billable: true });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/?tab=reports');
    // Time first, then the overview; one date range for both.
    const time = page.getByRole('region', { name: 'Time by client' });
    await page.getByLabel('Date range').selectOption('last-month');
    await expect(page).toHaveURL(/range=last-month/);
    await expect(time.getByRole('row', { name: /Northwind/ })).toContainText('2:30');
    await expect(time.getByRole('row', { name: /Contoso/ })).toContainText('1:00');
    await expect(page.getByText('More Reports Coming Soon')).toHaveCount(0);
    const headings = await page.getByRole('heading').allTextContents();
    expect(headings.indexOf('Time')).toBeLessThan(headings.indexOf('Overview'));

    // Billable only: Northwind's non-billable half hour leaves its total.
    await page.getByLabel('Billable', { exact: true }).selectOption('billable');
    await expect(page).toHaveURL(/billable=billable/);
    await expect(time.getByRole('row', { name: /Northwind/ })).toContainText('2:00');
    await expect(time.getByRole('row', { name: /Northwind/ })).toContainText('$200.00');
    await expectNoSeriousViolations(page, 'time report by client, filtered');
    await page.screenshot({ path: test.info().outputPath('reports-1440.png'), fullPage: true });

    // Enter on a client opens its projects; a click on a project its tasks.
    await page.getByRole('button', { name: 'Northwind: show its projects' }).focus();
    await page.keyboard.press('Enter');
    const crumbs = page.getByRole('navigation', { name: 'Where you are in the report' });
    await expect(crumbs.getByText('Northwind')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: 'Time by project' }).getByRole('row', { name: /Brand Refresh/ })).toContainText('2:00');
    await expect(page.getByRole('row', { name: /Data Audit/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Brand Refresh: show its tasks' }).click();
    await page.getByRole('button', { name: 'Logo concepts: show its entries' }).click();
    const entries = page.getByRole('region', { name: 'Time entries' });
    const entry = entries.getByTestId('time-entry-row');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(owner.fullName);
    await expect(entry).toContainText('2:00');
    await expect(entry).toContainText('Yes');
    await expect(entry).toContainText('First sketches');
    await expect(entry).toContainText('$200.00');
    await expect(crumbs.getByRole('listitem')).toHaveText(['All clients', 'Northwind', 'Brand Refresh', 'Logo concepts']);
    await expectNoSeriousViolations(page, 'time report entries');
    await page.screenshot({ path: test.info().outputPath('reports-entries-1440.png'), fullPage: true });

    // At 375 px nothing scrolls sideways: the member and the note go under the date. The table's
    // frame is a Tab stop that would scroll with the arrow keys were it ever wider.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    expect(await entries.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expect(entry).toContainText('First sketches');
    await expect(entries).toHaveAttribute('tabindex', '0');
    await page.screenshot({ path: test.info().outputPath('reports-entries-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Back up by the breadcrumb.
    await crumbs.getByRole('button', { name: 'Northwind' }).click();
    await expect(page.getByRole('button', { name: 'Brand Refresh: show its tasks' })).toBeVisible();
    await expect(crumbs.getByRole('listitem')).toHaveText(['All clients', 'Northwind']);

    // A reload keeps the range, the filter and the step.
    await page.reload();
    await expect(page.getByLabel('Date range')).toHaveValue('last-month');
    await expect(page.getByLabel('Billable', { exact: true })).toHaveValue('billable');
    await expect(crumbs.getByText('Northwind')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Brand Refresh: show its tasks' })).toBeVisible();
    await crumbs.getByRole('button', { name: 'All clients' }).click();
    await expect(page.getByRole('button', { name: 'Northwind: show its projects' })).toBeVisible();

    // A client filter narrows the top too; at 375 px the table fits without scrolling.
    await page.getByLabel('Client', { exact: true }).selectOption({ label: 'Contoso' });
    await expect(page.getByRole('button', { name: 'Contoso: show its projects' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Northwind: show its projects' })).toHaveCount(0);
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    const frame = page.getByRole('region', { name: 'Time by client' });
    expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, 'time report at 375 px');
    await page.screenshot({ path: test.info().outputPath('reports-375.png'), fullPage: true });
  });
});

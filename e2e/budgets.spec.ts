import { expect, expectNoSeriousViolations, newAccount, signUpThroughApi, test, toast } from './fixtures';

// Issue 32 items 3-4: a project's budget, time logged against it, the bar on its card, the 80 %
// alert in the inbox, and the time report whose CSV says what the screen says.
test.describe('Account executive and admins', () => {
  test('set a budget, see it fill as time is logged, hear of 80 %, and export the time report', async ({ page }) => {
    test.setTimeout(90_000);
    const owner = newAccount('budget');
    await signUpThroughApi(page, owner);
    const me = await (await page.request.get('/api/me')).json();
    const client = await (await page.request.post('/api/clients', { data: { name: 'Budget Client E2E' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Budget Project E2E', clientId: client.id } })).json();
    // The owner's own rate: 120.00 an hour (the organization admin, whom nobody outranks, sets their own).
    expect((await page.request.put(`/api/team/${me.profile.id}/rate`, { data: { hourlyRateMinor: 12000 } })).status()).toBe(200);

    // A 10-hour budget through the project page's form.
    await page.goto(`/project/${project.id}`);
    const budgetCard = page.getByText('Budget', { exact: true }).first();
    await expect(budgetCard).toBeVisible();
    await expect(page.getByText('No budget set')).toBeVisible();
    await page.getByRole('combobox', { name: 'Budget' }).click();
    await page.getByRole('option', { name: 'Hours', exact: true }).click();
    await page.getByLabel('Budget in hours').fill('10');
    await page.getByRole('button', { name: 'Save budget' }).click();
    await expect(toast(page, 'Budget saved')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Budget' })).toHaveAttribute('aria-valuenow', '0');
    await expectNoSeriousViolations(page, 'project budget card');

    // 8.5 hours logged (the time API): 85 % of the budget.
    const logged = await page.request.post('/api/time/entries', { data: { projectId: project.id, workDate: '2026-01-15', duration: '6h', billable: true } });
    expect(logged.status(), await logged.text()).toBe(201);
    expect((await page.request.post('/api/time/entries', { data: { projectId: project.id, workDate: '2026-01-16', duration: '2:30', billable: false } })).status()).toBe(201);

    // The card's bar moved.
    await page.goto('/');
    const card = page.getByTestId('project-card').filter({ hasText: 'Budget Project E2E' });
    await expect(card.getByRole('progressbar', { name: 'Budget' })).toHaveAttribute('aria-valuenow', '85');
    await expect(card.getByTestId('budget-figure')).toHaveText('8:30 of 10:00 · 85 %');

    // The 80 % alert reached the inbox.
    await page.getByRole('button', { name: /^Inbox/ }).click();
    const inbox = page.getByRole('dialog', { name: 'Inbox' });
    await expect(inbox.getByText('Budget Project E2E has used 80 % of its budget')).toBeVisible();
    await page.keyboard.press('Escape');

    // The burn-down on the project page: a bar a week since the first entry, against the 10-hour
    // line, named by its summary for screen readers (decision 037 addendum).
    await page.goto(`/project/${project.id}`);
    const burnDown = page.getByRole('img', { name: /^Budget used per week/ });
    await expect(burnDown).toBeVisible();
    await expect(burnDown).toHaveAccessibleName(/8:30 of 10:00 used, 85 %\. Reached 80 % in the week of 2026-01-12\.$/);
    await expect(page.getByTestId('burn-down-budget-line')).toBeAttached();
    await expect(page.getByRole('table', { name: 'Budget used per week' }).getByRole('row', { name: /2026-01-12/ })).toContainText('8:30');
    // One duration format (issue 49 item 8): the spent line and the axis write h:mm too.
    await expect(page.getByTestId('budget-spent')).toHaveText('8:30 · $1,020.00');
    await expect(burnDown.getByText('10:00', { exact: true })).toBeAttached();
    await expectNoSeriousViolations(page, 'project budget burn-down');
    await page.getByTestId('burn-down-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('burn-down.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('burn-down-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('burn-down-phone.png') });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The time report by project for January, and its CSV.
    await page.goto('/?tab=reports');
    await page.getByLabel('Date range').selectOption('custom');
    await page.getByLabel('From').fill('2026-01-01');
    await page.getByLabel('To', { exact: true }).fill('2026-01-31');
    await page.getByLabel('Group by').selectOption('project');
    const row = page.getByTestId('time-report-row').filter({ hasText: 'Budget Project E2E' });
    await expect(row).toBeVisible();
    // Issue 49 item 15: hours, billable hours (h:mm, as the timesheet writes them) and billable money.
    const cells = (await row.locator('th, td').allTextContents()).map((c) => c.trim());
    expect(cells).toEqual(['Budget Project E2EBudget Client E2E', '8:30', '6:00', '$720.00']);
    await expect(page.getByRole('img', { name: /Hours per week/ })).toBeVisible();
    await expectNoSeriousViolations(page, 'time report');

    const href = await page.getByRole('link', { name: 'Export CSV' }).last().getAttribute('href');
    const csv = (await (await page.request.get(href!)).text()).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Project,Client,Billable hours,Non-billable hours,Total hours,Billable amount (USD),Non-billable amount (USD),Total amount (USD)');
    // The same figures as the screen, in decimal hours, with the non-billable ones the screen leaves to the CSV.
    expect(lines[1]).toBe('Budget Project E2E,Budget Client E2E,6,2.5,8.5,720.00,300.00,1020.00');
  });
});

// Issue 49 item 8: time with no rate in force is not "$0.00" of money.
test.describe('Organization admin', () => {
  test('reads "No rate set" for time nobody priced, and follows it to the Team tab, where rates are set', async ({ page }) => {
    const owner = newAccount('norate');
    await signUpThroughApi(page, owner);
    const client = await (await page.request.post('/api/clients', { data: { name: 'Unpriced Client E2E' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Unpriced Project E2E', clientId: client.id } })).json();
    const logged = await page.request.post('/api/time/entries', { data: { projectId: project.id, workDate: '2026-01-15', duration: '3h 20m', billable: true } });
    expect(logged.status(), await logged.text()).toBe(201);

    await page.goto(`/project/${project.id}`);
    const spent = page.getByTestId('budget-spent');
    await expect(spent).toHaveText('3:20 · No rate set');
    await expect(spent).not.toContainText('$0.00');
    await expectNoSeriousViolations(page, 'budget card without a rate');
    await spent.getByRole('link', { name: 'No rate set: set rates on the Team tab' }).click();
    await expect(page).toHaveURL(/[?&]tab=team/);
  });
});

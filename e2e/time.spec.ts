// Issue 32: time. A timer started on a task shows in the top bar, survives a reload and a move to
// another project, and is stopped from the top bar (within its first minute, so it asks first and
// is saved anyway, issue 49 item 14), which another tab of the same member follows live. A week
// is filled in the timesheet by keyboard alone; a bad duration stays in its cell with its message.
// A member edits and deletes single entries under the grid, and an admin opens that member's week
// through the Member select. A week that fails to load says so with Retry (issue 49 item 3).
// The week starts on the member's first day (issue 48): the browser here asks for en-US, so
// Sunday; a member whose region is Germany sees Monday first. Every screen passes axe.
import type { Page } from '@playwright/test';
import { clientAddressHeaders, expect, expectNoSeriousViolations, newAccount, signUpThroughApi, test, toast, uniqueEmail } from './fixtures';

/** Two projects of a new agency, the first with a task, through the API as the signed-in page. */
async function twoProjects(page: Page): Promise<{ first: string; second: string; taskId: string }> {
  const client = await page.request.post('/api/clients', { data: { name: 'Timed Client' } });
  expect(client.status(), await client.text()).toBe(201);
  const clientId = (await client.json()).id;
  const make = async (name: string) => {
    const res = await page.request.post('/api/projects', { data: { name, clientId } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).id as string;
  };
  const first = await make('Website Relaunch');
  const second = await make('Spring Campaign');
  const task = await page.request.post(`/api/projects/${first}/tasks`, { data: { title: 'Draft the brief' } });
  expect(task.status(), await task.text()).toBe(201);
  return { first, second, taskId: (await task.json()).id };
}

/** The first day (YYYY-MM-DD) of this week as the page's browser sees it: Sunday (7) or Monday (1). */
async function thisWeekStarts(page: Page, firstDay: 1 | 7): Promise<string> {
  return page.evaluate((first) => {
    const today = new Date();
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ((today.getDay() - (first % 7) + 7) % 7));
    return `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
  }, firstDay);
}

test.describe('Time', () => {
  test('a member starts a timer on a task, reloads, moves to another project and stops it from the top bar; another tab follows', async ({ page, context }) => {
    await signUpThroughApi(page, newAccount('timer'));
    const { first, second, taskId } = await twoProjects(page);
    await page.goto(`/project/${first}/tasks/${taskId}`);
    const panel = page.getByRole('dialog', { name: 'Draft the brief' });

    // A manual entry first: a bare number is hours, so 45 is refused with how to type minutes.
    await panel.getByRole('button', { name: 'Log time' }).click();
    const log = page.getByRole('dialog', { name: 'Log time' });
    await log.getByLabel('Duration').fill('45');
    await log.getByRole('button', { name: 'Save' }).click();
    await expect(log.getByText('45 hours is more than a day. A number alone means hours; type 45m for minutes')).toBeVisible();
    await log.getByLabel('Duration').fill('1.5h');
    await log.getByLabel('Note').fill('Outline');
    await log.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Logged 1:30')).toBeVisible();
    await expect(log).toBeHidden();

    await panel.getByRole('button', { name: 'Start timer' }).click();
    await expect(panel.getByRole('button', { name: 'Start timer' })).toBeDisabled();
    // The panel is modal: the top bar is read once it closes.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    const timer = page.getByRole('group', { name: 'Running timer' });
    await expect(timer).toBeVisible();
    await expect(timer.getByRole('link', { name: 'Website Relaunch · Draft the brief' })).toBeVisible();
    await expect(timer.getByTestId('running-timer-elapsed')).toHaveText(/^0:00:\d\d$/);

    await page.goto(`/project/${first}`);
    await page.reload();
    await expect(timer).toBeVisible();
    await expect(timer.getByTestId('running-timer-elapsed')).toHaveText(/^0:00:\d\d$/);

    // Another tab of the same member shows the same timer.
    const other = await context.newPage();
    await other.goto('/?tab=my-work');
    await expect(other.getByRole('group', { name: 'Running timer' })).toBeVisible();

    await page.goto(`/project/${second}`);
    await expect(page.getByRole('heading', { name: 'Spring Campaign' })).toBeVisible();
    await expect(timer).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('running-timer.png') });
    await expectNoSeriousViolations(page, 'the project page with a running timer');

    // Stopped within its first minute, it asks before logging a billable minute (issue 49 item 14).
    await expect(timer.getByTestId('running-timer-elapsed')).toHaveText(/^0:00:\d\d$/);
    await timer.getByRole('button', { name: 'Stop the timer on Website Relaunch · Draft the brief' }).click();
    const short = page.getByRole('alertdialog', { name: 'Save a timer under a minute?' });
    await expect(short.getByText(/^The timer ran for \d+ seconds?\. Discard it, or save it as 0:01\?$/)).toBeVisible();
    await expect(short.getByRole('button', { name: 'Discard' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the question of a timer under a minute');
    await short.getByRole('button', { name: 'Save anyway' }).click();
    await expect(toast(page, 'Logged 0:01')).toBeVisible();
    await expect(short).toBeHidden();
    await expect(timer).toBeHidden();
    // Stopped here, gone there.
    await expect(other.getByRole('group', { name: 'Running timer' })).toBeHidden();
  });

  test('a member fills a week in the timesheet by keyboard', async ({ page }) => {
    await signUpThroughApi(page, newAccount('timesheet'));
    await twoProjects(page);
    await page.goto('/?tab=timesheet');
    await expect(page.getByRole('heading', { name: 'Timesheet' })).toBeVisible();
    await expect(page.getByText('No time this week yet.')).toBeVisible();

    // A row for the task, then one for the other project itself.
    const addRow = page.getByRole('form', { name: 'Add a row' });
    await addRow.getByRole('combobox', { name: 'Project', exact: true }).selectOption({ label: 'Website Relaunch' });
    await addRow.getByRole('combobox', { name: 'Task', exact: true }).selectOption({ label: 'Draft the brief' });
    await addRow.getByRole('button', { name: 'Add' }).click();
    await addRow.getByRole('combobox', { name: 'Project', exact: true }).selectOption({ label: 'Spring Campaign' });
    await addRow.getByRole('button', { name: 'Add' }).click();

    const cells = page.locator('table input');
    await expect(cells).toHaveCount(14);
    await cells.first().click();
    // An en-US browser's week starts on Sunday: Sunday to Thursday on the task, Tab from day to day.
    for (const typed of ['8', '7.5h', '1:30', '90m', '2h 15m']) {
      await page.keyboard.type(typed);
      await page.keyboard.press('Tab');
    }
    // Down to the project's row on Friday, then back to its Thursday, typing as we go.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('30m');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('45m');
    await page.keyboard.press('Enter');

    await expect(page.getByTestId('week-total')).toHaveText('22:00');
    await expect(page.getByTestId('day-total-0')).toHaveText('8:00');
    await expect(page.getByTestId('day-total-4')).toHaveText('3:00');
    await expect(page.getByTestId('day-total-5')).toHaveText('0:30');
    // Every saved cell shows its time as h:mm, however it was typed.
    await expect(page.locator('input[aria-label^="Website Relaunch · Draft the brief, Thu"]')).toHaveValue('2:15');

    // A bad duration stays in its cell, marked, with its message; fixing it saves it.
    const saturday = cells.nth(6);
    await saturday.focus();
    await page.keyboard.type('soon');
    await page.keyboard.press('Enter');
    await expect(saturday).toHaveAttribute('aria-invalid', 'true');
    await expect(saturday).toHaveValue('soon');
    await expect(page.getByRole('alert').filter({ hasText: 'Type a duration such as 1:30' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('timesheet-error.png') });
    await saturday.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('1h');
    await page.keyboard.press('Enter');
    await expect(saturday).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('week-total')).toHaveText('23:00');

    await page.reload();
    await expect(page.getByTestId('week-total')).toHaveText('23:00');
    // After a reload the rows come in the server's order (by project name).
    await expect(page.locator('input[aria-label^="Website Relaunch · Draft the brief, Mon"]')).toHaveValue('7:30');
    await expect(page.locator('input[aria-label^="Spring Campaign, Thu"]')).toHaveValue('0:45');
    await page.screenshot({ path: test.info().outputPath('timesheet.png'), fullPage: true });
    await expectNoSeriousViolations(page, 'the timesheet');
  });

  test("the week starts on the member's first day: Sunday in the United States, Monday once their region is Germany (issue 48)", async ({ page }) => {
    await signUpThroughApi(page, newAccount('timesheet-first-day'));
    const { first } = await twoProjects(page);
    const sunday = await thisWeekStarts(page, 7);
    const logged = await page.request.post('/api/time/entries', { data: { projectId: first, taskId: null, workDate: sunday, duration: '1h' } });
    expect(logged.status(), await logged.text()).toBe(201);
    const days = page.getByRole('columnheader');
    const cells = page.locator('table input');

    // No region of their own, an en-US browser: the United States' week, Sunday to Saturday.
    await page.goto('/?tab=timesheet');
    await expect(cells).toHaveCount(7);
    await expect(days.nth(1)).toHaveText(/^Sun \d+$/);
    await expect(days.nth(7)).toHaveText(/^Sat \d+$/);
    await expect(cells.first()).toHaveValue('1:00');
    await expect(page.getByTestId('day-total-0')).toHaveText('1:00');
    await page.screenshot({ path: '/tmp/week-us-1440.png' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: '/tmp/week-us-375.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Settings -> Account: Germany. The week starts on Monday; the first column is this week's Monday.
    const region = await page.request.put('/api/settings/region', { data: { region: 'DE' } });
    expect(region.status(), await region.text()).toBe(200);
    await page.reload();
    await expect(days.nth(1)).toHaveText(/^Mon \d+$/);
    await expect(days.nth(7)).toHaveText(/^Sun \d+$/);
    // The arrows and This week keep to Monday weeks.
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(days.nth(1)).toHaveText(/^Mon \d+$/);
    await page.getByRole('button', { name: 'This week' }).click();
    const monday = await thisWeekStarts(page, 1);
    await expect(days.nth(1)).toHaveText(`Mon ${Number(monday.slice(8))}`);
    await cells.first().click();
    await page.keyboard.type('2h');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('day-total-0')).toHaveText('2:00');
    const saved = await page.request.get(`/api/time/entries?from=${monday}&to=${monday}`);
    expect((await saved.json()).items.map((entry: { workDate: string; minutes: number }) => [entry.workDate, entry.minutes])).toEqual([[monday, 120]]);
    await page.screenshot({ path: '/tmp/week-de-1440.png' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: '/tmp/week-de-375.png', fullPage: true });
    await expectNoSeriousViolations(page, 'the timesheet of a member in Germany at 375 px');
  });

  test('a week that fails to load says so with Retry, never an empty week to re-type; Retry shows it once the server is back (issue 49 item 3)', async ({ page }) => {
    await signUpThroughApi(page, newAccount('timesheet-down'));
    const { first } = await twoProjects(page);
    const sunday = await thisWeekStarts(page, 7);
    const logged = await page.request.post('/api/time/entries', { data: { projectId: first, taskId: null, workDate: sunday, duration: '2h' } });
    expect(logged.status(), await logged.text()).toBe(201);

    // The week's request answers 503 every time, past the app's own retries.
    const weekRequest = (url: URL) => url.pathname === '/api/time/timesheet';
    let refused = 0;
    await page.route(weekRequest, (route) => {
      refused += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'service_unavailable', message: 'The database is not reachable.' } }) });
    });
    await page.goto('/?tab=timesheet');
    const failed = page.getByRole('alert').filter({ hasText: 'The timesheet could not be loaded.' });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('The database is not reachable.');
    const retry = failed.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    expect(refused).toBeGreaterThan(1);
    // No grid of 0:00 to type into, no Add row, no entries list that contradicts an empty week.
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByTestId('week-total')).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add a row' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Entries' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('timesheet-load-failed.png') });
    await expectNoSeriousViolations(page, 'the timesheet whose week failed to load');

    // The server is back: Retry reads the week, with its two hours.
    await page.unroute(weekRequest);
    await retry.click();
    await expect(page.getByTestId('week-total')).toHaveText('2:00');
    await expect(failed).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add a row' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Entries' }).getByTestId('time-entry')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath('timesheet-load-retried.png') });
    await expectNoSeriousViolations(page, 'the timesheet after Retry');
  });

  test("a member edits an entry's duration and deletes another; an admin opens that member's week through the Member select", async ({ page, browser }) => {
    test.slow();
    // The owner (an organization admin) sets up a project with a task and a developer on it.
    await signUpThroughApi(page, newAccount('time-entries-owner'));
    const { first, taskId } = await twoProjects(page);
    const developer = { fullName: 'Dana Timekeeper', email: uniqueEmail('time-entries-dev'), password: 'member-pass-123' };
    const added = await page.request.post('/api/team', { data: { ...developer, role: 'developer' } });
    expect(added.status(), await added.text()).toBe(201);
    const developerId = (await added.json()).id as string;
    const assigned = await page.request.post(`/api/projects/${first}/developers`, { data: { developerProfileId: developerId } });
    expect(assigned.status(), await assigned.text()).toBe(201);

    // The developer has two entries on the first day of this week (Sunday, for an en-US browser): 1:30 on the task, 0:45 on the project.
    const context = await browser.newContext({ extraHTTPHeaders: clientAddressHeaders() });
    const member = await context.newPage();
    const signedIn = await member.request.post('/api/auth/sign-in', { data: { email: developer.email, password: developer.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const sunday = await thisWeekStarts(member, 7);
    for (const entry of [
      { projectId: first, taskId, workDate: sunday, duration: '1:30', note: 'Outline' },
      { projectId: first, taskId: null, workDate: sunday, duration: '45m', note: 'Kickoff call' },
    ]) {
      const logged = await member.request.post('/api/time/entries', { data: entry });
      expect(logged.status(), await logged.text()).toBe(201);
    }

    await member.goto('/?tab=timesheet');
    await expect(member.getByTestId('week-total')).toHaveText('2:15');
    const entries = member.getByRole('list', { name: 'Entries' });
    await expect(entries.getByTestId('time-entry')).toHaveCount(2);
    // No Member select for a developer.
    await expect(member.getByRole('combobox', { name: 'Member' })).toHaveCount(0);

    // Edit by keyboard: the task's entry becomes 2h 15m.
    await entries.getByRole('button', { name: /^Edit the entry .*Website Relaunch · Draft the brief, 1:30$/ }).focus();
    await member.keyboard.press('Enter');
    const edit = member.getByRole('dialog', { name: 'Edit time entry' });
    await expect(edit.getByLabel('Duration')).toHaveValue('1:30');
    await expect(edit.getByLabel('Duration')).toBeFocused();
    await member.screenshot({ path: test.info().outputPath('edit-entry.png') });
    // The duration is selected: typing replaces it.
    await member.keyboard.type('2h 15m');
    await member.keyboard.press('Enter');
    await expect(toast(member, 'Entry saved: 2:15')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(member.getByTestId('week-total')).toHaveText('3:00');

    // Delete the project's entry, confirming first.
    await entries.getByRole('button', { name: /^Delete the entry .*Website Relaunch, 0:45$/ }).click();
    const confirm = member.getByRole('alertdialog', { name: 'Delete this time entry?' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousViolations(member, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(member, 'Entry deleted')).toBeVisible();
    await expect(entries.getByTestId('time-entry')).toHaveCount(1);
    await expect(member.getByTestId('week-total')).toHaveText('2:15');
    await member.screenshot({ path: test.info().outputPath('timesheet-entries.png'), fullPage: true });
    await expectNoSeriousViolations(member, 'the timesheet with its entries');
    await context.close();

    // The owner opens the developer's week through the picker: the edited sum, kept in the URL.
    await page.goto('/?tab=timesheet');
    await expect(page.getByTestId('week-total')).toHaveText('0:00');
    const picker = page.getByRole('combobox', { name: 'Member' });
    await expect(picker.getByRole('option', { name: 'Dana Timekeeper' })).toHaveCount(1);
    await picker.selectOption({ label: 'Dana Timekeeper' });
    await expect(page).toHaveURL(new RegExp(`[?&]member=${developerId}`));
    await expect(page.getByTestId('week-total')).toHaveText('2:15');
    await expect(page.getByRole('list', { name: 'Entries' }).getByTestId('time-entry')).toHaveText([/Website Relaunch · Draft the brief.*2:15/]);
    await page.reload();
    await expect(page.getByTestId('week-total')).toHaveText('2:15');
    await expect(picker).toHaveValue(developerId);
    await page.screenshot({ path: test.info().outputPath('timesheet-member.png'), fullPage: true });
    await expectNoSeriousViolations(page, "a member's timesheet opened by an admin");
    // On a phone the entries wrap under their day; Edit and Delete stay in reach.
    await page.setViewportSize({ width: 390, height: 844 });
    const phoneEdit = page.getByRole('button', { name: /^Edit the entry/ });
    await phoneEdit.scrollIntoViewIfNeeded();
    await expect(phoneEdit).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: test.info().outputPath('timesheet-member-phone.png'), fullPage: true });
  });
});

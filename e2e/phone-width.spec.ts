// Issue 49 item 4: at 375 px no screen scrolls sideways: the top bar with a running timer keeps
// Sign Out in reach (who is signed in moves to the menu), a project named with one long word wraps,
// and the timesheet's week controls and its Add row's selects fit. Axe on each.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, newAccount, signUpThroughApi, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

/** How far the page reaches to the right, and the widest element that does it. */
async function widthOf(page: Page): Promise<{ width: number; widest: string | null }> {
  return page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    const over = [...document.querySelectorAll('body *')].find((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.overflow-x-auto'));
    return { width, widest: over ? `${over.tagName}.${String(over.className).slice(0, 80)}` : null };
  });
}

test.describe('On a phone (375 px)', () => {
  test('no screen scrolls sideways, with a timer running and a project named with one long word', async ({ page }, testInfo) => {
    const account = newAccount('phone');
    await signUpThroughApi(page, account);
    const client = await (await page.request.post('/api/clients', { data: { name: 'Phone Width Client' } })).json();
    const name = `Quarterly omnichannel campaign for Supercalifragilisticexpialidociousholdings ${Date.now()}`;
    const project = await (await page.request.post('/api/projects', { data: { name, clientId: client.id } })).json();
    expect((await page.request.post('/api/time/timer', { data: { projectId: project.id } })).status()).toBe(201);

    for (const [path, what] of [
      ['/', 'projects'],
      [`/project/${project.id}`, 'project page'],
      [`/project/${project.id}?tab=tasks`, 'project tasks'],
      ['/?tab=timesheet', 'timesheet'],
      ['/?tab=my-work', 'my work'],
      // Issue 49 item 15: the Reports page's date range, filters and time table fit too.
      ['/?tab=reports', 'reports'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId('running-timer')).toBeVisible();
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      expect(await widthOf(page), what).toEqual({ width: 375, widest: null });
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByTestId('running-timer')).toBeInViewport({ ratio: 1 });
      await expectNoSeriousViolations(page, `${what} at 375 px`);
      await page.screenshot({ path: testInfo.outputPath(`phone-${what.replace(' ', '-')}.png`) });
    }

    // Who is signed in: at the top of the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByTestId('menu-user')).toContainText(account.fullName);
    await page.keyboard.press('Escape');

    // The timesheet's Add row: its project select as wide as the screen allows, not as the longest name.
    await page.goto('/?tab=timesheet');
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: name });
    expect(await widthOf(page), 'timesheet with the long project chosen').toEqual({ width: 375, widest: null });
    await page.request.delete('/api/time/timer');
  });
});

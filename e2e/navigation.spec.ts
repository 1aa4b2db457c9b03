// Issue 14 "First run and navigation": the project page inside the app shell with breadcrumbs,
// its tab strip on a phone, tabs in the URL (reload and Back keep the place), and the project
// card's '…' menu on small screens. Each story runs at 375×812 and at 1440×900.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, newAccount, sideNav, signUpThroughApi, test, toast } from './fixtures';

/** A client and project made through the API as the signed-in user; returns the project id. */
async function projectThroughApi(page: Page, name: string, clientName: string): Promise<string> {
  const client = await page.request.post('/api/clients', { data: { name: clientName } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name, clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  return (await project.json()).id;
}

const card = (page: Page, name: string) => page.getByTestId('project-card').filter({ hasText: name });
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** Every tab of the strip lies inside the viewport, none clipped by the strip. */
async function expectTabsInView(page: Page, width: number): Promise<void> {
  for (const name of ['Project Info', 'Tasks', 'Files & Links', 'Notes']) {
    const box = (await page.getByRole('tab', { name }).boundingBox())!;
    expect(box, name).not.toBeNull();
    expect(box.x, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends inside the viewport`).toBeLessThanOrEqual(width);
  }
  const tablist = page.getByRole('tablist');
  expect(await tablist.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the strip does not scroll its tabs out of sight').toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways page scroll').toBeLessThanOrEqual(width);
}

/** A floating panel stays 8 px or more inside the screen's left and right edges. */
async function expectInsideScreen(page: Page, panel: Locator) {
  await expect(panel).toBeVisible();
  const box = (await panel.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, 'margin on the left').toBeGreaterThanOrEqual(8);
  expect(box.x + box.width, 'margin on the right').toBeLessThanOrEqual(width - 8);
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  const phone = viewport.width < 640;

  test.describe(`Agency owner at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    let projectId: string;

    test.beforeEach(async ({ page }) => {
      await signUpThroughApi(page, newAccount('navigator'));
      projectId = await projectThroughApi(page, 'Harbor Rebrand', 'Harbor Coffee');
    });

    test('finds the project page in the app shell with breadcrumbs; its tab survives reload and Back', async ({ page }) => {
      await page.goto('/?tab=projects');
      await card(page, 'Harbor Rebrand').getByRole('link', { name: 'View Dashboard' }).click();
      await expect(page).toHaveURL(`/project/${projectId}`);

      // One h1, the project's name, which the document title names too.
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1, name: 'Harbor Rebrand' })).toBeVisible();
      await expect(page).toHaveTitle('Harbor Rebrand · Brieflane');

      // Breadcrumbs: Projects › Harbor Coffee › Harbor Rebrand, the last one the current page.
      await expect(breadcrumbs(page).getByRole('listitem')).toHaveText(['Projects', 'Harbor Coffee', 'Harbor Rebrand']);
      await expect(breadcrumbs(page).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/?tab=projects');
      await expect(breadcrumbs(page).getByText('Harbor Rebrand')).toHaveAttribute('aria-current', 'page');
      // Issue 27: the client crumb is a link too, and the card's sharing actions are on the page.
      await expect(breadcrumbs(page).getByRole('link', { name: 'Harbor Coffee' })).toHaveAttribute('href', '/?tab=clients');
      if (!phone) {
        await expect(page.getByRole('button', { name: 'Share Link' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Assign Dev' })).toBeVisible();
      }

      // The shell: sign out, and the side navigation with Projects as the current section.
      await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(sideNav(page).getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'location');
      if (phone) await page.keyboard.press('Escape');

      await expect(page.getByRole('tab', { name: 'Project Info', selected: true })).toBeVisible();
      await expectTabsInView(page, viewport.width);

      // The tab is in the URL: a reload keeps it.
      await page.getByRole('tab', { name: 'Notes' }).click();
      await expect(page).toHaveURL(`/project/${projectId}?tab=notes`);
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Notes', selected: true })).toBeVisible();
      await expect(page.getByText('No notes yet')).toBeVisible();

      // Away through the breadcrumbs, and Back lands on the same tab.
      await breadcrumbs(page).getByRole('link', { name: 'Projects' }).click();
      await expect(page).toHaveURL('/?tab=projects');
      await expect(card(page, 'Harbor Rebrand')).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('tab', { name: 'Notes', selected: true })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Harbor Rebrand' })).toBeVisible();

      // An unknown tab falls back to Project Info.
      await page.goto(`/project/${projectId}?tab=nonsense`);
      await expect(page.getByRole('tab', { name: 'Project Info', selected: true })).toBeVisible();
    });

    test('keeps the Projects/Templates sub-tab in the URL across reload and Back', async ({ page }) => {
      await page.goto('/?tab=projects');
      await page.getByRole('tab', { name: 'Templates' }).click();
      await expect(page).toHaveURL('/?tab=projects&view=templates');
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Templates', selected: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Project Templates' })).toBeVisible();

      await page.goto('/?tab=clients');
      await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('tab', { name: 'Templates', selected: true })).toBeVisible();
      await page.getByRole('tab', { name: 'Projects' }).click();
      await expect(page).toHaveURL('/?tab=projects');
      await expect(card(page, 'Harbor Rebrand')).toBeVisible();
    });

    if (phone) {
      test("reaches Share Link, the status changes and Delete through a card's '…' menu", async ({ page }) => {
        await page.goto('/?tab=projects');
        const harbor = card(page, 'Harbor Rebrand');
        // Only 'View Dashboard' and the menu button show: no wall of six buttons.
        await expect(harbor.getByRole('link', { name: 'View Dashboard' })).toBeVisible();
        for (const name of ['Assign Dev', 'Share Link', 'Mark Complete', 'Put On Hold', 'Delete']) {
          await expect(harbor.getByRole('button', { name })).toHaveCount(0);
        }
        const more = harbor.getByRole('button', { name: 'More actions' });

        await more.click();
        const menu = page.getByRole('menu');
        await expect(menu.getByRole('menuitem')).toHaveText(['Assign Dev', 'Share Link', 'Mark Complete', 'Put On Hold', 'Delete']);
        await expectInsideScreen(page, menu);
        const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
        await menu.getByRole('menuitem', { name: 'Share Link' }).click();
        const share = page.getByRole('dialog', { name: 'Share Project Access' });
        await expect(share).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(share).toBeHidden();
        // Focus goes back to the menu button (WCAG 2.4.3).
        await expect(more).toBeFocused();

        await more.click();
        await page.getByRole('menuitem', { name: 'Put On Hold' }).click();
        await expect(toast(page, 'Project marked as on hold')).toBeVisible();
        await expect(harbor.getByText('Status: On Hold', { exact: true })).toBeVisible();
        // A mouse resting on a toast pauses it (sonner), and on a 375 px screen it may sit over
        // the card the pointer goes to next (CI flaked so): the pointer leaves, the toast goes.
        await page.mouse.move(1, 1);
        await expect(toast(page, 'Project marked as on hold')).toHaveCount(0);
        await more.click();
        // On hold, the card offers Mark Complete only (issue 49 item 17).
        await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Assign Dev', 'Share Link', 'Mark Complete', 'Delete']);
        await page.keyboard.press('Escape');

        await more.click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        const confirm = page.getByRole('alertdialog', { name: 'Delete project' });
        await expect(confirm).toBeVisible();
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await expect(harbor).toBeVisible();

        // The inbox's panel keeps a margin from the screen's edges.
        await page.getByRole('button', { name: /^Inbox/ }).click();
        await expectInsideScreen(page, page.getByRole('dialog', { name: 'Inbox' }));
      });
    } else {
      test('keeps the card buttons on a wide screen, with no menu', async ({ page }) => {
        await page.goto('/?tab=projects');
        const harbor = card(page, 'Harbor Rebrand');
        for (const name of ['Assign Dev', 'Share Link', 'Mark Complete', 'Put On Hold', 'Delete']) {
          await expect(harbor.getByRole('button', { name })).toBeVisible();
        }
        await expect(harbor.getByRole('button', { name: 'More actions' })).toHaveCount(0);
        await harbor.getByRole('button', { name: 'Share Link' }).click();
        await expect(page.getByRole('dialog', { name: 'Share Project Access' })).toBeVisible();
      });
    }
  });
}

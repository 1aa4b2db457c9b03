// Issue 17 in the browser: a first visit downloads only what it shows, and the rest arrives on
// intent (decision 013). Chunk files are named after their first module (`dashboard-page-<hash>.js`).
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, sideNav, signIn, test } from './fixtures';

/** The /assets/*.js files the page has requested so far. */
function scriptsRequested(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/([^/?]+\.js)$/.exec(new URL(request.url()).pathname);
    if (match) files.push(match[1]!);
  });
  return files;
}

const named = (files: string[], name: string) => files.some((file) => file.startsWith(`${name}-`));

test.describe('Visitor on the sign-in page', () => {
  test('downloads no signed-in page, form library or toaster, and fetches the projects page once filling in the form', async ({ page }) => {
    const files = scriptsRequested(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const chunk of ['dashboard-page', 'project-page', 'shared-project-page', 'sign-up-form', 'toaster']) {
      expect(named(files, chunk), `${chunk} in ${files.join(', ')}`).toBe(false);
    }

    // Intent: the form gets the focus, so the projects page and the form's rules come meanwhile.
    await page.getByLabel('Email').focus();
    await expect.poll(() => named(files, 'dashboard-page')).toBe(true);
    // Hovering "Sign up" fetches the sign-up form before the click.
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).hover();
    await expect.poll(() => named(files, 'sign-up-form')).toBe(true);
  });
});

test.describe('Agency owner on the projects page', () => {
  test('downloads another tab when its menu link is hovered, and the create dialog when its button is', async ({ page }) => {
    const files = scriptsRequested(page);
    await signIn(page, DEMO_ACCOUNTS.organization_admin.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(named(files, 'clients-tab'), files.join(', ')).toBe(false);
    expect(named(files, 'create-project-dialog'), files.join(', ')).toBe(false);

    await sideNav(page).getByRole('link', { name: 'Clients' }).hover();
    await expect.poll(() => named(files, 'clients-tab')).toBe(true);
    await sideNav(page).getByRole('link', { name: 'Clients' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

    await sideNav(page).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('button', { name: 'Add Project' }).hover();
    await expect.poll(() => named(files, 'create-project-dialog')).toBe(true);
  });
});

test.describe('Agency owner coming back', () => {
  test("gets the projects page's code while the session is still being checked", async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.organization_admin.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();

    // A new visit in the same browser: /api/me is held until the page's chunk has been asked for,
    // which happens only if the app fetches it beside the session check, not after.
    const files = scriptsRequested(page);
    let release!: () => void;
    const chunkAsked = new Promise<void>((resolve) => (release = resolve));
    page.on('request', (request) => {
      if (/\/assets\/dashboard-page-[^/]+\.js$/.test(request.url())) release();
    });
    await page.route('**/api/me', async (route) => {
      await Promise.race([chunkAsked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      await route.continue();
    });
    const started = Date.now();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    expect(named(files, 'dashboard-page')).toBe(true);
    expect(Date.now() - started, 'the session check waited for its 5 s timeout').toBeLessThan(4_500);
  });
});

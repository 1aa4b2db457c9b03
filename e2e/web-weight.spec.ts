// Issue 17 in the browser: a first visit downloads only what it shows, and the rest arrives on
// intent (decision 013). Chunk files are named after their first module (`dashboard-page-<hash>.js`).
import type { Page } from '@playwright/test';
import { clientAddressHeaders, DEMO_ACCOUNTS, DEMO_PASSWORD, expect, sideNav, signIn, test } from './fixtures';
import { SHARED_PAGE_TEXTS } from '../src/web/app/pages/page-paths';

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

/** How many times the page has asked /api/me so far. */
function sessionChecks(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/me') count += 1;
  });
  return () => count;
}

/**
 * The /assets and /api paths the page's HTML itself asked for (its <script> and <link>s), as
 * Chromium's DevTools protocol tells them from what scripts ask for. Call before the navigation.
 */
async function requestedByHtml(page: Page): Promise<() => string[]> {
  const paths: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.initiator.type === 'parser') paths.push(new URL(event.request.url).pathname);
  });
  await cdp.send('Network.enable');
  return () => paths;
}

const hasChunk = (paths: string[], name: string) => paths.some((p) => new RegExp(`^/assets/${name}-[^/]+\\.js$`).test(p));

test.describe('Visitor on the sign-in page', () => {
  test('downloads no signed-in page, form library or toaster, and fetches the projects page once filling in the form', async ({ page }) => {
    const files = scriptsRequested(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    for (const chunk of ['dashboard-page', 'project-page', 'shared-project-page', 'sign-up-form', 'toaster', 'passkey-sign-in']) {
      expect(named(files, chunk), `${chunk} in ${files.join(', ')}`).toBe(false);
    }

    // Intent: the form gets the focus, so the projects page and the form's rules come meanwhile.
    await page.getByLabel('Email').focus();
    await expect.poll(() => named(files, 'dashboard-page')).toBe(true);
    // Hovering "Sign up" fetches the sign-up form before the click.
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).hover();
    await expect.poll(() => named(files, 'sign-up-form')).toBe(true);
    // Issue 31 item 3: the passkey sign-in's code (with the browser's WebAuthn library) on its button's hover.
    await page.getByRole('button', { name: 'Sign In with a Passkey' }).hover();
    await expect.poll(() => named(files, 'passkey-sign-in')).toBe(true);
  });
});

test.describe('Visitor on any page', () => {
  test('asks who is signed in once, with the HTML, beside the app code', async ({ page }) => {
    const checks = sessionChecks(page);
    const byHtml = await requestedByHtml(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // index.html preloads /api/me; the app's session check takes that answer instead of asking again.
    expect(byHtml()).toContain('/api/me');
    expect(checks()).toBe(1);
    expect(hasChunk(byHtml(), 'dashboard-page')).toBe(false);
  });
});

test.describe('Client opening a share link', () => {
  test("gets the shared page's code with the app's, not after it, and the session check once", async ({ page, browser }) => {
    await page.request.post('/api/auth/sign-in', { data: { email: DEMO_ACCOUNTS.organization_admin.email, password: DEMO_PASSWORD } });
    const projects = (await (await page.request.get('/api/projects')).json()) as { items: { id: string }[] };
    const created = await page.request.post(`/api/projects/${projects.items[0]!.id}/access-links`, { data: { name: 'Weight' } });
    expect(created.status(), await created.text()).toBe(201);
    const { token } = (await created.json()) as { token: string };

    const client = await browser.newPage({ extraHTTPHeaders: clientAddressHeaders() });
    const checks = sessionChecks(client);
    const byHtml = await requestedByHtml(client);
    const catalogs: string[] = [];
    client.on('request', (request) => {
      const part = /\/assets\/locales\/[^/]+\/[^/]+\/([^/]+)\.json$/.exec(new URL(request.url()).pathname)?.[1];
      if (part) catalogs.push(part);
    });
    await client.goto(`/project-access/${token}`);
    await expect(client.getByText('Files & Resources')).toBeVisible();
    await client.waitForLoadState('networkidle');
    // Issue 48: the words of the shared page's parts only, each once; never the signed-in app's.
    expect([...catalogs].sort()).toEqual(['core', ...SHARED_PAGE_TEXTS].sort());
    // The server sent the page's own HTML, whose <link>s name the page's chunks.
    expect(hasChunk(byHtml(), 'shared-project-page'), byHtml().join(', ')).toBe(true);
    expect(hasChunk(byHtml(), 'tasks-tab'), byHtml().join(', ')).toBe(true);
    // An ordinary link's page has no questionnaire to answer: no form code.
    expect(hasChunk(byHtml(), 'intake-form'), byHtml().join(', ')).toBe(false);
    expect(checks()).toBe(1);
    await client.close();
  });

  test("an intake link's page gets its form's code with the HTML, and opens the link once, before the app first renders (issue 27 item 20)", async ({ page, browser }) => {
    await page.request.post('/api/auth/sign-in', { data: { email: DEMO_ACCOUNTS.organization_admin.email, password: DEMO_PASSWORD } });
    const projects = (await (await page.request.get('/api/projects')).json()) as { items: { id: string }[] };
    const templates = (await (await page.request.get('/api/templates?limit=100')).json()) as { items: { id: string }[] };
    const created = await page.request.post(`/api/projects/${projects.items[0]!.id}/access-links`, {
      data: { name: 'Weight intake', intake: true, templateId: templates.items[0]!.id },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { token } = (await created.json()) as { token: string };

    const client = await browser.newPage({ extraHTTPHeaders: clientAddressHeaders() });
    const calls: string[] = [];
    client.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname.replace(token, ':token')}`);
    });
    // When the app first puts something on the page, against when the link was opened.
    await client.addInitScript(() => {
      const w = window as unknown as { __firstRender?: number };
      new MutationObserver(() => {
        if (w.__firstRender === undefined && document.getElementById('root')?.childElementCount) w.__firstRender = performance.now();
      }).observe(document, { subtree: true, childList: true });
    });
    const byHtml = await requestedByHtml(client);
    await client.goto(`/project-access/${token}`);
    await expect(client.getByRole('button', { name: 'Submit Answers' })).toBeVisible();
    await client.waitForLoadState('networkidle');
    expect(hasChunk(byHtml(), 'shared-project-page'), byHtml().join(', ')).toBe(true);
    expect(hasChunk(byHtml(), 'intake-form'), byHtml().join(', ')).toBe(true);
    // The link is opened and its questionnaire read once each, though both start before the
    // components that show them mount.
    expect(calls.filter((call) => call === 'POST /api/project-access/:token/session')).toHaveLength(1);
    expect(calls.filter((call) => call === 'GET /api/project-access/:token/intake')).toHaveLength(1);
    const [opened, firstRender] = await client.evaluate(() => [
      performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/session'))!.startTime,
      (window as unknown as { __firstRender: number }).__firstRender,
    ]);
    expect(opened).toBeLessThan(firstRender!);
    await client.close();
  });
});

test.describe('Agency owner on the projects page', () => {
  test("downloads another tab when its menu link is hovered, the create dialog when its button is, and a menu or the filter's options when opened", async ({ page }) => {
    const files = scriptsRequested(page);
    await signIn(page, DEMO_ACCOUNTS.organization_admin.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(named(files, 'clients-tab'), files.join(', ')).toBe(false);
    expect(named(files, 'create-project-dialog'), files.join(', ')).toBe(false);
    // The page shows the buttons of its menus, its status filter and its cards' Delete, not what they open.
    for (const chunk of ['dropdown-menu-parts', 'lazy-select-parts', 'delete-project-dialog', 'nav-sheet', 'inbox-popover']) {
      expect(named(files, chunk), `${chunk} in ${files.join(', ')}`).toBe(false);
    }
    await page.getByRole('combobox', { name: 'Filter by status' }).hover();
    await expect.poll(() => named(files, 'lazy-select-parts')).toBe(true);
    await page.getByRole('combobox', { name: 'Filter by status' }).click();
    await expect(page.getByRole('option', { name: 'On Hold' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Inbox/ }).click();
    await expect(page.getByRole('dialog', { name: 'Inbox' })).toBeVisible();
    expect(named(files, 'inbox-popover')).toBe(true);
    await page.keyboard.press('Escape');

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
    // which happens only if the HTML names it (the server sends the page's own HTML to a request
    // with a session cookie), not once the session check has answered.
    const files = scriptsRequested(page);
    const byHtml = await requestedByHtml(page);
    const listReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/projects') listReads.push(request.url());
    });
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
    // With a session cookie the server sends the projects page's own HTML, naming its chunks and
    // its first API reads, which the page then takes instead of asking again.
    expect(hasChunk(byHtml(), 'dashboard-page'), byHtml().join(', ')).toBe(true);
    expect(byHtml()).toEqual(expect.arrayContaining(['/api/me', '/api/projects', '/api/inbox']));
    await page.waitForLoadState('networkidle');
    expect(listReads.filter((url) => url.endsWith('/api/projects?search=&status=all'))).toHaveLength(1);
  });

  test('on another tab, gets its page without the projects list it does not show', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.organization_admin.email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    await sideNav(page).getByRole('link', { name: 'Clients' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    // A new visit to the Clients tab's address.
    const byHtml = await requestedByHtml(page);
    const listReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/projects') listReads.push(request.url());
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The HTML preloads what the tab's first render asks (the inbox), and no projects list.
    expect(byHtml()).toEqual(expect.arrayContaining(['/api/me', '/api/inbox']));
    expect(listReads).toEqual([]);
  });
});

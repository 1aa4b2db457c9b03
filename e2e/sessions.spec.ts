// Settings -> Sessions (issue 31 item 5): a member signed in on two browsers ends the other one
// from Settings, and that browser's open page goes to sign-in without a reload.
import { clientAddressHeaders, expect, newAccount, sideNav, signIn, signUpThroughApi, test, toast } from './fixtures';

test.describe('Sessions', () => {
  test('a member ends the session of another browser, whose page goes to sign-in at once', async ({ page, browser }) => {
    const account = newAccount('sessions');
    await signUpThroughApi(page, account);

    const elsewhere = await browser.newContext({ extraHTTPHeaders: clientAddressHeaders() });
    const other = await elsewhere.newPage();
    await signIn(other, account.email, account.password);
    await expect(sideNav(other)).toBeVisible();

    await page.goto('/?tab=settings&section=security');
    const card = page.getByTestId('sessions-card');
    const rows = card.getByTestId('session');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This browser' })).toHaveCount(1);
    await expect(rows.first()).toContainText('This browser');

    await rows.nth(1).getByRole('button', { name: /^End / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'End Session' });
    await expect(confirm).toContainText('signed out at once');
    await confirm.getByRole('button', { name: 'End' }).click();
    await expect(toast(page, 'Session ended')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(card.getByText('You are signed in only here.')).toBeVisible();

    // The other browser's page hears it over its live socket and shows sign-in, no reload.
    await expect(other.getByRole('heading', { name: 'Welcome Back' })).toBeVisible({ timeout: 15_000 });
    await elsewhere.close();
  });

  test('End all other sessions keeps this one', async ({ page, browser }) => {
    const account = newAccount('sessions-all');
    await signUpThroughApi(page, account);
    const contexts = [];
    for (let i = 0; i < 2; i++) {
      const context = await browser.newContext({ extraHTTPHeaders: clientAddressHeaders() });
      await signIn(await context.newPage(), account.email, account.password);
      contexts.push(context);
    }
    await page.goto('/?tab=settings&section=security');
    const card = page.getByTestId('sessions-card');
    await expect(card.getByTestId('session')).toHaveCount(3);
    await card.getByRole('button', { name: 'End all other sessions' }).click();
    await page.getByRole('alertdialog', { name: 'End Other Sessions' }).getByRole('button', { name: 'End all other sessions' }).click();
    await expect(toast(page, 'Ended 2 other sessions')).toBeVisible();
    await expect(card.getByTestId('session')).toHaveCount(1);
    for (const context of contexts) {
      expect((await context.request.get('/api/me')).status()).toBe(401);
      await context.close();
    }
    expect((await page.request.get('/api/me')).status()).toBe(200);
  });

  test('a tab whose session ended elsewhere signs in again and stays signed in', async ({ page }) => {
    // The page is opened with the ended session's cookie, as a tab left open is reloaded: the
    // server sends the signed-out page, not the signed-in one whose preloaded reads (401s) the app
    // would take after signing in, and fall back to sign-in.
    const account = newAccount('stale');
    await signUpThroughApi(page, account);
    const cookies = await page.context().cookies();
    await page.request.post('/api/auth/sign-out');
    await page.context().addCookies(cookies);
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await signIn(page, account.email, account.password);
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
    // The first page's reads have all answered by now; the tab is still signed in.
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
    await expect(page.getByRole('heading', { name: 'Projects' }).first()).toBeVisible();
  });
});

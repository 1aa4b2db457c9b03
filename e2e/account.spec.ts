import { expect, newAccount, readEmail, RESET_LINK, signIn, signUpThroughApi, test, toast } from './fixtures';

test.describe('Member', () => {
  test('signs in, stays signed in across a reload and signs out', async ({ page }) => {
    const account = newAccount('session');
    await signUpThroughApi(page, account);
    await page.context().clearCookies();

    await signIn(page, account.email, account.password);
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('is told when the password is wrong, and keeps what was typed', async ({ page }) => {
    const account = newAccount('wrongpass');
    await signUpThroughApi(page, account);
    await page.context().clearCookies();

    await signIn(page, account.email, 'not-my-password');
    await expect(toast(page, 'Invalid email or password.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('resets a forgotten password through the emailed link, once', async ({ page }) => {
    const account = newAccount('reset');
    await signUpThroughApi(page, account);
    await page.context().clearCookies();

    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Forgot your password?' })).toHaveCount(0);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(toast(page, 'Please check your email for the password reset link.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

    const [link] = await readEmail(page.request, account.email, RESET_LINK);
    const url = new URL(link);
    const resetPath = `${url.pathname}${url.search}`;
    await page.goto(resetPath);
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();

    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
    await page.getByLabel('New Password').fill('second-pass-456');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('second-pass-456');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

    await signIn(page, account.email, 'second-pass-456');
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();

    // The link works once.
    await page.goto(resetPath);
    await expect(toast(page, 'This password reset link is invalid or has expired.')).toBeVisible();
    await expect(page).toHaveURL('/');
  });

  test('finds the not-found page on an unknown path', async ({ page }) => {
    await signUpThroughApi(page, newAccount('lost'));
    const missing: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('/somewhere/else')) missing.push(message.text());
    });
    await page.goto('/somewhere/else');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    expect(missing.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  });

  test('uses the side menu on a small screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpThroughApi(page, newAccount('mobile'));
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Settings' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL('/?tab=settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });
});

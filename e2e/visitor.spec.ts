import { DEMO_ACCOUNTS, expect, newAccount, readEmail, sideNav, test, toast, VERIFICATION_CODE } from './fixtures';

test.describe('Visitor', () => {
  test('signs up with the emailed code and lands on the welcome page', async ({ page }) => {
    const account = newAccount('signup');
    await page.goto('/');
    // Touching the sign-in form fetches the dashboard's code (sign-in intent), so a dashboard
    // flash before /welcome would be visible below.
    await page.getByLabel('Email').focus();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByText('Secure file sharing')).toBeVisible();

    await page.getByLabel('Full Name').fill(account.fullName);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Send Verification Code' }).click();

    await expect(toast(page, 'Verification code sent')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    const [, code] = await readEmail(page.request, account.email, VERIFICATION_CODE);

    // A wrong code is refused and nothing is created.
    const wrong = code!.replace(/^./, (digit) => (digit === '0' ? '1' : '0'));
    await page.getByLabel('Verification Code').fill(wrong);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(toast(page, 'The verification code is invalid or expired.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();

    // The dashboard (its top bar) must not show between the code step and /welcome.
    await page.evaluate(() => {
      const seen = window as unknown as { sawDashboard: boolean };
      seen.sawDashboard = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="user-name"]')) seen.sawDashboard = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByLabel('Verification Code').fill(code!);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL('/welcome');
    await expect(page.getByRole('heading', { name: `Welcome to Brieflane, E2E!` })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawDashboard: boolean }).sawDashboard)).toBe(false);

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
    await expect(page.getByTestId('user-role')).toHaveText('Organization Admin');
    await expect(sideNav(page).getByRole('link')).toHaveText(['Projects', 'My Work', 'Timesheet', 'Clients', 'Team', 'Reports', 'Activities', 'Settings']);
  });

  test('signing up with an email that has an account looks the same; the owner gets a note, not a code', async ({ page }) => {
    const owner = DEMO_ACCOUNTS.developer.email;
    await page.goto('/?mode=sign-up');
    await page.getByLabel('Full Name').fill('Someone Else');
    await page.getByLabel('Email').fill(owner);
    await page.getByLabel('Password').fill('whatever-123');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    // The same answer as for a free email (issue 19), with a word on what an owner receives.
    await expect(toast(page, 'Verification code sent')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(page.getByText('If this email already has an account, we sent a note there instead of a code')).toBeVisible();
    await readEmail(page.request, owner, /Someone tried to create a Brieflane account with this email address/);

    await page.getByLabel('Verification Code').fill('123456');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(toast(page, 'The verification code is invalid or expired.')).toBeVisible();
    // Going back keeps what was typed.
    await page.getByRole('button', { name: 'Use a different email' }).click();
    await expect(page.getByLabel('Full Name')).toHaveValue('Someone Else');
  });

  test('sees the validation messages of the sign-in form', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('opens sign-up from both buttons of the landing page', async ({ page }) => {
    await page.goto('/landing');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Creative project management');
    await expect(page.getByRole('heading', { name: 'Projects and clients' })).toBeVisible();

    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();

    await page.goto('/landing');
    await page.getByRole('button', { name: 'Start Your Free Trial' }).click();
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  });

  test('is shown the sign-in screen on any signed-in path', async ({ page }) => {
    for (const path of ['/welcome', '/no-such-page', '/project/123']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    }
    await page.goto('/reset-password');
    await expect(page).toHaveURL('/');
  });
});

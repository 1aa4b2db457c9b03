import { expect, newAccount, readEmail, signIn, signUpThroughApi, test, toast, uniqueEmail } from './fixtures';

test.describe('Organization admin', () => {
  test('updates the profile, and the top bar follows', async ({ page }) => {
    const account = newAccount('profile');
    await signUpThroughApi(page, account);
    await page.goto('/?tab=settings');
    await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
    await page.getByLabel('Full Name').fill('Renamed Person');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(toast(page, 'Profile updated successfully')).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText('Renamed Person');

    await page.reload();
    await expect(page.getByLabel('Full Name')).toHaveValue('Renamed Person');
    await expect(page.getByTestId('account-role')).toHaveText('Organization Admin');
    await expect(page.getByText('Contact admin to change roles')).toBeVisible();
  });

  test('changes the password after correcting a mismatch', async ({ page }) => {
    const account = newAccount('password');
    await signUpThroughApi(page, account);
    await page.goto('/?tab=settings');

    await page.getByLabel('Current Password').fill(account.password);
    await page.getByLabel('New Password').fill('brand-new-789');
    await page.getByLabel('Confirm Password').fill('brand-new-780');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('New passwords do not match')).toBeVisible();

    await page.getByLabel('Current Password').fill('not-the-current');
    await page.getByLabel('Confirm Password').fill('brand-new-789');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page, 'Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current Password').fill(account.password);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page, 'Password updated successfully')).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');

    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await signIn(page, account.email, 'brand-new-789');
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
  });

  test('changes the sign-in email with the current password, and the old address is told', async ({ page }) => {
    const account = newAccount('email');
    await signUpThroughApi(page, account);
    await page.goto('/?tab=settings');
    const profile = page.locator('form').filter({ has: page.getByRole('button', { name: 'Update Profile' }) });
    await expect(profile.getByLabel('Current Password')).toHaveCount(0);

    const newEmail = uniqueEmail('moved');
    await profile.getByLabel('Email', { exact: true }).fill(newEmail);
    await profile.getByRole('button', { name: 'Update Profile' }).click();
    await expect(profile.getByText('Enter your current password to change your email')).toBeVisible();

    await profile.getByLabel('Current Password').fill('not-the-current');
    await profile.getByRole('button', { name: 'Update Profile' }).click();
    await expect(toast(page, 'Current password is incorrect')).toBeVisible();

    await profile.getByLabel('Current Password').fill(account.password);
    await profile.getByRole('button', { name: 'Update Profile' }).click();
    await expect(toast(page, 'Profile updated successfully')).toBeVisible();
    await expect(profile.getByLabel('Current Password')).toHaveCount(0);
    const [, movedTo] = await readEmail(page.request, account.email, /changed from \S+ to (\S+)\.$/m);
    expect(movedTo).toBe(newEmail);

    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await signIn(page, newEmail, account.password);
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
  });

  test('renames the organization', async ({ page }) => {
    await signUpThroughApi(page, newAccount('org'));
    await page.goto('/?tab=settings&section=organization');
    await page.getByLabel('Organization Name').fill('Lanes & Co');
    await page.getByRole('button', { name: 'Update Organization' }).click();
    await expect(toast(page, 'Organization updated successfully')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Organization Name')).toHaveValue('Lanes & Co');
  });
});

test.describe('Notification settings', () => {
  test('a member chooses, by keyboard, what reaches their inbox and email, and it stays chosen', async ({ page }) => {
    const account = newAccount('notify');
    await signUpThroughApi(page, account);
    await page.goto('/?tab=settings&section=notifications');
    const assigned = page.getByRole('combobox', { name: 'A task is assigned to me' });
    await expect(assigned).toHaveText('Inbox and email');
    await expect(page.getByRole('combobox', { name: "A comment on a task I'm assigned to or follow" })).toHaveText('Inbox only');

    await assigned.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Off' }).press('Enter');
    await expect(toast(page, 'Notification settings saved')).toBeVisible();
    await expect(assigned).toHaveText('Off');
    await expect(assigned).toBeFocused();

    const digest = page.getByRole('switch', { name: 'Daily digest' });
    await digest.focus();
    await page.keyboard.press('Space');
    await expect(digest).toHaveAttribute('aria-checked', 'true');

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'A task is assigned to me' })).toHaveText('Off');
    await expect(page.getByRole('switch', { name: 'Daily digest' })).toHaveAttribute('aria-checked', 'true');
  });
});

test.describe('API tokens', () => {
  test('a member creates a token, calls the API with it from a script, and revokes it', async ({ page, playwright }) => {
    const account = newAccount('tokens');
    await signUpThroughApi(page, account);
    await page.goto('/?tab=settings&section=developers');
    await page.getByRole('button', { name: 'Create Token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API Token' });
    await dialog.getByRole('button', { name: 'Create Token' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByLabel('Name').fill('Reporting script');
    await dialog.getByRole('combobox', { name: 'Access' }).click();
    await page.getByRole('option', { name: 'Read and write' }).click();
    await dialog.getByRole('button', { name: 'Create Token' }).click();

    const shown = page.getByRole('dialog', { name: 'Token created' });
    await expect(shown.getByText("Copy it now: it won't be shown again.")).toBeVisible();
    const token = await shown.getByRole('textbox').inputValue();
    expect(token).toMatch(/^blt_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('api-token')).toContainText('Reporting script');
    await expect(page.getByTestId('api-token')).toContainText('Read and write');

    // A script: no cookie, the token in the header.
    const script = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const call = () => script.get('/api/projects', { headers: { authorization: `Bearer ${token}` } });
    expect((await call()).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('api-token')).toContainText('Last used');

    await page.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(toast(page, 'Token revoked')).toBeVisible();
    await expect(page.getByText('No API tokens yet')).toBeVisible();
    expect((await call()).status()).toBe(401);
    await script.dispose();
  });
});

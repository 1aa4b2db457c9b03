// Passkeys (issue 31 item 3): a member adds one in Settings, signs out, and signs in with it alone;
// then renames and removes it, after which it signs no one in. The device is Chromium's virtual
// authenticator over the DevTools protocol (a platform authenticator that keeps discoverable
// credentials and verifies its user), so the browser runs the real WebAuthn ceremony against the
// real server. The card, its dialogs and the sign-in page pass axe.
import type { CDPSession, Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousViolations, newAccount, readEmail, signUpThroughApi, test, toast } from './fixtures';

/** A platform authenticator in this page's browser: resident keys, user verification that passes. */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

/** Signs out and waits for the sign-in page (two-factor.spec.ts says why it waits). */
async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
}

function passkeysCard(page: Page): Locator {
  return page.getByTestId('passkeys-card');
}

test.describe('Member', () => {
  test('adds a passkey in Settings, signs in with it alone, renames it, and removes it', async ({ page }) => {
    test.slow();
    const account = newAccount('passkey');
    await signUpThroughApi(page, account);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

    await page.goto('/?tab=settings&section=security');
    const card = passkeysCard(page);
    await expect(card.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
    await expect(card.getByText(/^No passkeys yet/)).toBeVisible();
    await expectNoSeriousViolations(page, 'the passkeys card, empty', '[data-testid="passkeys-card"]');

    // Add, by keyboard: a name and the password, then the device confirms.
    await card.getByRole('button', { name: 'Add Passkey' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add a Passkey' });
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expectNoSeriousViolations(page, 'the add-passkey dialog');
    await page.keyboard.type('Work laptop');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await page.keyboard.type('not-my-password');
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Current password is incorrect')).toBeVisible();
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Passkey added')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = card.getByTestId('passkey');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Work laptop');
    await expect(row).toContainText(/Added \w{3} \d{1,2}, \d{4}, never used/);
    // The device keeps it as a discoverable credential of this site.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
    await readEmail(page.request, account.email, /A passkey named "Work laptop" was added to your account/);
    await expectNoSeriousViolations(page, 'the passkeys card with a passkey', '[data-testid="passkeys-card"]');

    // Signed out, the passkey alone signs in: no email, no password.
    await signOut(page);
    const passkeyButton = page.getByRole('button', { name: 'Sign In with a Passkey' });
    await expect(passkeyButton).toBeVisible();
    await expectNoSeriousViolations(page, 'the sign-in page with its passkey button');
    await passkeyButton.click();
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!.signCount).toBeGreaterThan(0);

    // Its last use shows; rename it.
    await page.goto('/?tab=settings&section=security');
    await expect(row).toContainText(/last used \w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
    await card.getByRole('button', { name: 'Rename Work laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Passkey' });
    await expect(rename.getByLabel('Name')).toBeFocused();
    await expectNoSeriousViolations(page, 'the rename dialog');
    await rename.getByLabel('Name').fill('Old laptop');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Passkey renamed')).toBeVisible();
    await expect(rename).toBeHidden();
    await expect(row).toContainText('Old laptop');

    // Remove it, after its confirmation; it signs no one in from then on.
    await card.getByRole('button', { name: 'Remove Old laptop' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Passkey' });
    await expect(confirm).toContainText('Remove "Old laptop"?');
    await expectNoSeriousViolations(page, 'the remove confirmation');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Passkey removed')).toBeVisible();
    await expect(card.getByText(/^No passkeys yet/)).toBeVisible();
    await readEmail(page.request, account.email, /The passkey named "Old laptop" was removed/);

    await signOut(page);
    // The device still holds the credential; the server no longer knows it.
    await page.getByRole('button', { name: 'Sign In with a Passkey' }).click();
    await expect(toast(page, 'That passkey could not sign you in. Try another one, or your password.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });
});

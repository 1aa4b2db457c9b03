// Two-factor sign-in (issue 31 item 1): a member turns it on from Settings with an authenticator
// app (here the test computes the app's codes from the key the dialog shows), keeps the recovery
// codes, signs in with an app code and with a recovery code, which works once and says how many are
// left (issue 49 item 21: Settings -> Sessions says how each signed in); then turns it off.
// An admin who outranks a member resets theirs. The card, its dialogs and the sign-in step pass axe.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { clientAddressHeaders, expect, newAccount, readEmail, signIn, signUpThroughApi, test, toast, uniqueEmail, expectNoSeriousViolations } from './fixtures';

/**
 * The authenticator app: each code from a later 30-second step than the one before, as a server
 * may refuse a code used once. The server takes one step either side of its own, so the step
 * before (while more than 5 s of this one remain, so it is still good when the server checks it),
 * this one and the next are good at once: three codes before this waits for the clock.
 */
function authenticatorApp(key: string) {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s/g, '')) });
  const stepMs = totp.period * 1000;
  let lastStep = -Infinity;
  return {
    async nextCode(page: Page): Promise<string> {
      for (;;) {
        const at = Date.now();
        const now = Math.floor(at / stepMs);
        const previousStillGood = (now + 1) * stepMs - at > 5000;
        const step = [...(previousStillGood ? [now - 1] : []), now, now + 1].find((candidate) => candidate > lastStep);
        if (step !== undefined) {
          lastStep = step;
          return totp.generate({ timestamp: step * stepMs });
        }
        await page.waitForTimeout((now + 1) * stepMs - Date.now() + 200);
      }
    },
    /** A code of no step the server would take now. */
    wrongCode(): string {
      const now = Math.floor(Date.now() / stepMs);
      const good = new Set([now - 1, now, now + 1, now + 2].map((step) => totp.generate({ timestamp: step * stepMs })));
      return ['000000', '111111', '222222', '333333'].find((code) => !good.has(code))!;
    },
  };
}

/**
 * Signs out and waits for the sign-in page: navigating while the sign-out is still on its way
 * sends the old cookie, so the server answers the signed-in page, whose preloaded reads (401 once
 * the sign-out lands) the app then takes after the next sign-in (seen once in CI).
 */
async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
}

function twoFactorCard(page: Page): Locator {
  return page.getByTestId('two-factor-card');
}

/** This browser's row in Settings -> Sessions. */
function currentSession(page: Page): Locator {
  return page.getByTestId('sessions-card').getByTestId('session').filter({ hasText: 'This browser' });
}

test.describe('Member', () => {
  test('turns on two-factor sign-in, signs in with an app code and with a recovery code (once), and turns it off', async ({ page }) => {
    // Two Argon2 sign-ins more than usual, and perhaps a wait for the authenticator's next step.
    test.slow();
    const account = newAccount('two-factor');
    await signUpThroughApi(page, account);

    await page.goto('/?tab=settings&section=security');
    const card = twoFactorCard(page);
    await expect(card.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await expect(card.getByText('Off', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'the two-factor card, off', '[data-testid="two-factor-card"]');

    // Set up, by keyboard: the password again.
    await card.getByRole('button', { name: 'Set Up Two-Factor' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Set Up Two-Factor Sign-In' });
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await expectNoSeriousViolations(page, 'the set-up dialog: the password');
    await page.keyboard.type('not-my-password');
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');

    // The app: the QR code and the key to type, from which the test's "app" makes its codes.
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const key = (await dialog.getByTestId('two-factor-secret').textContent())!;
    expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
    const app = authenticatorApp(key);
    await expect(dialog.getByLabel('Authentication code')).toBeFocused();
    await expectNoSeriousViolations(page, 'the set-up dialog: the app');
    await page.keyboard.type(app.wrongCode());
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByLabel('Authentication code')).toBeFocused();
    await page.keyboard.type(await app.nextCode(page));
    await page.keyboard.press('Enter');

    // The recovery codes, once: the dialog keeps them until they are saved.
    const saved = page.getByRole('dialog', { name: 'Save Your Recovery Codes' });
    const list = saved.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = await list.getByRole('listitem').allTextContents();
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await expect(toast(page, 'Two-factor sign-in is on')).toBeVisible();
    await expectNoSeriousViolations(page, 'the recovery codes');

    const downloading = page.waitForEvent('download');
    await saved.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('brieflane-recovery-codes.txt');
    expect(readFileSync(await download.path(), 'utf8')).toContain(recoveryCodes.join('\n'));

    await page.keyboard.press('Escape');
    await expect(saved.getByRole('alert')).toContainText('Save the codes first');
    await expect(saved).toBeVisible();
    await saved.getByRole('button', { name: 'I Have Saved Them' }).focus();
    await page.keyboard.press('Enter');
    await expect(saved).toBeHidden();
    await expect(card.getByText(/^On since /)).toBeVisible();
    await expect(card.getByTestId('recovery-codes-left')).toHaveText('10 recovery codes left');
    await expectNoSeriousViolations(page, 'the two-factor card, on', '[data-testid="two-factor-card"]');

    // Sign in again: the password, then a code from the app.
    await signOut(page);
    await signIn(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    const codeField = page.getByLabel('Authentication code');
    await expect(codeField).toBeFocused();
    // Asking for the code is no failure.
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the sign-in two-factor step');
    await page.keyboard.type(app.wrongCode());
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('That code is wrong or expired. Enter the code your app shows now.');
    await expect(codeField).toBeFocused();
    await page.keyboard.type(await app.nextCode(page));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
    // Issue 49 item 21: no recovery notice after an app code, and Settings -> Sessions says how.
    await expect(page.getByTestId('recovery-sign-in-notice')).toBeHidden();
    await page.goto('/?tab=settings&section=security');
    await expect(currentSession(page).getByTestId('session-sign-in')).toHaveText('Sign-in: Password and authenticator code');

    // Then with a recovery code instead.
    await signOut(page);
    await signIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await expect(page.getByLabel('Recovery code')).toBeFocused();
    await expectNoSeriousViolations(page, 'the sign-in step with a recovery code');
    await page.keyboard.type(recoveryCodes[0]!);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
    // Issue 49 item 21: the first page says a recovery code was used and how many are left (plenty:
    // no call to make new ones yet), until dismissed.
    const notice = page.getByRole('region', { name: 'Recovery code used' });
    await expect(notice).toContainText('Signed in with a recovery code. 9 recovery codes left.');
    await expect(notice.getByRole('link', { name: 'Make New Codes' })).toHaveCount(0);
    await expectNoSeriousViolations(page, 'the recovery-code notice', '[data-testid="recovery-sign-in-notice"]');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
    await page.goto('/?tab=settings&section=security');
    await expect(twoFactorCard(page).getByTestId('recovery-codes-left')).toHaveText('9 recovery codes left');
    await expect(currentSession(page).getByTestId('session-sign-in')).toHaveText('Sign-in: Password and recovery code');

    // The same recovery code is refused the second time; the step stays for another.
    await signOut(page);
    await signIn(page, account.email, account.password);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.keyboard.type(recoveryCodes[0]!);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('That recovery code is wrong or already used.');
    await expect(page.getByLabel('Recovery code')).toBeFocused();
    await page.getByRole('button', { name: 'Use your authenticator app instead' }).click();
    await expect(page.getByLabel('Authentication code')).toBeFocused();
    await page.keyboard.type(await app.nextCode(page));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);

    // Turn it off from Settings: the password and a code.
    await page.goto('/?tab=settings&section=security');
    await twoFactorCard(page).getByRole('button', { name: 'Turn Off' }).click();
    const turnOff = page.getByRole('dialog', { name: 'Turn Off Two-Factor Sign-In' });
    await expect(turnOff.getByLabel('Password')).toBeFocused();
    await expectNoSeriousViolations(page, 'the turn-off dialog');
    await page.keyboard.type(account.password);
    await page.keyboard.press('Tab');
    await expect(turnOff.getByLabel('Authentication or recovery code')).toBeFocused();
    await page.keyboard.type(await app.nextCode(page));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Two-factor sign-in is off')).toBeVisible();
    await expect(turnOff).toBeHidden();
    await expect(twoFactorCard(page).getByText('Off', { exact: true })).toBeVisible();

    // And the password alone signs in again.
    await signOut(page);
    await signIn(page, account.email, account.password);
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
  });
});

test.describe('Organization admin', () => {
  test("resets a member's two-factor sign-in; the member is signed out and emailed", async ({ page, browser }) => {
    test.slow();
    const owner = newAccount('two-factor-owner');
    await signUpThroughApi(page, owner);
    const member = { fullName: 'Morgan Member', email: uniqueEmail('two-factor-member'), password: 'member-pass-123' };
    const added = await page.request.post('/api/team', { data: { ...member, role: 'developer' } });
    expect(added.status(), await added.text()).toBe(201);
    const { id: memberId } = (await added.json()) as { id: string };

    // The member turns it on (through the API, as the story above does in the browser).
    const elsewhere = await browser.newContext({ extraHTTPHeaders: clientAddressHeaders() });
    const memberPage = await elsewhere.newPage();
    const signedIn = await memberPage.request.post('/api/auth/sign-in', { data: { email: member.email, password: member.password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const setup = await memberPage.request.post('/api/settings/two-factor/setup', { data: { password: member.password } });
    expect(setup.status(), await setup.text()).toBe(200);
    const app = authenticatorApp(((await setup.json()) as { secret: string }).secret);
    const enabled = await memberPage.request.post('/api/settings/two-factor/enable', { data: { code: await app.nextCode(memberPage) } });
    expect(enabled.status(), await enabled.text()).toBe(200);

    await page.goto(`/team/${memberId}`);
    await expect(page.getByRole('heading', { name: member.fullName })).toBeVisible();
    await expect(page.getByTestId('member-two-factor')).toHaveText('Two-factor on');
    await page.getByRole('button', { name: 'Reset Two-Factor' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Reset Two-Factor Sign-In' });
    await expect(confirm).toContainText(`Turn off two-factor sign-in for ${member.fullName}?`);
    await expectNoSeriousViolations(page, 'the reset confirmation');
    await confirm.getByRole('button', { name: 'Reset Two-Factor' }).click();
    await expect(toast(page, 'Two-factor sign-in reset')).toBeVisible();
    await expect(page.getByTestId('member-two-factor')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Reset Two-Factor' })).toBeHidden();

    // The member's session ended; they were told; the password alone signs them in now.
    expect((await memberPage.request.get('/api/me')).status()).toBe(401);
    await readEmail(page.request, member.email, /two-factor/i);
    // A new visit: with the ended session's cookie the server would send the signed-in page's HTML,
    // whose preloaded reads answer 401 and are then read after signing in (a separate bug: the tab
    // signs in, then falls back to sign-in once).
    await elsewhere.clearCookies();
    await signIn(memberPage, member.email, member.password);
    await expect(memberPage.getByTestId('user-name')).toHaveText(member.fullName);
    await elsewhere.close();
  });
});

// Issue 26: no victim lockout. After 55 wrong passwords from 11 addresses, the owner signs in
// from a new place with the right password and a code emailed to the account.
import { clientAddressHeaders, expect, newAccount, readEmail, signIn, signUpThroughApi, test, toast } from './fixtures';

const SIGN_IN_CODE = /sign-in code is (\d{6})/;

test.describe('Member', () => {
  test('signs in with an emailed code while strangers guess the password from many addresses', async ({ page }) => {
    // 55 Argon2 password checks before the story starts.
    test.slow();
    const account = newAccount('stepup');
    await signUpThroughApi(page, account);
    await page.context().clearCookies();

    // The attack: 5 wrong passwords from each of 11 addresses (never this browser's address).
    for (let a = 0; a < 11; a += 1) {
      const headers = clientAddressHeaders();
      for (let i = 0; i < 5; i += 1) {
        const res = await page.request.post('/api/auth/sign-in', { data: { email: account.email, password: `wrong-${i}` }, headers });
        expect(res.status()).toBe(401);
      }
    }
    // The owner hears of it.
    await readEmail(page.request, account.email, /sign-ins to your Brieflane account failed/);

    await signIn(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Enter Your Sign-in Code' })).toBeVisible();
    await expect(page.getByText(/If the password is right, we emailed a 6-digit sign-in code to/)).toBeVisible();
    const field = page.getByLabel('Sign-in Code');
    await expect(field).toBeFocused();
    await expect(toast(page, 'Too many failed sign-ins')).toHaveCount(0);

    const [, code] = await readEmail(page.request, account.email, SIGN_IN_CODE);
    // A wrong code: the message under the field, which keeps the focus.
    await page.keyboard.type(code === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await expect(page.getByText('The code is wrong or expired, or the password is wrong.')).toBeVisible();
    await expect(field).toBeFocused();

    // The right one, typed over the wrong one, by keyboard alone.
    await page.keyboard.type(code!);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(account.fullName);
  });
});

// Issue 48: the sign-in screens speak English, German and Spanish (the visitor's pick, kept on the
// device), fit a phone in each, and a member's language saved in Settings follows them to a new
// browser.
import { clientAddressHeaders, expect, expectNoSeriousViolations, newAccount, signIn, signUpThroughApi, test, toast } from './fixtures';

test.describe('Languages', () => {
  test('a visitor reads the sign-in screens in German and Spanish on a phone, and the choice stays', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectNoSeriousViolations(page, 'the sign-in screen in German');

    for (const [link, heading] of [
      ['Noch kein Konto? Registrieren', 'Konto erstellen'],
      ['Sie haben schon ein Konto? Anmelden', 'Willkommen zurück'],
    ] as const) {
      await page.getByRole('button', { name: link }).click();
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('es');
    await expect(page.getByRole('heading', { name: 'Le damos la bienvenida de nuevo' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Le damos la bienvenida de nuevo' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  });

  test("a member's language saved in Settings follows them to another browser", async ({ page, browser }) => {
    const account = newAccount('Sprache');
    await signUpThroughApi(page, account);
    await page.goto('/?tab=settings');
    const card = page.getByTestId('language-card');
    await expect(card.getByRole('heading', { name: 'Language' })).toBeVisible();
    await card.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(toast(page, 'Sprache gespeichert')).toBeVisible();
    await expect(card.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await expectNoSeriousViolations(page, 'the Language card', '[data-testid="language-card"]');

    // A browser that asks for English: the saved language wins once signed in.
    const elsewhere = await browser.newContext({ locale: 'en-US', extraHTTPHeaders: clientAddressHeaders() });
    const other = await elsewhere.newPage();
    await signIn(other, account.email, account.password);
    // Signed in, and the projects page in the saved language, not the browser's.
    await expect(other.getByRole('heading', { name: 'Projektverwaltung' })).toBeVisible();
    await other.goto('/?tab=settings');
    await expect(other.getByTestId('language-card').getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    await expect(other.locator('html')).toHaveAttribute('lang', 'de');
    await elsewhere.close();
  });
});

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

  test("a member who chose Deutsch reads their inbox in German, its news too, at desk and phone width", async ({ page, playwright }) => {
    const account = newAccount('Posteingang');
    await signUpThroughApi(page, account);
    const saved = await page.request.put('/api/settings/language', { data: { locale: 'de' } });
    expect(saved.status(), await saved.text()).toBe(200);
    const client = await page.request.post('/api/clients', { data: { name: 'Hafen Kaffee' } });
    const project = await page.request.post('/api/projects', { data: { name: 'Hafen', clientId: (await client.json()).id } });
    expect(project.status(), await project.text()).toBe(201);
    const link = await page.request.post(`/api/projects/${(await project.json()).id}/access-links`, { data: { name: 'Für den Kunden' } });
    expect(link.status(), await link.text()).toBe(201);
    // Someone else opens the link: the member hears of it, in their language, as it is stored.
    const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
    expect((await visitor.post(`/api/project-access/${(await link.json()).token}/session`, { data: {} })).status()).toBe(200);
    await visitor.dispose();

    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Projektverwaltung' })).toBeVisible();
      await page.getByRole('button', { name: 'Posteingang, 1 ungelesen' }).click();
      const inbox = page.getByRole('dialog', { name: 'Posteingang' });
      await expect(inbox.getByRole('button', { name: /^Ungelesen: Der Link „Für den Kunden“ wurde zum ersten Mal geöffnet Hafen · / })).toBeVisible();
      await expect(inbox.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
    }
  });
});

// Issue 49 item 5: Settings in sections. An organization admin opens Settings (Account), switches
// sections by click and by keyboard, goes Back and Forward through them, opens one by its address
// and another from the command palette; a developer has no Organization section, and its address
// shows Account. On a phone the sections are a row that scrolls by itself, the page never sideways.
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoSeriousViolations, newAccount, sideNav, signIn, signUpThroughApi, test } from './fixtures';

const ALL = ['Account', 'Security', 'Notifications & calendar', 'Developers', 'Organization'];

const sections = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });
const section = (page: Page, name: string) => sections(page).getByRole('link', { name, exact: true });

/** The section shown: its link is the current page and its first card is on screen. */
async function expectSection(page: Page, name: string, card: string) {
  await expect(sections(page).locator('[aria-current="page"]')).toHaveText(name);
  await expect(page.getByRole('main').getByRole('heading', { level: 3, name: card, exact: true })).toBeVisible();
}

test.describe('Settings sections', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an organization admin switches sections by click, keyboard, address and palette, and Back retraces them', async ({ page }, testInfo) => {
    await signUpThroughApi(page, newAccount('sections'));
    await page.goto('/');
    await sideNav(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL('/?tab=settings');
    await expect(sections(page).getByRole('link')).toHaveText(ALL);
    await expectSection(page, 'Account', 'Profile Information');
    // A section shows only its cards.
    await expect(page.getByTestId('two-factor-card')).toHaveCount(0);
    await expect(page.getByTestId('sso-settings-card')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'Settings, Account');
    await page.screenshot({ path: testInfo.outputPath('settings-1440-account.png'), fullPage: true });

    // By click.
    await section(page, 'Security').click();
    await expect(page).toHaveURL('/?tab=settings&section=security');
    await expectSection(page, 'Security', 'Two-factor sign-in');
    await expect(page.getByRole('heading', { name: 'Profile Information' })).toHaveCount(0);

    // By keyboard: Tab to the next section, Enter; the focus stays on the link.
    await section(page, 'Security').focus();
    await page.keyboard.press('Tab');
    await expect(section(page, 'Notifications & calendar')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/?tab=settings&section=notifications');
    await expectSection(page, 'Notifications & calendar', 'Notifications');
    await expect(page.getByTestId('calendar-feed')).toBeVisible();
    await expect(section(page, 'Notifications & calendar')).toBeFocused();

    // Back and Forward.
    await page.goBack();
    await expect(page).toHaveURL('/?tab=settings&section=security');
    await expectSection(page, 'Security', 'Two-factor sign-in');
    await page.goBack();
    await expect(page).toHaveURL('/?tab=settings');
    await expectSection(page, 'Account', 'Profile Information');
    await page.goForward();
    await expectSection(page, 'Security', 'Two-factor sign-in');

    // By its address, and it stays through a reload.
    await page.goto('/?tab=settings&section=developers');
    await expectSection(page, 'Developers', 'API tokens');
    await expect(page.getByTestId('webhooks-card')).toBeVisible();
    await page.reload();
    await expectSection(page, 'Developers', 'API tokens');

    // From the palette.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    const box = palette.getByRole('combobox', { name: 'Search or type a command' });
    await expect(box).toBeFocused();
    await box.fill('settings organization');
    await expect(palette.getByRole('option', { name: 'Settings: Organization' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL('/?tab=settings&section=organization');
    await expectSection(page, 'Organization', 'Organization');
    await expect(page.getByLabel('Organization Name')).toBeVisible();
    await expect(page.getByTestId('two-factor-policy-card')).toBeVisible();
    await expect(page.getByTestId('sso-settings-card')).toBeVisible();
    await expectNoSeriousViolations(page, 'Settings, Organization');
    await page.screenshot({ path: testInfo.outputPath('settings-1440-organization.png'), fullPage: true });

    await page.goBack();
    await expectSection(page, 'Developers', 'API tokens');
  });

  // Issue 48: the organization's language, which its emails speak to members with none saved and
  // to clients; the admin's own screens stay in their language.
  test("an organization admin sets the organization's language to Deutsch, and it stays after a reload", async ({ page }) => {
    await signUpThroughApi(page, newAccount('org-language'));
    await page.goto('/?tab=settings&section=organization');
    const card = page.getByTestId('organization-language-card');
    const menu = card.getByRole('combobox', { name: 'Organization language' });
    await expect(menu).toHaveValue('en');
    await menu.selectOption('de');
    await expect(page.getByText('Organization language saved')).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/i48-emails-org-language-1440.png' });
    await page.reload();
    await expect(menu).toHaveValue('de');
    await expect(page.getByRole('main').getByRole('heading', { level: 3, name: 'Organization language' })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/i48-emails-org-language-375.png' });
    await expectNoSeriousViolations(page, 'Settings, Organization language');
  });

  test('a developer has no Organization section; its address shows Account', async ({ page }) => {
    await signIn(page, DEMO_ACCOUNTS.developer.email, DEMO_PASSWORD);
    // Signed in before the address is opened: a goto during the sign-in request cancels it.
    await expect(sideNav(page)).toBeVisible();
    await page.goto('/?tab=settings&section=organization');
    await expect(page).toHaveURL('/?tab=settings&section=account');
    await expect(sections(page).getByRole('link')).toHaveText(ALL.slice(0, 4));
    await expectSection(page, 'Account', 'Profile Information');
    await section(page, 'Developers').click();
    await expectSection(page, 'Developers', 'API tokens');
    await expect(page.getByTestId('webhooks-card')).toHaveCount(0);
  });
});

test.describe('Settings sections on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sections are a row that scrolls by itself, the shown one in view, the page never sideways', async ({ page }, testInfo) => {
    await signUpThroughApi(page, newAccount('sections-phone'));
    for (const [name, card, path] of [
      ['Account', 'Profile Information', '/?tab=settings'],
      ['Organization', 'Organization', '/?tab=settings&section=organization'],
      ['Security', 'Two-factor sign-in', '/?tab=settings&section=security'],
    ] as const) {
      await page.goto(path);
      await expectSection(page, name, card);
      await expect(section(page, name)).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 375 px`).toBe(375);
      await page.screenshot({ path: testInfo.outputPath(`settings-375-${name.toLowerCase()}.png`) });
    }
    // The row itself is wider than the screen and scrolls; the page does not.
    const row = sections(page).getByRole('list');
    expect(await row.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    await section(page, 'Developers').click();
    await expectSection(page, 'Developers', 'API tokens');
    await expect(section(page, 'Developers')).toBeInViewport({ ratio: 1 });
    await expectNoSeriousViolations(page, 'Settings at 375 px');
  });
});

// Issue 48 item 3: a member's region, apart from their language. Chosen in Settings beside the
// language, it changes how dates and money are written everywhere (English words, Austrian
// conventions), and stays with the member.
import { expect, expectNoSeriousViolations, newAccount, signUpThroughApi, test, toast } from './fixtures';

test.describe('Member', () => {
  test('sets their region in Settings and reads dates and money as it writes them', async ({ page }) => {
    const account = newAccount('region');
    await signUpThroughApi(page, account);
    const me = await (await page.request.get('/api/me')).json();
    expect((await page.request.put('/api/organization/currency', { data: { currency: 'EUR' } })).status()).toBe(200);
    const client = await (await page.request.post('/api/clients', { data: { name: 'Region Client E2E' } })).json();
    const project = await (await page.request.post('/api/projects', { data: { name: 'Region Project E2E', clientId: client.id, dueDate: '2027-03-14' } })).json();
    // 1,234.50 an hour for one hour, against a money budget of 2,000.00.
    expect((await page.request.put(`/api/team/${me.profile.id}/rate`, { data: { hourlyRateMinor: 123450 } })).status()).toBe(200);
    const budget = await page.request.put(`/api/projects/${project.id}/budget`, { data: { hourlyRateMinor: null, budgetKind: 'money', budgetAmount: 200000 } });
    expect(budget.status(), await budget.text()).toBe(200);
    expect((await page.request.post('/api/time/entries', { data: { projectId: project.id, workDate: '2026-01-15', duration: '1h' } })).status()).toBe(201);

    // The browser asks for en-US: dates and money as the product has always written English.
    await page.goto('/');
    const card = page.getByTestId('project-card').filter({ hasText: 'Region Project E2E' });
    await expect(card.getByTestId('budget-figure')).toHaveText('€1,234.50 of €2,000.00 · 61 %');
    await expect(card.getByText('Due Mar 14, 2027')).toBeVisible();

    await page.goto('/?tab=settings');
    const languageCard = page.getByTestId('language-card');
    const region = languageCard.getByRole('combobox', { name: 'Region' });
    await expect(region).toHaveValue('');
    await expect(region.getByRole('option', { name: 'Automatic (from your browser)' })).toHaveCount(1);
    await expect(languageCard.getByTestId('region-example')).toContainText('2:05 PM');
    await region.selectOption({ label: 'Austria' });
    await expect(toast(page, 'Region saved')).toBeVisible();
    await expect(region).toHaveValue('AT');
    // English words, Austria's conventions: the day first, the 24-hour clock, the euro first.
    await expect(languageCard.getByTestId('region-example')).toContainText('14:05');
    await expect(languageCard.getByTestId('region-example')).toContainText('€ 1.234,50');
    await expect(languageCard.getByRole('combobox', { name: 'Language' })).toHaveValue('');
    await expectNoSeriousViolations(page, 'the Language card with the region', '[data-testid="language-card"]');
    expect((await (await page.request.get('/api/me')).json()).profile.region).toBe('AT');

    await page.goto('/');
    await expect(card.getByTestId('budget-figure')).toHaveText('€ 1.234,50 of € 2.000,00 · 61 %');
    await expect(card.getByText('Due 14 Mar 2027')).toBeVisible();
  });
});

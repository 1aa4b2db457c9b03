// @vitest-environment jsdom
// Issue 48 item 3: the budget figure in the member's conventions, durations in h:mm everywhere.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setMemberRegion } from '@/web/lib/formats';
import { activateLocale } from '@/web/lib/i18n';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { BudgetBar } from './budget-bar';

/** Intl's no-break spaces as plain ones, to compare with typed text. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

afterEach(async () => {
  setMemberRegion(null);
  await activateLocale('en');
});

describe('a German member reads money in German', () => {
  it("shows the budget bar's figure as Germany writes it", async () => {
    await activateLocale('de');
    await renderWithProviders(<BudgetBar usage={{ kind: 'money', spent: 123450, amount: 200000, percent: 61 }} currency="EUR" />);
    expect(plain((await screen.findByTestId('budget-figure')).textContent)).toBe('1.234,50 € von 2.000,00 € · 61 %');
  });

  it('and an Austrian one with the euro first', async () => {
    await activateLocale('de');
    setMemberRegion('AT');
    await renderWithProviders(<BudgetBar usage={{ kind: 'money', spent: 123450, amount: 200000, percent: 61 }} currency="EUR" />);
    expect(plain((await screen.findByTestId('budget-figure')).textContent)).toBe('€ 1.234,50 von € 2.000,00 · 61 %');
  });

  it('in English the figure reads as before', async () => {
    await renderWithProviders(<BudgetBar usage={{ kind: 'money', spent: 123450, amount: 200000, percent: 61 }} currency="USD" />);
    expect((await screen.findByTestId('budget-figure')).textContent).toBe('$1,234.50 of $2,000.00 · 61 %');
  });
});

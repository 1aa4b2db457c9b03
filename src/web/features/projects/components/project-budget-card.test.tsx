// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BURN_DOWN_TEXTS } from '@/domain/budget-burn-down';
import { en } from '@/web/test/texts';
import { BUDGET_MESSAGES, BUDGET_TEXTS, type ProjectBudgetDetail } from '@/domain/budgets';
import { NO_RATE_TEXTS } from '@/web/components/texts';
import { apiServer, route, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ProjectBudgetCard } from './project-budget-card';

// jsdom lays nothing out: Radix Select calls these when its list opens.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

const detail: ProjectBudgetDetail = {
  currency: 'USD',
  hourlyRateMinor: null,
  budgetKind: 'hours',
  budgetAmount: 600,
  spentMinutes: 660,
  spentMinor: 110_000,
  usage: { kind: 'hours', amount: 600, spent: 660, percent: 110 },
  alertedPercent: 100,
  burnDown: [
    { weekStart: '2026-10-26', minutes: 240, minor: 40_000 },
    { weekStart: '2026-11-02', minutes: 240, minor: 40_000 },
    { weekStart: '2026-11-09', minutes: 510, minor: 85_000 },
    { weekStart: '2026-11-16', minutes: 660, minor: 110_000 },
  ],
};

function answer(body: ProjectBudgetDetail) {
  apiServer.use(route('GET', '/api/projects/:projectId/budget', body));
}

describe('ProjectBudgetCard burn-down (decision 037 addendum)', () => {
  it('draws a bar a week against the budget line, with a summary and a table for screen readers', async () => {
    answer(detail);
    await renderWithProviders(<ProjectBudgetCard projectId="project-1" />);
    // Named by its title and the summary (its description). The chart is a chunk of its own,
    // loaded on first use: slow on a loaded machine (it took over the default second in CI).
    await screen.findByRole(
      'img',
      { name: `${en(BURN_DOWN_TEXTS.title)} 4 weeks: 11:00 of 10:00 used, 110 %. Reached 80 % in the week of 2026-11-09. Reached 100 % in the week of 2026-11-16.` },
      { timeout: 15_000 },
    );
    const figure = screen.getByTestId('burn-down-chart');
    const bars = within(figure).getAllByTestId('burn-down-bar');
    expect(bars).toHaveLength(4);
    // Taller as time is used; the last, over budget, in the destructive tone.
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    expect(heights[2]!).toBeGreaterThan(heights[1]!);
    expect(heights[3]!).toBeGreaterThan(heights[2]!);
    expect(bars[3]!.getAttribute('class')).toContain('fill-destructive');
    expect(bars[2]!.getAttribute('class')).toContain('fill-amber-500');
    expect(bars[0]!.getAttribute('class')).toContain('fill-primary');
    // The budget line sits at 600 minutes: the top of the bar that reached 100 % is above it.
    const line = within(figure).getByTestId('burn-down-budget-line');
    expect(Number(bars[3]!.getAttribute('y'))).toBeLessThan(Number(line.getAttribute('y1')));
    expect(Number(bars[2]!.getAttribute('y'))).toBeGreaterThan(Number(line.getAttribute('y1')));
    const table = within(figure).getByRole('table', { name: en(BURN_DOWN_TEXTS.title) });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([`${en(BURN_DOWN_TEXTS.week)}${en(BURN_DOWN_TEXTS.used)}${en(BURN_DOWN_TEXTS.percent)}`, '2026-10-264:0040 %', '2026-11-024:0040 %', '2026-11-098:3085 %', '2026-11-1611:00110 %']);
    // Issue 49 item 8: one duration format, the axis too (whole hours as h:mm), and the spent line.
    const ticks = [...figure.querySelectorAll('text')].map((tick) => tick.textContent);
    expect(ticks).toEqual(expect.arrayContaining(['0:00', '5:00', '10:00']));
    expect(ticks.some((tick) => /\d(\.\d+)? ?h\b/.test(tick ?? ''))).toBe(false);
    expect(screen.getByTestId('budget-figure').textContent).toBe('11:00 of 10:00 · 110 %');
    expect(screen.getByTestId('budget-spent').textContent).toBe('11:00 · $1,100.00');
  });

  it('counts money for a money budget, and labels its axis in the currency', async () => {
    answer({ ...detail, budgetKind: 'money', budgetAmount: 100_000, usage: { kind: 'money', amount: 100_000, spent: 110_000, percent: 110 } });
    await renderWithProviders(<ProjectBudgetCard projectId="project-1" />);
    const chart = await screen.findByRole('img', { name: /\$1,100\.00 of \$1,000\.00 used, 110 %/ });
    expect(chart.textContent).toContain('$500');
    expect(screen.getByRole('table', { name: en(BURN_DOWN_TEXTS.title) }).textContent).toContain('$850.00');
  });

  it('draws nothing without a budget', async () => {
    answer({ ...detail, budgetKind: null, budgetAmount: null, usage: null, burnDown: [] });
    await renderWithProviders(<ProjectBudgetCard projectId="project-1" />);
    expect(await screen.findByText(en(BUDGET_TEXTS.noBudget))).toBeDefined();
    expect(screen.queryByTestId('burn-down-chart')).toBeNull();
  });
});

describe('ProjectBudgetCard money without a rate (issue 49 item 8)', () => {
  const unrated = { ...detail, budgetKind: null, budgetAmount: null, usage: null, burnDown: [], spentMinutes: 200, spentMinor: null };

  it('says "No rate set" rather than $0.00, linking an admin to where rates are set', async () => {
    answer(unrated);
    await renderWithProviders(<ProjectBudgetCard projectId="project-1" />, { signedInAs: 'admin' });
    const link = await screen.findByRole('link', { name: en(NO_RATE_TEXTS.setRates) });
    expect(link.textContent).toBe(en(NO_RATE_TEXTS.noRateSet));
    expect(link.getAttribute('href')).toBe('/?tab=team');
    expect(screen.getByTestId('budget-spent').textContent).toBe(`3:20 · ${en(NO_RATE_TEXTS.noRateSet)}`);
  });

  it('says it in plain text to an account executive, who does not set rates here', async () => {
    answer(unrated);
    await renderWithProviders(<ProjectBudgetCard projectId="project-1" />, { signedInAs: 'account_executive' });
    expect(await screen.findByText(en(NO_RATE_TEXTS.noRateSet))).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows a real zero as money', async () => {
    answer({ ...unrated, spentMinor: 0 });
    await renderWithProviders(<ProjectBudgetCard projectId="project-1" />, { signedInAs: 'admin' });
    expect((await screen.findByTestId('budget-spent')).textContent).toBe('3:20 · $0.00');
    expect(screen.queryByText(en(NO_RATE_TEXTS.noRateSet))).toBeNull();
  });
});

describe('ProjectBudgetCard form (issue 47: on the form kit)', () => {
  it("says an amount it cannot read under its field, focused; then saves the rate and budget in the API's units", async () => {
    const none = { ...detail, budgetKind: null, budgetAmount: null, usage: null, burnDown: [] };
    answer(none);
    apiServer.use(route('PUT', '/api/projects/:projectId/budget', { ...none, hourlyRateMinor: 15000, budgetKind: 'money', budgetAmount: 1_000_000 }));
    await renderWithProviders(<ProjectBudgetCard projectId="project-1" />);
    const rate = (await screen.findByLabelText(en(BUDGET_TEXTS.rateLabel))) as HTMLInputElement;
    expect(screen.queryByLabelText(en(BUDGET_TEXTS.amountHoursLabel))).toBeNull();

    fireEvent.change(rate, { target: { value: '150' } });
    fireEvent.keyDown(screen.getByRole('combobox', { name: en(BUDGET_TEXTS.kindLabel) }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: en(BUDGET_TEXTS.kinds.hours) }));
    const hours = (await screen.findByLabelText(en(BUDGET_TEXTS.amountHoursLabel))) as HTMLInputElement;
    fireEvent.change(hours, { target: { value: 'many' } });
    rate.focus();
    fireEvent.click(screen.getByRole('button', { name: en(BUDGET_TEXTS.save) }));
    expect(await screen.findByText(en(BUDGET_MESSAGES.hoursFormat))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(hours));
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    expect(sentRequests.filter((r) => r.method === 'PUT')).toEqual([]);

    fireEvent.keyDown(screen.getByRole('combobox', { name: en(BUDGET_TEXTS.kindLabel) }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: en(BUDGET_TEXTS.kinds.money) }));
    const money = (await screen.findByLabelText(`${en(BUDGET_TEXTS.amountMoneyLabel)} (USD)`)) as HTMLInputElement;
    fireEvent.change(money, { target: { value: '10,000' } });
    fireEvent.click(screen.getByRole('button', { name: en(BUDGET_TEXTS.save) }));
    expect(await screen.findByText(en(BUDGET_TEXTS.saved))).toBeTruthy();
    expect(sentRequests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ hourlyRateMinor: 15000, budgetKind: 'money', budgetAmount: 1_000_000 }]);
  });
});

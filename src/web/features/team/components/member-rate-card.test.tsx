// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '@/web/test/texts';
import { BUDGET_MESSAGES, BUDGET_TEXTS } from '@/domain/budget-rules';
import type { TeamMember } from '@/domain/team';
import { NO_RATE_TEXTS } from '@/web/components/texts';
import { apiServer, route, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { MemberRateCard } from './member-rate-card';

const developer: TeamMember = {
  id: 'dev-1',
  fullName: 'Dana Developer',
  email: 'dana@example.com',
  role: 'developer',
  website: null,
  tags: [],
  canSignIn: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  hourlyRateMinor: 5000,
};

describe('MemberRateCard', () => {
  it("saves a member's rate, and what the rate prices is read again: the projects' budgets and the time report", async () => {
    apiServer.use(route('PUT', '/api/team/:memberId/rate', { ok: true }));
    const { queryClient } = await renderWithProviders(<MemberRateCard member={developer} actor={{ role: 'organization_admin', profileId: 'me' }} />, {
      signedInAs: 'organization_admin',
    });
    // Figures this tab read before the change (a project's budget card, the time report).
    const budget = ['projects', 'budget', 'p-1'];
    const report = ['reports', 'time', '2026-11-01', '2026-11-30', 'member'];
    queryClient.setQueryData(budget, { spentMinor: 10000 });
    queryClient.setQueryData(report, { rows: [] });

    fireEvent.change(screen.getByLabelText(/Default hourly rate/), { target: { value: '75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));

    expect(await screen.findByText(en(BUDGET_TEXTS.rateSaved))).toBeTruthy();
    expect(sentRequests.find((r) => r.method === 'PUT')?.body).toEqual({ hourlyRateMinor: 7500 });
    await waitFor(() => {
      expect(queryClient.getQueryState(budget)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(report)?.isInvalidated).toBe(true);
    });
  });

  it('says a rate it cannot read under the field, focused, and sends nothing', async () => {
    await renderWithProviders(<MemberRateCard member={developer} actor={{ role: 'organization_admin', profileId: 'me' }} />, { signedInAs: 'organization_admin' });
    const rate = screen.getByLabelText(/Default hourly rate/) as HTMLInputElement;
    expect(rate.value).toBe('50.00');
    fireEvent.change(rate, { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText(en(BUDGET_MESSAGES.rateNegative))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(rate));
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    expect(sentRequests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('clears the rate when the field is left empty', async () => {
    apiServer.use(route('PUT', '/api/team/:memberId/rate', { ok: true }));
    await renderWithProviders(<MemberRateCard member={developer} actor={{ role: 'organization_admin', profileId: 'me' }} />, { signedInAs: 'organization_admin' });
    fireEvent.change(screen.getByLabelText(/Default hourly rate/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText(en(BUDGET_TEXTS.rateSaved))).toBeTruthy();
    expect(sentRequests.find((r) => r.method === 'PUT')?.body).toEqual({ hourlyRateMinor: null });
  });

  describe('without a rate (issue 49 item 8)', () => {
    const unrated: TeamMember = { ...developer, id: 'admin-2', fullName: 'Ada Admin', role: 'admin', hourlyRateMinor: null };

    it('says "No rate set" in plain text to whoever may not set it (an executive reading an admin)', async () => {
      await renderWithProviders(<MemberRateCard member={unrated} actor={{ role: 'account_executive', profileId: 'me' }} />, { signedInAs: 'account_executive' });
      expect(screen.getByText(en(NO_RATE_TEXTS.noRateSet))).toBeTruthy();
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
    });

    it('says it in plain text to an admin too, who may not set a fellow admin’s rate, rather than linking nowhere', async () => {
      await renderWithProviders(<MemberRateCard member={unrated} actor={{ role: 'admin', profileId: 'me' }} />, { signedInAs: 'admin' });
      expect(screen.getByText(en(NO_RATE_TEXTS.noRateSet))).toBeTruthy();
      expect(screen.queryByRole('link')).toBeNull();
    });

    it('gives the organization admin, who may set it, the empty field to set it in', async () => {
      await renderWithProviders(<MemberRateCard member={unrated} actor={{ role: 'organization_admin', profileId: 'me' }} />, { signedInAs: 'organization_admin' });
      expect((screen.getByLabelText(/Default hourly rate/) as HTMLInputElement).value).toBe('');
      expect(screen.getByRole('button', { name: 'Save rate' })).toBeTruthy();
    });
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, type Report } from '@/domain/reports';
import type { Role } from '@/domain/roles';
import { reportsApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ReportsTab } from './reports-tab';

const report: Report = {
  range: 'all',
  since: null,
  totalProjects: 8,
  activeProjects: 5,
  completedProjects: 2,
  overdueProjects: 1,
  totalClients: 4,
  totalTasks: 20,
  completedTasks: 15,
  pendingTasks: 4,
  inProgressTasks: 1,
  projectCompletionRate: 25,
  taskCompletionRate: 75,
};

async function renderTab(role: Role = 'organization_admin') {
  await renderWithProviders(<ReportsTab role={role} />);
}

describe('ReportsTab', () => {
  it('shows 8 skeletons while loading', async () => {
    apiServer.use(reportsApi.get(new Promise<Report>(() => {})));
    await renderTab();
    expect(screen.getAllByTestId('report-skeleton')).toHaveLength(8);
  });

  it('shows the cards, their sub-lines and accessible completion bars', async () => {
    apiServer.use(reportsApi.get(report));
    await renderTab('admin');
    expect(await screen.findByRole('group', { name: 'Total Projects' })).toHaveProperty('textContent', expect.stringContaining('5 active, 2 completed'));
    expect(sentRequests.map((request) => request.path)).toContain('/api/reports?range=all');
    expect(screen.getByRole('group', { name: 'Total Clients' }).textContent).toContain('4');
    expect(screen.getByRole('group', { name: 'Total Tasks' }).textContent).toContain('15 completed, 4 pending, 1 in progress');
    expect(screen.getByRole('group', { name: 'Overdue Projects' }).textContent).toContain('1');
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')])).toEqual([
      ['Project Completion Rate', '25'],
      ['Task Completion Rate', '75'],
    ]);
    expect(screen.getByText(REPORT_MESSAGES.comingSoonTitle)).toBeTruthy();
    expect(screen.getByText(REPORT_MESSAGES.adminSubtitle)).toBeTruthy();
  });

  it('gives account executives their own subtitle', async () => {
    apiServer.use(reportsApi.get(report));
    await renderTab('account_executive');
    expect(await screen.findByText(REPORT_MESSAGES.staffSubtitle)).toBeTruthy();
  });

  it("says 'Failed to fetch report data' and retries", async () => {
    let fail = true;
    apiServer.use(reportsApi.get(() => (fail ? apiError(400, 'bad_request', 'Nope') : report)));
    await renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(REPORT_MESSAGES.fetchFailed);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Total Projects' })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

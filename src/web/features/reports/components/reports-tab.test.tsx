// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, type Report } from '@/domain/reports';
import { TIME_REPORT_TEXTS, type TimeReport } from '@/domain/time-reports';
import type { Role } from '@/domain/roles';
import { reportsApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { REPORTS_TEXTS } from '../texts';
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

const emptyTime: TimeReport = {
  from: '2026-01-01',
  to: '2026-11-27',
  groupBy: 'client',
  currency: 'USD',
  rows: [],
  totals: { billableMinutes: 0, nonBillableMinutes: 0, billableMinor: 0, nonBillableMinor: 0 },
  truncated: false,
};

beforeEach(() => {
  apiServer.use(reportsApi.time(emptyTime), reportsApi.timeWeeks());
});

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

  it('shows the time report by client in hours and money, with its CSV link (issue 32)', async () => {
    apiServer.use(
      reportsApi.get(report),
      reportsApi.time({
        ...emptyTime,
        rows: [{ key: 'c1', label: 'Acme', clientName: null, projectName: null, billableMinutes: 90, nonBillableMinutes: 30, billableMinor: 15000, nonBillableMinor: 5000 }],
        totals: { billableMinutes: 90, nonBillableMinutes: 30, billableMinor: 15000, nonBillableMinor: 5000 },
      }),
    );
    await renderTab();
    const row = await screen.findByRole('row', { name: /Acme/ });
    expect(row.textContent).toContain('1.5');
    expect(row.textContent).toContain('$150.00');
    expect(row.textContent).toContain('$200.00');
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toMatch(/^\/api\/reports\/time\/export\?from=\d{4}-01-01&to=\d{4}-\d{2}-\d{2}&groupBy=client$/);
    expect(screen.getByRole('heading', { name: TIME_REPORT_TEXTS.title })).toBeTruthy();
  });

  it("makes the time table's sideways scroller a named region a keyboard reaches (issue 49 item 16)", async () => {
    apiServer.use(
      reportsApi.get(report),
      reportsApi.time({
        ...emptyTime,
        rows: [{ key: 'c1', label: 'Acme', clientName: null, projectName: null, billableMinutes: 90, nonBillableMinutes: 30, billableMinor: 15000, nonBillableMinor: 5000 }],
        totals: { billableMinutes: 90, nonBillableMinutes: 30, billableMinor: 15000, nonBillableMinor: 5000 },
      }),
    );
    await renderTab();
    const scroller = await screen.findByRole('region', { name: en(REPORTS_TEXTS.timeTable.client) });
    expect(scroller.getAttribute('aria-label')).toBe('Time by client');
    // The element that scrolls sideways, with the table in it, and a Tab stop.
    expect(scroller.className).toContain('overflow-x-auto');
    expect(within(scroller).getByTestId('time-report-table')).toBeTruthy();
    expect(scroller.tabIndex).toBe(0);
    scroller.focus();
    expect(document.activeElement).toBe(scroller);
  });

  it('says hours per week that failed to load failed, with Retry, under a time report that loaded (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(
      reportsApi.get(report),
      reportsApi.time({
        ...emptyTime,
        rows: [{ key: 'c1', label: 'Acme', clientName: null, projectName: null, billableMinutes: 90, nonBillableMinutes: 30, billableMinor: 15000, nonBillableMinor: 5000 }],
        totals: { billableMinutes: 90, nonBillableMinutes: 30, billableMinor: 15000, nonBillableMinor: 5000 },
      }),
      reportsApi.timeWeeks(() => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { weeks: [] })),
    );
    await renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TIME_REPORT_TEXTS.chartLoadFailed);
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.getByRole('row', { name: /Acme/ })).toBeTruthy();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES, type Report } from '@/domain/reports';
import { reportPresetRange, TIME_REPORT_MESSAGES, TIME_REPORT_TEXTS, type TimeReport, type TimeReportEntries, type TimeReportRow, type TimeReportScope } from '@/domain/time-reports';
import type { Role } from '@/domain/roles';
import { todayIso } from '@/web/lib/format-date';
import { NO_RATE_TEXTS } from '@/web/components/texts';
import { reportsApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests, type SentRequest } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { REPORTS_TEXTS } from '../texts';
import { ReportsTab } from './reports-tab';

const report: Report = {
  range: null,
  since: null,
  until: null,
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

const noScope: TimeReportScope = { clientName: null, projectName: null, taskTitle: null };
const zero = { billableMinutes: 0, nonBillableMinutes: 0, billableMinor: 0, nonBillableMinor: 0 };
const emptyTime: TimeReport = { from: '2026-01-01', to: '2026-11-27', groupBy: 'client', currency: 'USD', rows: [], totals: zero, truncated: false, scope: noScope };

const C1 = '11111111-1111-4111-8111-111111111111';
const C2 = '22222222-2222-4222-8222-222222222222';
const P1 = '33333333-3333-4333-8333-333333333333';
const T1 = '44444444-4444-4444-8444-444444444444';
const M1 = '55555555-5555-4555-8555-555555555555';

const row = (key: string | null, label: string, billableMinutes: number, nonBillableMinutes: number, billableMinor: number | null): TimeReportRow => ({
  key,
  label,
  clientName: null,
  projectName: null,
  billableMinutes,
  nonBillableMinutes,
  billableMinor,
  nonBillableMinor: 0,
});
const timeOf = (rows: TimeReportRow[], scope = noScope): TimeReport => ({
  ...emptyTime,
  rows,
  scope,
  totals: rows.reduce((sum, r) => ({ ...sum, billableMinutes: sum.billableMinutes + r.billableMinutes, nonBillableMinutes: sum.nonBillableMinutes + r.nonBillableMinutes, billableMinor: (sum.billableMinor ?? 0) + (r.billableMinor ?? 0) }), zero),
});
const acme = row(C1, 'Acme', 90, 30, 15000);

/** The time report as the server would narrow it: clients, a client's projects, a project's tasks. */
function drilledTime({ query }: SentRequest): TimeReport {
  switch (query.get('groupBy')) {
    case 'project':
      return timeOf([row(P1, 'Website', 90, 30, 15000)], { ...noScope, clientName: 'Acme' });
    case 'task':
      return timeOf([row(T1, 'Design', 90, 0, 15000), row(null, '', 0, 30, 0)], { ...noScope, clientName: 'Acme', projectName: 'Website' });
    default:
      return timeOf([acme, row(C2, 'Globex', 45, 0, 9000)]);
  }
}

const designEntries: TimeReportEntries = {
  currency: 'USD',
  entries: [{ id: 'e1', workDate: '2026-11-02', memberName: 'Dana Dev', minutes: 90, billable: true, note: 'Wireframes', amountMinor: 15000 }],
  totals: { ...zero, billableMinutes: 90, billableMinor: 15000 },
  truncated: false,
  scope: { clientName: 'Acme', projectName: 'Website', taskTitle: 'Design' },
};

const options = {
  clients: [
    { id: C1, name: 'Acme' },
    { id: C2, name: 'Globex' },
  ],
  projects: [
    { id: P1, name: 'Website', clientId: C1 },
    { id: '66666666-6666-4666-8666-666666666666', name: 'Audit', clientId: C2 },
  ],
  members: [{ id: M1, name: 'Dana Dev' }],
};

beforeEach(() => {
  apiServer.use(reportsApi.get(report), reportsApi.time(emptyTime), reportsApi.timeWeeks(), reportsApi.timeFilters(options));
});

/** The router's query string, shown so a test reads what the URL keeps. */
function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}
const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');
const timeRequests = (path = '/api/reports/time?') => sentRequests.filter((r) => r.path.startsWith(path)).map((r) => r.query);

async function renderTab(role: Role = 'organization_admin', route = '/?tab=reports') {
  await renderWithProviders(
    <>
      <ReportsTab role={role} />
      <Where />
    </>,
    { route, signedInAs: role },
  );
}

describe('ReportsTab', () => {
  it('shows 8 skeletons while the overview loads', async () => {
    apiServer.use(reportsApi.get(new Promise<Report>(() => {})));
    await renderTab();
    expect(await screen.findAllByTestId('report-skeleton')).toHaveLength(8);
  });

  it('shows the time report first, then the cards and completion bars of the same range; no placeholder', async () => {
    await renderTab('admin');
    expect(await screen.findByRole('group', { name: 'Total Projects' })).toHaveProperty('textContent', expect.stringContaining('5 active, 2 completed'));
    const month = reportPresetRange('this-month', todayIso());
    expect(sentRequests.map((request) => request.path)).toContain(`/api/reports?from=${month.from}&to=${month.to}`);
    expect(timeRequests()[0]?.get('from')).toBe(month.from);
    expect(screen.getByRole('group', { name: 'Total Clients' }).textContent).toContain(en(REPORTS_TEXTS.clientsAddedInRange));
    expect(screen.getByRole('group', { name: 'Total Tasks' }).textContent).toContain('15 completed, 4 pending, 1 in progress');
    expect(screen.getByRole('group', { name: 'Overdue Projects' }).textContent).toContain('1');
    const bars = screen.getAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')])).toEqual([
      ['Project Completion Rate', '25'],
      ['Task Completion Rate', '75'],
    ]);
    expect(screen.queryByText('More Reports Coming Soon')).toBeNull();
    expect(screen.getByText(en(REPORT_MESSAGES.adminSubtitle))).toBeTruthy();
    // Time first: its heading comes before the overview's.
    const time = screen.getByText(en(TIME_REPORT_TEXTS.title), { selector: '[id="time-report-title"]' });
    const overview = screen.getByRole('heading', { name: en(REPORTS_TEXTS.overview) });
    expect(time.compareDocumentPosition(overview) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('gives account executives their own subtitle', async () => {
    await renderTab('account_executive');
    expect(await screen.findByText(en(REPORT_MESSAGES.staffSubtitle))).toBeTruthy();
  });

  it("says 'Failed to fetch report data' and retries", async () => {
    let fail = true;
    apiServer.use(reportsApi.get(() => (fail ? apiError(400, 'bad_request', 'Nope') : report)));
    await renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(REPORT_MESSAGES.fetchFailed));
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Total Projects' })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('one date range for the page (issue 49 item 15)', () => {
    it('a preset sets the range of every section and the URL', async () => {
      await renderTab();
      await screen.findByRole('group', { name: 'Total Projects' });
      fireEvent.change(screen.getByLabelText(en(REPORTS_TEXTS.dateRange)), { target: { value: 'last-week' } });
      const week = reportPresetRange('last-week', todayIso());
      await waitFor(() => expect(where().get('range')).toBe('last-week'));
      await waitFor(() => expect(sentRequests.map((r) => r.path)).toContain(`/api/reports?from=${week.from}&to=${week.to}`));
      expect(timeRequests().some((q) => q.get('from') === week.from && q.get('to') === week.to)).toBe(true);
      expect(timeRequests('/api/reports/time/weeks?').some((q) => q.get('from') === week.from)).toBe(true);
    });

    it('a custom range is kept in the URL, read back on a reload, and a backwards one asks nothing', async () => {
      await renderTab('organization_admin', '/?tab=reports&range=custom&from=2026-10-01&to=2026-10-15');
      await screen.findByRole('group', { name: 'Total Projects' });
      expect((screen.getByLabelText(en(REPORTS_TEXTS.from)) as HTMLInputElement).value).toBe('2026-10-01');
      expect(sentRequests.map((r) => r.path)).toContain('/api/reports?from=2026-10-01&to=2026-10-15');
      const before = sentRequests.length;
      fireEvent.change(screen.getByLabelText(en(REPORTS_TEXTS.to)), { target: { value: '2026-09-01' } });
      expect(await screen.findByText(en(TIME_REPORT_MESSAGES.toBeforeFrom))).toBeTruthy();
      expect(where().get('to')).toBe('2026-09-01');
      expect(sentRequests.slice(before).filter((r) => r.query.get('to') === '2026-09-01')).toEqual([]);
    });
  });

  describe('filters (issue 49 item 15)', () => {
    it('offer the organization’s clients, projects and members, and go into the URL and the request', async () => {
      await renderTab();
      const client = await screen.findByLabelText(en(REPORTS_TEXTS.client));
      await waitFor(() => expect(within(client).getAllByRole('option').map((o) => o.textContent)).toEqual(['All clients', 'Acme', 'Globex']));
      fireEvent.change(client, { target: { value: C1 } });
      await waitFor(() => expect(where().get('client')).toBe(C1));
      // The project list narrows to the client's projects.
      expect(within(screen.getByLabelText(en(REPORTS_TEXTS.project))).getAllByRole('option').map((o) => o.textContent)).toEqual(['All projects', 'Website']);
      fireEvent.change(screen.getByLabelText(en(REPORTS_TEXTS.member)), { target: { value: M1 } });
      fireEvent.change(screen.getByLabelText(en(REPORTS_TEXTS.billableFilter)), { target: { value: 'non-billable' } });
      await waitFor(() => expect(where().get('billable')).toBe('non-billable'));
      expect(where().get('member')).toBe(M1);
      await waitFor(() =>
        expect(timeRequests().some((q) => q.get('clientId') === C1 && q.get('memberId') === M1 && q.get('billable') === 'non-billable')).toBe(true),
      );
      expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain(`clientId=${C1}`);
    });

    it('are read back from the URL on a reload', async () => {
      await renderTab('organization_admin', `/?tab=reports&range=last-month&client=${C1}&billable=billable`);
      await waitFor(() => expect((screen.getByLabelText(en(REPORTS_TEXTS.client)) as HTMLSelectElement).value).toBe(C1));
      expect((screen.getByLabelText(en(REPORTS_TEXTS.billableFilter)) as HTMLSelectElement).value).toBe('billable');
      expect((screen.getByLabelText(en(REPORTS_TEXTS.dateRange)) as HTMLSelectElement).value).toBe('last-month');
      const month = reportPresetRange('last-month', todayIso());
      await waitFor(() => expect(timeRequests().some((q) => q.get('clientId') === C1 && q.get('billable') === 'billable' && q.get('from') === month.from)).toBe(true));
    });

    it('say so when they failed to load, with Retry', async () => {
      let down = true;
      apiServer.use(reportsApi.timeFilters(() => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : options)));
      await renderTab();
      const alert = await screen.findByText(new RegExp(en(REPORTS_TEXTS.filtersLoadFailed)));
      down = false;
      fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(within(screen.getByLabelText(en(REPORTS_TEXTS.client))).getAllByRole('option')).toHaveLength(3));
    });
  });

  describe('drill-down (issue 49 item 15)', () => {
    it('goes client → project → task → entries with totals in h:mm, and back up by the breadcrumb', async () => {
      apiServer.use(reportsApi.time(drilledTime), reportsApi.timeEntries(designEntries));
      await renderTab();
      const acmeRow = await screen.findByRole('row', { name: /Acme/ });
      // Hours, billable hours (the timesheet's h:mm) and billable money.
      expect(acmeRow.textContent).toContain('2:00');
      expect(acmeRow.textContent).toContain('1:30');
      expect(acmeRow.textContent).toContain('$150.00');

      fireEvent.click(within(acmeRow).getByRole('button', { name: 'Acme: show its projects' }));
      await waitFor(() => expect(where().get('drillClient')).toBe(C1));
      const crumbs = await screen.findByRole('navigation', { name: en(REPORTS_TEXTS.breadcrumb) });
      await waitFor(() => expect(within(crumbs).getByText('Acme').getAttribute('aria-current')).toBe('page'));
      expect(timeRequests().some((q) => q.get('groupBy') === 'project' && q.get('clientId') === C1)).toBe(true);

      fireEvent.click(await screen.findByRole('button', { name: 'Website: show its tasks' }));
      await waitFor(() => expect(timeRequests().some((q) => q.get('groupBy') === 'task' && q.get('projectId') === P1)).toBe(true));
      // Time on no task is a row too, and opens its entries.
      expect(await screen.findByRole('button', { name: `${en(REPORTS_TEXTS.noTask)}: show its entries` })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Design: show its entries' }));
      const entries = await screen.findByRole('region', { name: en(REPORTS_TEXTS.entriesTable) });
      const entry = within(entries).getByRole('row', { name: /Nov 2, 2026/ });
      expect(entry.textContent).toContain('Dana Dev');
      expect(entry.textContent).toContain('1:30');
      expect(entry.textContent).toContain('Yes');
      expect(entry.textContent).toContain('Wireframes');
      expect(entry.textContent).toContain('$150.00');
      expect(timeRequests('/api/reports/time/entries?')[0]?.get('taskId')).toBe(T1);
      expect(within(crumbs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['All clients', 'Acme', 'Website', 'Design']);
      // No CSV for the entries step (the CSV is the grouped report's).
      expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();

      fireEvent.click(within(crumbs).getByRole('button', { name: 'Website' }));
      expect(await screen.findByRole('button', { name: 'Design: show its entries' })).toBeTruthy();
      expect(where().get('drillTask')).toBeNull();
      fireEvent.click(within(screen.getByRole('navigation', { name: en(REPORTS_TEXTS.breadcrumb) })).getByRole('button', { name: 'All clients' }));
      expect(await screen.findByRole('button', { name: 'Globex: show its projects' })).toBeTruthy();
      expect(screen.queryByRole('navigation', { name: en(REPORTS_TEXTS.breadcrumb) })).toBeNull();
      expect(where().get('drillClient')).toBeNull();
    });

    it('opens where a shared link left it, the names from the server', async () => {
      apiServer.use(reportsApi.time(drilledTime), reportsApi.timeEntries(designEntries));
      await renderTab('organization_admin', `/?tab=reports&drillClient=${C1}&drillProject=${P1}`);
      const crumbs = await screen.findByRole('navigation', { name: en(REPORTS_TEXTS.breadcrumb) });
      await waitFor(() => expect(within(crumbs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['All clients', 'Acme', 'Website']));
      expect(await screen.findByRole('button', { name: 'Design: show its entries' })).toBeTruthy();
    });

    it('changing a filter starts again from the top', async () => {
      apiServer.use(reportsApi.time(drilledTime));
      await renderTab('organization_admin', `/?tab=reports&drillClient=${C1}`);
      await screen.findByRole('button', { name: 'Website: show its tasks' });
      fireEvent.change(screen.getByLabelText(en(REPORTS_TEXTS.billableFilter)), { target: { value: 'billable' } });
      expect(await screen.findByRole('button', { name: 'Acme: show its projects' })).toBeTruthy();
      expect(where().get('drillClient')).toBeNull();
    });
  });

  describe('money without a rate (issue 49 item 8)', () => {
    const unrated = () => timeOf([acme, row(C2, 'Globex', 45, 0, null)]);

    it('says "No rate set" rather than $0.00, a link to the Team tab for an admin; a real zero stays money', async () => {
      apiServer.use(reportsApi.time(() => ({ ...unrated(), rows: [...unrated().rows, row(M1, 'Initech', 30, 0, 0)] })));
      await renderTab('admin');
      const globex = await screen.findByRole('row', { name: /Globex/ });
      expect(globex.textContent).toContain('0:45');
      const link = within(globex).getByRole('link', { name: en(NO_RATE_TEXTS.setRates) });
      expect(link.textContent).toBe(en(NO_RATE_TEXTS.noRateSet));
      expect(link.getAttribute('href')).toBe('/?tab=team');
      expect(globex.textContent).not.toContain('$0.00');
      expect(screen.getByRole('row', { name: /Initech/ }).textContent).toContain('$0.00');
    });

    it('says it in plain text to an account executive, in a row and an entry', async () => {
      const entries: TimeReportEntries = { ...designEntries, entries: [{ ...designEntries.entries[0]!, amountMinor: null }], totals: { ...designEntries.totals, billableMinor: null } };
      apiServer.use(reportsApi.time(unrated), reportsApi.timeEntries(entries));
      await renderTab('account_executive', `/?tab=reports&drillClient=${C1}&drillProject=${P1}&drillTask=${T1}`);
      const table = await screen.findByRole('region', { name: en(REPORTS_TEXTS.entriesTable) });
      const entry = within(table).getByRole('row', { name: /Nov 2, 2026/ });
      expect(entry.textContent).toContain(en(NO_RATE_TEXTS.noRateSet));
      expect(within(table).getAllByText(en(NO_RATE_TEXTS.noRateSet))).toHaveLength(2); // the entry and the total
      expect(screen.queryByRole('link', { name: en(NO_RATE_TEXTS.setRates) })).toBeNull();
    });
  });

  it('shows a skeleton while the time report loads, and a failed one as an error with Retry, never an empty table', async () => {
    let down = true;
    let answer: (value: TimeReport) => void = () => {};
    apiServer.use(reportsApi.time(() => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : new Promise<TimeReport>((resolve) => (answer = resolve)))));
    await renderTab();
    const alert = await screen.findByText(en(TIME_REPORT_TEXTS.loadFailed));
    expect(screen.queryByTestId('time-report-table')).toBeNull();
    down = false;
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('time-report-skeleton')).toBeTruthy();
    answer(timeOf([acme]));
    expect(await screen.findByRole('row', { name: /Acme/ })).toBeTruthy();
  });

  it("makes the time table's scroller a named region a keyboard reaches (issue 49 item 16)", async () => {
    apiServer.use(reportsApi.time(timeOf([acme])));
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
      reportsApi.time(timeOf([acme])),
      reportsApi.timeWeeks(() => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { weeks: [] })),
    );
    await renderTab();
    const alert = await screen.findByText(new RegExp(en(TIME_REPORT_TEXTS.chartLoadFailed)));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.getByRole('row', { name: /Acme/ })).toBeTruthy();

    down = false;
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(new RegExp(en(TIME_REPORT_TEXTS.chartLoadFailed)))).toBeNull());
  });
});

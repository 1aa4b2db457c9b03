import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { TIME_REPORT_MESSAGES, TIME_REPORT_TEXTS, type TimeReportFilters } from '../../../domain/time-reports';
import { fixedClock } from '../../platform/clock';
import { and, eq, sql } from 'drizzle-orm';
import { tasks } from '../tasks/schema';
import { timeEntries } from '../time/schema';
import { timeReportStatement } from './time-report';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('time reports (issue 32 item 4)', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let outsider: TestUser;
  const ids: Record<string, string> = {};

  async function log(who: TestUser | { profileId: null; fullName: string }, project: string, workDate: string, minutes: number, billable = true, taskId: string | null = null) {
    await t.db.insert(timeEntries).values({
      organizationId: orgAdmin.organizationId,
      projectId: ids[project]!,
      profileId: who.profileId,
      memberName: who.fullName,
      workDate,
      minutes,
      billable,
      taskId,
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    orgAdmin = await asUser(t, 'organization_admin', { fullName: 'Olga Owner' });
    const organizationId = orgAdmin.organizationId;
    executive = await asUser(t, 'account_executive', { organizationId, fullName: 'Ezra Exec' });
    developer = await asUser(t, 'developer', { organizationId, fullName: 'Dana Dev' });
    outsider = await asUser(t, 'organization_admin');
    for (const client of ['Acme', 'Globex']) ids[client] = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: client } })).json().id;
    for (const [project, client] of [['Website', 'Acme'], ['App', 'Acme'], ['Audit', 'Globex']] as const) {
      ids[project] = (await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: project, clientId: ids[client] } })).json().id;
    }
    ids.task = (await orgAdmin.inject({ method: 'POST', url: `/api/projects/${ids.Website}/tasks`, payload: { title: 'Design' } })).json().id;
    await orgAdmin.inject({ method: 'PUT', url: `/api/team/${developer.profileId}/rate`, payload: { hourlyRateMinor: 10000 } });
    await orgAdmin.inject({ method: 'PUT', url: `/api/team/${executive.profileId}/rate`, payload: { hourlyRateMinor: 15000 } });
    await orgAdmin.inject({ method: 'PUT', url: `/api/projects/${ids.Audit}/budget`, payload: { hourlyRateMinor: 20000, budgetKind: null, budgetAmount: null } });

    await log(developer, 'Website', '2026-11-02', 90, true, ids.task);
    await log(developer, 'Website', '2026-11-03', 30, false);
    await log(executive, 'App', '2026-11-10', 60);
    await log(developer, 'Audit', '2026-11-10', 45); // project rate 200.00/h
    await log({ profileId: null, fullName: 'Gone Person' }, 'App', '2026-11-11', 120);
    await log(developer, 'Website', '2026-10-31', 600); // before the range
    // Another organization's time never counts.
    const foreignClient = (await outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Foreign' } })).json().id;
    const foreignProject = (await outsider.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Foreign', clientId: foreignClient } })).json().id;
    await t.db.insert(timeEntries).values({ organizationId: outsider.organizationId, projectId: foreignProject, profileId: outsider.profileId, memberName: 'X', workDate: '2026-11-05', minutes: 500 });
  });
  afterAll(() => t.close());

  const report = (who: TestUser, query: string) => who.inject({ method: 'GET', url: `/api/reports/time?${query}` });
  const november = 'from=2026-11-01&to=2026-11-30';

  it('groups by client with billable and non-billable hours and money', async () => {
    const res = await report(executive, november);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('USD');
    expect(body.rows).toEqual([
      { key: ids.Acme, label: 'Acme', clientName: null, projectName: null, billableMinutes: 270, nonBillableMinutes: 30, billableMinor: 15000 + 15000, nonBillableMinor: 5000 },
      { key: ids.Globex, label: 'Globex', clientName: null, projectName: null, billableMinutes: 45, nonBillableMinutes: 0, billableMinor: 15000, nonBillableMinor: 0 },
    ]);
    expect(body.totals).toEqual({ billableMinutes: 315, nonBillableMinutes: 30, billableMinor: 45000, nonBillableMinor: 5000 });
  });

  it('groups by project, member (a removed member’s hours stay under their name) and task', async () => {
    const projects = (await report(orgAdmin, `${november}&groupBy=project`)).json().rows;
    expect(projects.map((r: { label: string; clientName: string }) => [r.label, r.clientName])).toEqual([
      ['App', 'Acme'],
      ['Website', 'Acme'],
      ['Audit', 'Globex'],
    ]);
    const members = (await report(orgAdmin, `${november}&groupBy=member`)).json().rows;
    expect(members.map((r: { label: string; key: string | null; billableMinutes: number }) => [r.label, r.key, r.billableMinutes])).toEqual([
      ['Dana Dev', developer.profileId, 135],
      ['Gone Person', null, 120],
      ['Ezra Exec', executive.profileId, 60],
    ]);
    const tasks = (await report(orgAdmin, `${november}&groupBy=task`)).json().rows;
    expect(tasks.find((r: { key: string }) => r.key === ids.task)).toMatchObject({ label: 'Design', projectName: 'Website', clientName: 'Acme', billableMinutes: 90 });
  });

  it('tells money with no rate (null) from a real zero, and the CSV keeps its 0.00 (issue 49 item 8)', async () => {
    const members = (await report(orgAdmin, `${november}&groupBy=member`)).json();
    const figures = members.rows.map((r: { label: string; billableMinutes: number; billableMinor: number | null; nonBillableMinor: number | null }) => [
      r.label,
      r.billableMinutes,
      r.billableMinor,
      r.nonBillableMinor,
    ]);
    // A removed member has no rate: 120 billable minutes and no money, not $0.00; no non-billable minutes is a zero.
    expect(figures).toEqual([
      ['Dana Dev', 135, 15000 + 15000, 5000],
      ['Gone Person', 120, null, 0],
      ['Ezra Exec', 60, 15000, 0],
    ]);
    // The totals count the priced money; they are null only when none is priced.
    expect(members.totals).toEqual({ billableMinutes: 315, nonBillableMinutes: 30, billableMinor: 45000, nonBillableMinor: 5000 });
    const goneDay = (await report(orgAdmin, 'from=2026-11-11&to=2026-11-11&groupBy=member')).json();
    expect(goneDay.rows.map((r: { label: string }) => r.label)).toEqual(['Gone Person']);
    expect(goneDay.totals).toEqual({ billableMinutes: 120, nonBillableMinutes: 0, billableMinor: null, nonBillableMinor: 0 });
    const csv = parse((await orgAdmin.inject({ method: 'GET', url: `/api/reports/time/export?${november}&groupBy=member` })).body.replace(/^\uFEFF/, '')) as string[][];
    expect(csv.find((row) => row[0] === 'Gone Person')).toEqual(['Gone Person', '2', '0', '2', '0.00', '0.00', '0.00']);
  });

  it('is staff’s only and refuses bad ranges with the field message', async () => {
    expect((await report(developer, november)).statusCode).toBe(403);
    expect((await developer.inject({ method: 'GET', url: `/api/reports/time/export?${november}` })).statusCode).toBe(403);
    expect((await developer.inject({ method: 'GET', url: `/api/reports/time/weeks?${november}` })).statusCode).toBe(403);
    const backwards = await report(orgAdmin, 'from=2026-11-30&to=2026-11-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain(TIME_REPORT_MESSAGES.toBeforeFrom.message);
    expect((await report(orgAdmin, 'from=2020-01-01&to=2026-11-01')).json().error.message).toContain('A report covers at most 1100 days');
    expect((await report(orgAdmin, 'from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await report(outsider, november)).json().rows.map((r: { label: string }) => r.label)).toEqual(['Foreign']);
  });

  it('exports the same rows as CSV', async () => {
    const res = await orgAdmin.inject({ method: 'GET', url: `/api/reports/time/export?${november}&groupBy=project` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse(res.body.replace(/^\uFEFF/, '')) as string[][];
    expect(rows[0]).toEqual([
      'Project',
      'Client',
      TIME_REPORT_TEXTS.billableHours.message,
      TIME_REPORT_TEXTS.nonBillableHours.message,
      TIME_REPORT_TEXTS.totalHours.message,
      'Billable amount (USD)',
      'Non-billable amount (USD)',
      'Total amount (USD)',
    ]);
    expect(rows[2]).toEqual(['Website', 'Acme', '1.5', '0.5', '2', '150.00', '50.00', '200.00']);
  });

  it('sums hours per week for the chart', async () => {
    const res = await orgAdmin.inject({ method: 'GET', url: `/api/reports/time/weeks?${november}` });
    expect(res.json().weeks).toEqual([
      { weekStart: '2026-10-26', billableMinutes: 0, nonBillableMinutes: 0 + 0 },
      { weekStart: '2026-11-02', billableMinutes: 90, nonBillableMinutes: 30 },
      { weekStart: '2026-11-09', billableMinutes: 225, nonBillableMinutes: 0 },
    ].filter((w) => w.billableMinutes + w.nonBillableMinutes > 0));
  });

  // Issue 49 item 15: filters (client, project, member, billable) and the drill-down client → project → task → entries.
  describe('filters and drill-down', () => {
    type Row = { key: string | null; label: string; billableMinutes: number; nonBillableMinutes: number; billableMinor: number; nonBillableMinor: number };
    const brief = (rows: Row[]) => rows.map((r) => [r.label, r.billableMinutes, r.nonBillableMinutes, r.billableMinor + r.nonBillableMinor]);

    it('narrows a client to its projects, with the client named for the breadcrumb', async () => {
      const body = (await report(orgAdmin, `${november}&groupBy=project&clientId=${ids.Acme}`)).json();
      // App: Ezra's hour at 150.00 and a removed member's two with no rate; Website: Dana's at 100.00.
      expect(brief(body.rows)).toEqual([
        ['App', 180, 0, 15000],
        ['Website', 90, 30, 20000],
      ]);
      expect(body.scope).toEqual({ clientName: 'Acme', projectName: null, taskTitle: null });
    });

    it('narrows a project to its tasks, the time on no task one row of them', async () => {
      const body = (await report(orgAdmin, `${november}&groupBy=task&clientId=${ids.Acme}&projectId=${ids.Website}`)).json();
      expect(body.rows.map((r: Row) => [r.key, r.label, r.billableMinutes, r.nonBillableMinutes])).toEqual([
        [ids.task, 'Design', 90, 0],
        [null, '', 0, 30],
      ]);
      expect(body.scope).toEqual({ clientName: 'Acme', projectName: 'Website', taskTitle: null });
    });

    it('filters by member and by billable, the chart and the CSV alike', async () => {
      expect(brief((await report(executive, `${november}&memberId=${developer.profileId}`)).json().rows)).toEqual([
        ['Acme', 90, 30, 20000],
        ['Globex', 45, 0, 15000],
      ]);
      expect(brief((await report(executive, `${november}&billable=non-billable`)).json().rows)).toEqual([['Acme', 0, 30, 5000]]);
      expect(brief((await report(executive, `${november}&billable=billable&clientId=${ids.Globex}`)).json().rows)).toEqual([['Globex', 45, 0, 15000]]);
      const weeks = (await orgAdmin.inject({ method: 'GET', url: `/api/reports/time/weeks?${november}&memberId=${executive.profileId}` })).json().weeks;
      expect(weeks).toEqual([{ weekStart: '2026-11-09', billableMinutes: 60, nonBillableMinutes: 0 }]);
      const csv = await orgAdmin.inject({ method: 'GET', url: `/api/reports/time/export?${november}&groupBy=project&clientId=${ids.Globex}` });
      const lines = parse(csv.body.replace(/^\uFEFF/, '')) as string[][];
      expect(lines.slice(1).map((line) => line[0])).toEqual(['Audit']);
    });

    it("lists a task's entries, and the time on a project's no task, with date, member, billable, note and money", async () => {
      const design = (await orgAdmin.inject({ method: 'GET', url: `/api/reports/time/entries?${november}&projectId=${ids.Website}&taskId=${ids.task}` })).json();
      expect(design.entries).toEqual([{ id: expect.any(String), workDate: '2026-11-02', memberName: 'Dana Dev', minutes: 90, billable: true, note: null, amountMinor: 15000 }]);
      expect(design.totals).toEqual({ billableMinutes: 90, nonBillableMinutes: 0, billableMinor: 15000, nonBillableMinor: 0 });
      expect(design.scope).toEqual({ clientName: null, projectName: 'Website', taskTitle: 'Design' });
      const none = (await orgAdmin.inject({ method: 'GET', url: `/api/reports/time/entries?${november}&projectId=${ids.Website}&taskId=none` })).json();
      expect(none.entries.map((e: { workDate: string; minutes: number; billable: boolean }) => [e.workDate, e.minutes, e.billable])).toEqual([['2026-11-03', 30, false]]);
      // A removed member's entry keeps their name; with no rate anywhere its money is null, not 0.
      const app = (await orgAdmin.inject({ method: 'GET', url: `/api/reports/time/entries?${november}&projectId=${ids.App}&taskId=none` })).json();
      expect(app.entries.map((e: { memberName: string; amountMinor: number | null }) => [e.memberName, e.amountMinor])).toEqual([
        ['Ezra Exec', 15000],
        ['Gone Person', null],
      ]);
    });

    it('refuses bad filters with 400 and a message naming the filter', async () => {
      const cases = [
        [`/api/reports/time?${november}&clientId=acme`, TIME_REPORT_MESSAGES.badClient],
        [`/api/reports/time?${november}&projectId=1`, TIME_REPORT_MESSAGES.badProject],
        [`/api/reports/time?${november}&memberId=me`, TIME_REPORT_MESSAGES.badMember],
        [`/api/reports/time?${november}&billable=yes`, TIME_REPORT_MESSAGES.badBillable],
        [`/api/reports/time/weeks?${november}&billable=yes`, TIME_REPORT_MESSAGES.badBillable],
        [`/api/reports/time/entries?${november}&taskId=design`, TIME_REPORT_MESSAGES.badTask],
        [`/api/reports/time/entries?from=2026-11-30&to=2026-11-01`, TIME_REPORT_MESSAGES.toBeforeFrom],
      ] as const;
      for (const [url, message] of cases) {
        const res = await orgAdmin.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.message, url).toContain(message.message);
      }
    });

    it("offers the organization's own clients, projects and members to filter by, staff only", async () => {
      const options = (await executive.inject({ method: 'GET', url: '/api/reports/time/filters' })).json();
      expect(options.clients.map((c: { name: string }) => c.name)).toEqual(['Acme', 'Globex']);
      expect(options.projects.map((p: { name: string; clientId: string }) => [p.name, p.clientId])).toEqual([
        ['App', ids.Acme],
        ['Audit', ids.Globex],
        ['Website', ids.Acme],
      ]);
      expect(options.members.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['Dana Dev', 'Ezra Exec', 'Olga Owner']));
      expect(options.members.map((m: { id: string }) => m.id)).not.toContain(outsider.profileId);
      expect((await developer.inject({ method: 'GET', url: '/api/reports/time/filters' })).statusCode).toBe(403);
    });

    it("keeps the tenant wall: another organization's ids match nothing and name nothing", async () => {
      const byClient = (await report(outsider, `${november}&groupBy=project&clientId=${ids.Acme}`)).json();
      expect(byClient.rows).toEqual([]);
      expect(byClient.scope).toEqual({ clientName: null, projectName: null, taskTitle: null });
      const entries = (await outsider.inject({ method: 'GET', url: `/api/reports/time/entries?${november}&projectId=${ids.Website}&taskId=${ids.task}` })).json();
      expect(entries.entries).toEqual([]);
      expect(entries.scope).toEqual({ clientName: null, projectName: null, taskTitle: null });
      // And this organization's report never counts the outsider's time under a filter either.
      expect((await report(orgAdmin, `${november}&memberId=${outsider.profileId}`)).json().rows).toEqual([]);
    });

    it("stays staff's: a developer gets 403 for the filtered report and the entries, even of their own project's time", async () => {
      const assigned = await orgAdmin.inject({ method: 'POST', url: `/api/projects/${ids.Website}/developers`, payload: { developerProfileId: developer.profileId } });
      expect(assigned.statusCode).toBe(201);
      for (const url of [
        `/api/reports/time?${november}&projectId=${ids.Website}`,
        `/api/reports/time?${november}&memberId=${developer.profileId}`,
        `/api/reports/time/entries?${november}&projectId=${ids.Website}&taskId=${ids.task}`,
        `/api/reports/time/weeks?${november}&projectId=${ids.Website}`,
      ]) {
        const res = await developer.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(403);
      }
    });
  });

  // Decision 037 addendum: whole months come from time_totals, which triggers keep.
  describe('monthly totals', () => {
    const totalsNow = async () =>
      (
        (await t.db.execute(
          sql`select organization_id, month::text, project_id, profile_id, member_name, billable, minutes::int from time_totals where minutes <> 0 order by 1, 2, 3, 4, 5, 6`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const totalsFromEntries = async () =>
      (
        (await t.db.execute(
          sql`select organization_id, date_trunc('month', work_date)::date::text as month, project_id, profile_id, member_name, billable, sum(minutes)::int as minutes
                from time_entries group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const rowsOf = async (from: string, to: string, groupBy: 'client' | 'project' | 'member', useTotals: boolean) =>
      ((await t.db.execute(timeReportStatement(orgAdmin.organizationId, from, to, groupBy, useTotals))) as unknown as { rows: unknown[] }).rows;

    it('follow every change of the entries, and a report of whole and partial months equals one read from the entries', async () => {
      expect(await totalsNow()).toEqual(await totalsFromEntries());
      // More months, then edits: minutes, a move across months, billable flipped, a delete, a task deleted, a member removed.
      const leaving = await asUser(t, 'developer', { organizationId: orgAdmin.organizationId, fullName: 'Lee Leaving' });
      for (const [date, minutes] of [['2026-09-30', 50], ['2026-10-01', 70], ['2026-10-15', 80], ['2026-12-01', 40], ['2026-12-02', 35]] as const) {
        await log(leaving, 'Website', date, minutes, true, ids.task);
        await log(executive, 'Audit', date, minutes + 5, false);
      }
      const mine = and(eq(timeEntries.profileId, leaving.profileId), eq(timeEntries.workDate, '2026-10-15'));
      await t.db.update(timeEntries).set({ minutes: 95 }).where(mine);
      await t.db.update(timeEntries).set({ workDate: '2026-11-20' }).where(and(eq(timeEntries.profileId, leaving.profileId), eq(timeEntries.workDate, '2026-10-01')));
      await t.db.update(timeEntries).set({ billable: false }).where(and(eq(timeEntries.profileId, executive.profileId), eq(timeEntries.workDate, '2026-12-01')));
      await t.db.delete(timeEntries).where(and(eq(timeEntries.profileId, executive.profileId), eq(timeEntries.workDate, '2026-09-30')));
      const task = (await orgAdmin.inject({ method: 'POST', url: `/api/projects/${ids.App}/tasks`, payload: { title: 'Gone soon' } })).json().id;
      await log(leaving, 'App', '2026-11-12', 25, true, task);
      // A deleted task leaves its hours on the project (the foreign key sets task_id null: an update).
      await t.db.delete(tasks).where(eq(tasks.id, task));
      // A removed member's entries lose their profile (another update), keeping the name.
      expect((await orgAdmin.inject({ method: 'DELETE', url: `/api/team/${leaving.profileId}` })).statusCode).toBe(204);
      expect(await totalsNow()).toEqual(await totalsFromEntries());

      for (const [from, to] of [['2026-09-15', '2026-12-01'], ['2026-10-01', '2026-11-30'], ['2026-10-02', '2026-11-29'], ['2026-09-30', '2026-12-31']] as const) {
        for (const groupBy of ['client', 'project', 'member'] as const) {
          expect(await rowsOf(from, to, groupBy, true), `${from}..${to} by ${groupBy}`).toEqual(await rowsOf(from, to, groupBy, false));
        }
      }
      // Issue 49 item 15: the filters read the monthly totals to the same rows as the entries.
      const filtered = (filters: TimeReportFilters, useTotals: boolean) =>
        t.db.execute(timeReportStatement(orgAdmin.organizationId, '2026-09-15', '2026-12-01', 'project', useTotals, filters)) as unknown as Promise<{ rows: unknown[] }>;
      for (const filters of [{ clientId: ids.Acme }, { memberId: executive.profileId }, { billable: 'non-billable' }, { projectId: ids.Audit, billable: 'billable' }] as TimeReportFilters[]) {
        const fromTotals = (await filtered(filters, true)).rows;
        expect(fromTotals.length, JSON.stringify(filters)).toBeGreaterThan(0);
        expect(fromTotals, JSON.stringify(filters)).toEqual((await filtered(filters, false)).rows);
      }
      // The removed member's hours are reported under their name.
      const members = (await report(orgAdmin, 'from=2026-10-01&to=2026-11-30&groupBy=member')).json().rows;
      expect(members.find((r: { label: string }) => r.label === 'Lee Leaving')).toMatchObject({ key: null, billableMinutes: 95 + 70 + 25 });
    });

    it('are rebuilt by time_totals_rebuild() to the same rows', async () => {
      const before = await totalsNow();
      await t.db.execute(sql`delete from time_totals`);
      await t.db.execute(sql`select time_totals_rebuild()`);
      expect(await totalsNow()).toEqual(before);
    });
  });
});

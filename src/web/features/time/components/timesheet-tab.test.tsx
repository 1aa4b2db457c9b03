// @vitest-environment jsdom
import { HttpResponse } from 'msw';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/domain/auth';
import type { Region, Weekday } from '@/domain/region-rules';
import type { Role } from '@/domain/roles';
import type { Task } from '@/domain/tasks';
import type { TeamMember } from '@/domain/team';
import type { TimeEntry, Timesheet } from '@/domain/time-entries';
import { addDaysToDate, localDate, TIME_MESSAGES, weekStartOf } from '@/domain/time-entry-rules';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { setMemberRegion } from '@/web/lib/formats';
import { formatDayWithMonth } from '@/web/lib/format-date';
import { activateLocale } from '@/web/lib/i18n';
import { en } from '@/web/test/texts';
import { projectsApi, signedInMember, tasksApi, teamApi, timeApi } from '@/web/test/api-handlers';
import { apiError, apiServer, requestsArrived, route, sentRequests, type SentRequest } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TIME_TEXTS } from '../texts';
import { TimesheetTab } from './timesheet-tab';

// jsdom's browser asks for en-US and the members here have no region of their own: their weeks
// start on Sunday (issue 48), as the grid shows them.
const WEEK = weekStartOf(localDate(new Date()), 7);

const teamMember = (id: string, fullName: string, role: Role = 'developer'): TeamMember => ({
  id,
  fullName,
  email: `${id}@example.com`,
  role,
  website: null,
  tags: [],
  canSignIn: true,
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A week of `minutes` on its first day for whoever is asked about (`profileId`, or the caller, profile-1). */
function sheetFor({ query }: SentRequest, names: Record<string, string>, canEdit = true): Timesheet {
  const profileId = query.get('profileId') ?? 'profile-1';
  const minutes = profileId === 'profile-1' ? 60 : 150;
  return {
    weekStart: WEEK,
    firstDay: 7,
    days: Array.from({ length: 7 }, (_, i) => addDaysToDate(WEEK, i)),
    profileId,
    memberName: names[profileId] ?? 'Ada Lovelace',
    canEdit,
    rows: [{ projectId: 'p1', projectName: 'Website Relaunch', taskId: null, taskTitle: null, minutes: [minutes, 0, 0, 0, 0, 0, 0], total: minutes }],
    dayTotals: [minutes, 0, 0, 0, 0, 0, 0],
    total: minutes,
  };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const entry: TimeEntry = {
  id: 'e1',
  projectId: 'p1',
  projectName: 'Website Relaunch',
  taskId: null,
  taskTitle: null,
  profileId: 'profile-1',
  memberName: 'Ada Lovelace',
  workDate: WEEK,
  minutes: 60,
  note: null,
  billable: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  canEdit: true,
};

const spring = { id: 'p2', name: 'Spring Campaign', description: null, status: 'active' as const, approvals: { awaiting: 0, changesRequested: 0 }, dueDate: null, clientId: 'c1', clientName: 'Harbor Coffee', ownerName: 'Ada Lovelace', createdAt: '2026-01-05T10:00:00.000Z' };
const brief: Task = { id: 't1', projectId: 'p2', title: 'Draft the brief', description: null, status: 'pending', priority: 'medium', dueDate: null, startDate: null, estimateMinutes: null, recurrence: null, blockedBy: [], createdAt: '2026-01-01T00:00:00.000Z', completedAt: null, completedBy: null, assigneeId: null, assigneeName: null, position: 1 };

/** The message a field's control points to (FormField: aria-describedby), or null. */
const messageOf = (control: HTMLElement) => {
  const id = control.getAttribute('aria-describedby');
  return id ? document.getElementById(id)!.textContent : null;
};

/** Two rows, the website's with an hour on the week's first day, and the campaign's empty (issue 49 item 19). */
function twoRows(minutes = 60): Timesheet {
  const sheet = sheetFor({ query: new URLSearchParams() } as SentRequest, {});
  return {
    ...sheet,
    rows: [...sheet.rows, { projectId: 'p2', projectName: 'Spring Campaign', taskId: null, taskTitle: null, minutes: [minutes, 0, 0, 0, 0, 0, 0], total: minutes }],
  };
}

/** A developer whose region is `region` (Settings -> Account); the language is the one the test activates. */
const memberIn = (region: Region): Me => {
  const me = signedInMember('developer');
  return { ...me, profile: { ...me.profile, region } };
};

const asked = (path: string) => sentRequests.filter((r) => r.method === 'GET' && r.path.startsWith(path));

afterEach(async () => {
  vi.useRealTimers();
  setMemberRegion(null);
  await activateLocale('en');
});

describe('TimesheetTab', () => {
  it('saves a cell on Enter and moves down to the same day of the next row; on the last row it stays; Tab goes along the row (issue 49 item 19)', async () => {
    apiServer.use(
      timeApi.timesheet(() => twoRows(0)),
      timeApi.entries([]),
      projectsApi.list(),
      route('PUT', '/api/time/timesheet/cell', () => twoRows(90)),
    );
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'developer' });
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('1:00'));
    const [website, campaign] = screen.getAllByRole('row').slice(1, 3).map((row) => within(row).getAllByRole('textbox') as HTMLInputElement[]);

    // Tab keeps the page's order: a row's cells come from the week's first day to its last, left to right.
    const days = screen.getAllByRole('columnheader').slice(1, 8).map((header) => header.textContent);
    expect(website!.map((cell) => cell.getAttribute('aria-label'))).toEqual(days.map((day) => `Website Relaunch, ${day}`));
    expect(website!.map((cell) => cell.dataset.col)).toEqual(['0', '1', '2', '3', '4', '5', '6']);
    expect(website!.every((cell) => cell.tabIndex === 0)).toBe(true);

    // Wednesday of the first row: typed, Enter: saved, and the next row's Wednesday has the focus.
    website![2]!.focus();
    fireEvent.change(website![2]!, { target: { value: '1:30' } });
    fireEvent.keyDown(website![2]!, { key: 'Enter' });
    expect(document.activeElement).toBe(campaign![2]);
    await waitFor(() => expect(sentRequests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ projectId: 'p1', taskId: null, workDate: addDaysToDate(WEEK, 2), duration: 90, firstDay: 7 }]));

    // Enter on the last row saves and stays in its cell.
    fireEvent.change(campaign![2]!, { target: { value: '2h' } });
    fireEvent.keyDown(campaign![2]!, { key: 'Enter' });
    expect(document.activeElement).toBe(campaign![2]);
    await waitFor(() => expect(sentRequests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(sentRequests.filter((r) => r.method === 'PUT')[1]!.body).toEqual({ projectId: 'p2', taskId: null, workDate: addDaysToDate(WEEK, 2), duration: 120, firstDay: 7 });
  });

  it("names the days 'Mon 23' in the language on screen, and keeps the row's name and Total in view while the days scroll (issue 49 item 19)", async () => {
    // The week of Monday 23 November 2026, for a member in Britain (their week starts on Monday).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T09:00:00'));
    apiServer.use(timeApi.timesheet(() => twoRows()), timeApi.entries([]), projectsApi.list());
    await renderWithProviders(<TimesheetTab />, { signedInAs: memberIn('GB') });
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('2:00'));
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers()).toEqual([en(TIME_TEXTS.row), 'Mon 23', 'Tue 24', 'Wed 25', 'Thu 26', 'Fri 27', 'Sat 28', 'Sun 29', en(TIME_TEXTS.total)]);
    // A cell is named by its row and its column's header.
    expect(screen.getByRole('textbox', { name: 'Website Relaunch, Wed 25' })).toBeTruthy();

    await act(() => activateLocale('de'));
    expect(headers().slice(1, 8)).toEqual(['Mo., 23.', 'Di., 24.', 'Mi., 25.', 'Do., 26.', 'Fr., 27.', 'Sa., 28.', 'So., 29.']);
    expect(screen.getByRole('textbox', { name: 'Website Relaunch, Mi., 25.' })).toBeTruthy();

    // The first column and the Total column stick, from the head to the foot.
    for (const row of screen.getAllByRole('row') as HTMLTableRowElement[]) {
      const cells = [...row.cells];
      expect(cells[0]!.className, row.textContent!).toMatch(/\bsticky\b.*\bleft-0\b/);
      expect(cells.at(-1)!.className, row.textContent!).toMatch(/\bsticky\b.*\bright-0\b/);
      expect(cells.slice(1, -1).some((cell) => cell.className.includes('sticky'))).toBe(false);
    }
  });

  it("starts the week on the member's first day (issue 48): Sunday for a member in the United States, Monday for one in Germany; the arrows and This week follow it", async () => {
    // Wednesday 25 November 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T09:00:00'));
    // The week the server is asked for, as it answers: an hour on its first day.
    const weekFrom = (start: string, firstDay: number): Timesheet => ({ ...twoRows(), weekStart: start, firstDay, days: Array.from({ length: 7 }, (_, i) => addDaysToDate(start, i)) });
    apiServer.use(
      timeApi.timesheet(({ query }) => weekFrom(query.get('week')!, Number(query.get('firstDay')))),
      timeApi.entries([]),
      projectsApi.list(),
      route('PUT', '/api/time/timesheet/cell', ({ body }) => {
        const { workDate, firstDay } = body as { workDate: string; firstDay: Weekday };
        return weekFrom(weekStartOf(workDate, firstDay), firstDay);
      }),
    );
    const headers = () => screen.getAllByRole('columnheader').slice(1, 8).map((header) => header.textContent);
    const lastWeekAsked = () => Object.fromEntries(asked('/api/time/timesheet').at(-1)!.query);

    const us = await renderWithProviders(<TimesheetTab />, { signedInAs: memberIn('US') });
    await waitFor(() => expect(headers()).toEqual(['Sun 22', 'Mon 23', 'Tue 24', 'Wed 25', 'Thu 26', 'Fri 27', 'Sat 28']));
    expect(lastWeekAsked()).toEqual({ week: '2026-11-22', firstDay: '7' });
    expect(screen.getByTestId('timesheet-week').textContent).toBe(en(TIME_TEXTS.weekOf, { range: `${formatDayWithMonth('2026-11-22')} – ${formatDayWithMonth('2026-11-28')}` }));
    // A cell of the first column is that Sunday's; the save asks for the week that starts on Sunday.
    fireEvent.change(screen.getByRole('textbox', { name: 'Spring Campaign, Sun 22' }), { target: { value: '2h' } });
    fireEvent.blur(screen.getByRole('textbox', { name: 'Spring Campaign, Sun 22' }));
    await waitFor(() => expect(sentRequests.find((r) => r.method === 'PUT')?.body).toEqual({ projectId: 'p2', taskId: null, workDate: '2026-11-22', duration: 120, firstDay: 7 }));
    fireEvent.click(screen.getByRole('button', { name: en(TIME_TEXTS.nextWeek) }));
    await waitFor(() => expect(headers()).toEqual(['Sun 29', 'Mon 30', 'Tue 1', 'Wed 2', 'Thu 3', 'Fri 4', 'Sat 5']));
    expect(lastWeekAsked()).toEqual({ week: '2026-11-29', firstDay: '7' });
    fireEvent.click(screen.getByRole('button', { name: en(TIME_TEXTS.thisWeek) }));
    await waitFor(() => expect(headers()[0]).toBe('Sun 22'));
    us.unmount();

    await activateLocale('de');
    await renderWithProviders(<TimesheetTab />, { signedInAs: memberIn('DE') });
    await waitFor(() => expect(headers()).toEqual(['Mo., 23.', 'Di., 24.', 'Mi., 25.', 'Do., 26.', 'Fr., 27.', 'Sa., 28.', 'So., 29.']));
    expect(lastWeekAsked()).toEqual({ week: '2026-11-23', firstDay: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Vorherige Woche' }));
    await waitFor(() => expect(headers()[0]).toBe('Mo., 16.'));
    expect(lastWeekAsked()).toEqual({ week: '2026-11-16', firstDay: '1' });
  });

  it('shows a developer their own week and entries, with no Member select', async () => {
    apiServer.use(timeApi.timesheet((request) => sheetFor(request, {})), timeApi.entries([]), projectsApi.list());
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'developer', route: '/?tab=timesheet&member=someone' });
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('1:00'));
    expect(await screen.findByText(en(TIME_TEXTS.noEntries))).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: en(TIME_TEXTS.member) })).toBeNull();
    // A ?member= in a developer's URL is not theirs to use: nothing asks for another's time.
    await requestsArrived();
    expect([...asked('/api/time/timesheet'), ...asked('/api/time/entries')].every((r) => !r.query.has('profileId'))).toBe(true);
    expect(asked('/api/team')).toEqual([]);
  });

  it("lets staff pick a member: the grid and entries show that member's week, and the URL keeps ?member=", async () => {
    const names = { 'dev-1': 'Dana Developer', 'ae-1': 'Avery Exec' };
    apiServer.use(
      timeApi.timesheet((request) => sheetFor(request, names)),
      timeApi.entries([]),
      teamApi.list([teamMember('profile-1', 'Ada Lovelace', 'admin'), teamMember('dev-1', 'Dana Developer'), teamMember('ae-1', 'Avery Exec', 'account_executive')]),
      projectsApi.list(),
    );
    await renderWithProviders(
      <>
        <TimesheetTab />
        <Location />
      </>,
      { signedInAs: 'admin', route: '/?tab=timesheet' },
    );
    const select = (await screen.findByRole('combobox', { name: en(TIME_TEXTS.member) })) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.textContent)).toEqual([en(TIME_TEXTS.me), 'Avery Exec', 'Dana Developer']));
    expect(select.value).toBe('profile-1');
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('1:00'));

    select.focus();
    fireEvent.change(select, { target: { value: 'dev-1' } });
    expect(screen.getByTestId('location').textContent).toBe('/?tab=timesheet&member=dev-1');
    // The same select, still focused: the keyboard stays where it was.
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: en(TIME_TEXTS.member) }));
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('2:30'));
    expect(screen.getByText(`${en(TIME_TEXTS.memberIntro, { name: 'Dana Developer' })} ${en(TIME_TEXTS.typingHint)}`)).toBeTruthy();
    await waitFor(() => expect(asked('/api/time/entries').at(-1)!.query.get('profileId')).toBe('dev-1'));
    expect(asked('/api/time/timesheet').at(-1)!.query.get('profileId')).toBe('dev-1');

    // Back to Me: the parameter goes.
    fireEvent.change(select, { target: { value: 'profile-1' } });
    expect(screen.getByTestId('location').textContent).toBe('/?tab=timesheet');
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('1:00'));
  });

  it('opens the member the URL names, and sends their profileId with a typed cell', async () => {
    apiServer.use(
      timeApi.timesheet((request) => sheetFor(request, { 'dev-1': 'Dana Developer' })),
      timeApi.entries([]),
      teamApi.list([teamMember('dev-1', 'Dana Developer')]),
      projectsApi.list(),
    );
    apiServer.use(route('PUT', '/api/time/timesheet/cell', ({ body }) => sheetFor({ query: new URLSearchParams({ profileId: (body as { profileId: string }).profileId }) } as SentRequest, {})));
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'account_executive', route: '/?tab=timesheet&member=dev-1' });
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('2:30'));
    const select = screen.getByRole('combobox', { name: en(TIME_TEXTS.member) }) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('dev-1'));
    const cell = screen.getByRole('textbox', { name: /^Website Relaunch, Tue/ });
    fireEvent.focus(cell);
    fireEvent.change(cell, { target: { value: '1h' } });
    fireEvent.blur(cell);
    await waitFor(() => expect(sentRequests.some((r) => r.method === 'PUT')).toBe(true));
    expect(sentRequests.find((r) => r.method === 'PUT')!.body).toEqual({ projectId: 'p1', taskId: null, workDate: addDaysToDate(WEEK, 2), duration: 60, firstDay: 7, profileId: 'dev-1' });
  });

  it('reads the grid again after an entry is deleted below it, so both stay in step', async () => {
    let deleted = false;
    apiServer.use(
      timeApi.timesheet((request) => (deleted ? { ...sheetFor(request, {}), rows: [], dayTotals: [0, 0, 0, 0, 0, 0, 0], total: 0 } : sheetFor(request, {}))),
      timeApi.entries(() => ({ items: deleted ? [] : [entry], truncated: false })),
      timeApi.deleteEntry(() => ((deleted = true), new HttpResponse(null, { status: 204 }))),
      projectsApi.list(),
    );
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'developer' });
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('1:00'));
    fireEvent.click(await screen.findByRole('button', { name: /^Delete the entry/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('0:00'));
    expect(await screen.findByText(en(TIME_TEXTS.noEntries))).toBeTruthy();
    expect(asked('/api/time/timesheet')).toHaveLength(2);
  });

  it('says a week that failed to load failed, with Retry, never an empty week to type into; Retry reads it once the server is back', async () => {
    let down = true;
    apiServer.use(
      timeApi.timesheet((request) => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : sheetFor(request, {}))),
      timeApi.entries([entry]),
      projectsApi.list(),
    );
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'developer' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TIME_TEXTS.loadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    // No grid of 0:00, no cell to type in, no Add row, and no entries list that contradicts an empty week.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('week-total')).toBeNull();
    expect(screen.queryByText('0:00')).toBeNull();
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('form', { name: en(TIME_TEXTS.addRow) })).toBeNull();
    expect(screen.queryByRole('heading', { name: en(TIME_TEXTS.entries) })).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('1:00'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('textbox', { name: /^Website Relaunch, Sun/ }) as HTMLInputElement).value).toBe('1:00');
    expect(await screen.findByRole('form', { name: en(TIME_TEXTS.addRow) })).toBeTruthy();
    expect(await screen.findByTestId('time-entry')).toBeTruthy();
    expect(asked('/api/time/timesheet')).toHaveLength(2);
  });

  it('keeps a week it has shown when reading it again fails, with the failure and Retry above it', async () => {
    let down = false;
    apiServer.use(
      timeApi.timesheet((request) => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : sheetFor(request, {}))),
      timeApi.entries([]),
      projectsApi.list(),
    );
    const { queryClient } = await renderWithProviders(<TimesheetTab />, { signedInAs: 'developer' });
    await waitFor(() => expect(screen.getByTestId('week-total').textContent).toBe('1:00'));
    down = true;
    await queryClient.invalidateQueries({ queryKey: ['time', 'timesheet'] });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TIME_TEXTS.loadFailed));
    expect(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) })).toBeTruthy();
    // What was read stays: the week holds its hour, not an empty week.
    expect(screen.getByTestId('week-total').textContent).toBe('1:00');
  });

  it('adds a row for a task and then one for the project itself; the task chosen goes with another project and after each row', async () => {
    apiServer.use(
      timeApi.timesheet((request) => sheetFor(request, {})),
      timeApi.entries([]),
      projectsApi.list({ items: [spring, { ...spring, id: 'p3', name: 'Autumn Menu' }], nextCursor: null, matched: 2, total: 2 }),
      tasksApi.list('/api/projects/p2', { items: [brief], nextCursor: null }),
      tasksApi.list('/api/projects/p3'),
    );
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'developer' });
    const form = await screen.findByRole('form', { name: en(TIME_TEXTS.addRow) });
    const project = within(form).getByRole('combobox', { name: en(TIME_TEXTS.addRowProject) }) as HTMLSelectElement;
    const task = within(form).getByRole('combobox', { name: en(TIME_TEXTS.addRowTask) }) as HTMLSelectElement;
    await within(form).findByRole('option', { name: 'Spring Campaign' });
    fireEvent.change(project, { target: { value: 'p2' } });
    await within(form).findByRole('option', { name: 'Draft the brief' });
    fireEvent.change(task, { target: { value: 't1' } });
    // Another project's tasks: the task chosen goes, and is not chosen again on coming back.
    fireEvent.change(project, { target: { value: 'p3' } });
    await waitFor(() => expect(within(form).queryByRole('option', { name: 'Draft the brief' })).toBeNull());
    fireEvent.change(project, { target: { value: 'p2' } });
    await within(form).findByRole('option', { name: 'Draft the brief' });
    expect(task.value).toBe('');
    fireEvent.change(task, { target: { value: 't1' } });
    expect(task.value).toBe('t1');
    fireEvent.click(within(form).getByRole('button', { name: en(TIME_TEXTS.addRowConfirm) }));

    // The row's cells, to type into.
    expect(await screen.findByRole('textbox', { name: /^Spring Campaign · Draft the brief, Mon/ })).toBeTruthy();
    // The project stays for its next row; the task goes, as the row is there now.
    expect(project.value).toBe('p2');
    await waitFor(() => expect(task.value).toBe(''));

    fireEvent.click(within(form).getByRole('button', { name: en(TIME_TEXTS.addRowConfirm) }));
    expect(await screen.findByRole('textbox', { name: /^Spring Campaign, Mon/ })).toBeTruthy();
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['Website Relaunch', 'Spring Campaign · Draft the brief', 'Spring Campaign', en(TIME_TEXTS.dayTotal)]);
    // Adding a row writes nothing: a row holds time once a cell is typed.
    expect(sentRequests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('says to choose a project when Add row is sent without one, under the project select, which takes the focus', async () => {
    apiServer.use(
      timeApi.timesheet((request) => sheetFor(request, {})),
      timeApi.entries([]),
      projectsApi.list({ items: [spring], nextCursor: null, matched: 1, total: 1 }),
      tasksApi.list('/api/projects/p2'),
    );
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'developer' });
    const form = await screen.findByRole('form', { name: en(TIME_TEXTS.addRow) });
    const project = within(form).getByRole('combobox', { name: en(TIME_TEXTS.addRowProject) });
    await within(form).findByRole('option', { name: 'Spring Campaign' });
    const add = within(form).getByRole('button', { name: en(TIME_TEXTS.addRowConfirm) }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    add.focus();
    fireEvent.click(add);

    await waitFor(() => expect(project.getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf(project)).toBe(en(TIME_MESSAGES.projectRequired));
    expect(within(form).getByRole('alert').textContent).toBe(en(TIME_MESSAGES.projectRequired));
    expect(document.activeElement).toBe(project);
    // No row was added: the grid holds the week's one row and the totals.
    expect(screen.getAllByRole('rowheader').map((header) => header.textContent)).toEqual(['Website Relaunch', en(TIME_TEXTS.dayTotal)]);

    // Choosing one and adding clears the message.
    fireEvent.change(project, { target: { value: 'p2' } });
    fireEvent.click(add);
    expect(await screen.findByRole('textbox', { name: /^Spring Campaign, Mon/ })).toBeTruthy();
    await waitFor(() => expect(project.getAttribute('aria-invalid')).toBeNull());
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('says projects for Add row that failed to load failed, with Retry, rather than offering none (issue 49 item 3)', async () => {
    let down = true;
    const project = { id: 'p2', name: 'Spring Campaign', description: null, status: 'active' as const, approvals: { awaiting: 0, changesRequested: 0 }, dueDate: null, clientId: 'c1', clientName: 'Harbor Coffee', ownerName: 'Ada Lovelace', createdAt: '2026-01-05T10:00:00.000Z' };
    apiServer.use(
      timeApi.timesheet((request) => sheetFor(request, {})),
      timeApi.entries([]),
      projectsApi.list(() => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [project], nextCursor: null, matched: 1, total: 1 })),
    );
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'developer' });
    const form = await screen.findByRole('form', { name: en(TIME_TEXTS.addRow) });
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain(en(TIME_TEXTS.projectsLoadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await within(form).findByRole('option', { name: 'Spring Campaign' })).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('says members that failed to load failed, with Retry, and never calls the member in the URL not found (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(
      timeApi.timesheet((request) => sheetFor(request, { 'dev-1': 'Dana Developer' })),
      timeApi.entries([]),
      teamApi.list(() => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [teamMember('dev-1', 'Dana Developer')], nextCursor: null, total: 1 })),
      projectsApi.list(),
    );
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'admin', route: '/?tab=timesheet&member=dev-1' });
    const select = (await screen.findByRole('combobox', { name: en(TIME_TEXTS.member) })) as HTMLSelectElement;
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TIME_TEXTS.membersLoadFailed));
    expect(select.selectedOptions[0]!.textContent).toBe(en(TIME_TEXTS.membersLoadFailed));
    expect([...select.options].map((o) => o.textContent)).not.toContain(en(TIME_MESSAGES.memberNotFound));

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    await waitFor(() => expect(select.selectedOptions[0]!.textContent).toBe('Dana Developer'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names a member the URL holds but the organization does not as not found, in the select and from the server', async () => {
    apiServer.use(
      timeApi.timesheet(apiError(404, 'not_found', en(TIME_MESSAGES.memberNotFound))),
      timeApi.entries(apiError(404, 'not_found', en(TIME_MESSAGES.memberNotFound))),
      teamApi.list([teamMember('dev-1', 'Dana Developer')]),
      projectsApi.list(),
    );
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'admin', route: '/?tab=timesheet&member=gone-1' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TIME_TEXTS.loadFailed));
    expect(alert.textContent).toContain(en(TIME_MESSAGES.memberNotFound));
    const select = screen.getByRole('combobox', { name: en(TIME_TEXTS.member) }) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]!.textContent).toBe(en(TIME_MESSAGES.memberNotFound)));
    expect(select.value).toBe('gone-1');
  });

  it("shows the server's message when it refuses a member's week, and a read-only week says so", async () => {
    apiServer.use(
      timeApi.timesheet(({ query }) =>
        query.get('profileId') === 'owner-1' ? apiError(403, 'forbidden', en(TIME_MESSAGES.othersHidden)) : sheetFor({ query } as SentRequest, { 'peer-1': 'Pat Peer' }, query.get('profileId') !== 'peer-1'),
      ),
      timeApi.entries([]),
      teamApi.list([teamMember('owner-1', 'Olive Owner', 'organization_admin'), teamMember('peer-1', 'Pat Peer', 'admin')]),
      projectsApi.list(),
    );
    await renderWithProviders(<TimesheetTab />, { signedInAs: 'admin', route: '/?tab=timesheet&member=owner-1' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TIME_TEXTS.loadFailed));
    expect(alert.textContent).toContain(en(TIME_MESSAGES.othersHidden));
    expect(screen.queryByRole('table')).toBeNull();
    // No entries list under a week that could not be read.
    expect(screen.queryByRole('heading', { name: en(TIME_TEXTS.entries) })).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: en(TIME_TEXTS.member) }), { target: { value: 'peer-1' } });
    expect(await screen.findByText(en(TIME_TEXTS.readOnlyWeek, { name: 'Pat Peer' }))).toBeTruthy();
    const cell = screen.getByRole('textbox', { name: /^Website Relaunch, Mon/ }) as HTMLInputElement;
    expect(cell.readOnly).toBe(true);
    expect(screen.queryByRole('form', { name: en(TIME_TEXTS.addRow) })).toBeNull();
    expect(within(screen.getByRole('region', { name: en(TIME_TEXTS.entries) })).getByText(en(TIME_TEXTS.noEntries))).toBeTruthy();
  });
});

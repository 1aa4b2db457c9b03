// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '@/domain/tasks';
import { formatDate } from '@/web/lib/format-date';
import { memberProjectSource } from '@/web/lib/project-source';
import { tasksApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { aTask } from '@/web/test/fixtures';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TASK_TEXTS } from '../texts';
import { TIMELINE_TEXTS } from '../timeline-texts';
import { changedDates, DAY_WIDTH, TaskTimeline, timelineRange, timelineRows } from './task-timeline';
import { TasksTab } from './tasks-tab';

const id = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
const design = aTask({ id: id(1), title: 'Design', startDate: '2026-12-01', dueDate: '2026-12-04' });
const build = aTask({ id: id(2), title: 'Build', startDate: '2026-12-07', dueDate: '2026-12-10', blockedBy: [{ id: id(1), title: 'Design', status: 'pending' }] });
const launch = aTask({ id: id(3), title: 'Launch', dueDate: '2026-12-14' });
const someday = aTask({ id: id(4), title: 'Someday' });
const tasks = [design, build, launch, someday];
const source = memberProjectSource(design.projectId);

const bar = (title: string) => screen.getAllByTestId('timeline-bar').find((element) => element.getAttribute('aria-label')?.startsWith(`${title}:`))!;

afterEach(() => window.localStorage.clear());

describe('the timeline layout (issue 51 item 3)', () => {
  it('makes a bar of every task with a date (one date: one day), in list order, and lists the others', () => {
    const { bars, unscheduled } = timelineRows(tasks);
    expect(bars.map((b) => [b.task.title, b.row, b.start, b.due])).toEqual([
      ['Design', 0, '2026-12-01', '2026-12-04'],
      ['Build', 1, '2026-12-07', '2026-12-10'],
      ['Launch', 2, '2026-12-14', '2026-12-14'],
    ]);
    expect(unscheduled.map((task) => task.title)).toEqual(['Someday']);
    // Three days before the first bar, two weeks after the last (today inside too).
    expect(timelineRange(bars, '2026-12-02')).toEqual({ first: '2026-11-28', days: 3 + 13 + 14 });
    expect(timelineRange(bars, '2026-11-20').first).toBe('2026-11-17');
  });

  it('moves both dates by the same days, or one end; a missing date stays missing', () => {
    const [first, , only] = timelineRows(tasks).bars;
    expect(changedDates(first!, 'move', 2)).toEqual({ startDate: '2026-12-03', dueDate: '2026-12-06' });
    expect(changedDates(first!, 'due', -1)).toEqual({ dueDate: '2026-12-03' });
    expect(changedDates(first!, 'start', 1)).toEqual({ startDate: '2026-12-02' });
    expect(changedDates(only!, 'move', 1)).toEqual({ dueDate: '2026-12-15' });
  });
});

describe('TaskTimeline', () => {
  it('places the bars by their dates, draws the dependency arrows, marks a blocked bar in words, and lists the unscheduled', async () => {
    await renderWithProviders(<TaskTimeline source={source} tasks={tasks} canEdit={false} />);
    const bars = screen.getAllByTestId('timeline-bar');
    expect(bars).toHaveLength(3);
    const rect = (element: HTMLElement) => element.querySelector('rect')!;
    const width = DAY_WIDTH.week;
    const designX = Number(rect(bar('Design')).getAttribute('x'));
    // Build starts six days after Design; Design lasts four days; Launch is one day.
    expect(Number(rect(bar('Build')).getAttribute('x')) - designX).toBe(6 * width);
    expect(Number(rect(bar('Design')).getAttribute('width'))).toBe(4 * width);
    expect(Number(rect(bar('Launch')).getAttribute('width'))).toBe(width);
    expect(Number(rect(bar('Launch')).getAttribute('y'))).toBeGreaterThan(Number(rect(bar('Build')).getAttribute('y')));
    const arrows = screen.getAllByTestId('timeline-arrow');
    expect(arrows.map((arrow) => [arrow.getAttribute('data-from'), arrow.getAttribute('data-to')])).toEqual([[id(1), id(2)]]);
    // From Design's end to Build's start.
    expect(arrows[0]!.getAttribute('d')).toMatch(new RegExp(`^M${designX + 4 * width} .* H${designX + 6 * width}$`));
    expect(bar('Build').getAttribute('aria-label')).toBe(
      en(TIMELINE_TEXTS.barBlocked, { task: 'Build', start: formatDate('2026-12-07'), due: formatDate('2026-12-10'), blockers: 'Design' }),
    );
    expect(within(screen.getByTestId('timeline-unscheduled')).getByText('Someday')).toBeTruthy();
    expect(screen.getByRole('heading', { name: en(TIMELINE_TEXTS.notScheduled) })).toBeTruthy();
    // Month zoom: narrower days.
    fireEvent.click(screen.getByRole('button', { name: en(TIMELINE_TEXTS.month) }));
    expect(screen.getByRole('button', { name: en(TIMELINE_TEXTS.month) }).getAttribute('aria-pressed')).toBe('true');
    expect(Number(rect(bar('Design')).getAttribute('width'))).toBe(4 * DAY_WIDTH.month);
  });

  it('moves a focused bar a day with the arrow keys (one PATCH, both dates), and Shift+Arrow moves its due date', async () => {
    apiServer.use(tasksApi.list(source.basePath, { items: tasks, nextCursor: null }), tasksApi.update(source.basePath, (request) => ({ ...design, ...(request.body as Partial<Task>) })));
    await renderWithProviders(<TaskTimeline source={source} tasks={tasks} canEdit />);
    fireEvent.keyDown(bar('Design'), { key: 'ArrowRight' });
    await waitFor(() => expect(sentRequests.filter((request) => request.method === 'PATCH')).toHaveLength(1));
    expect(sentRequests.find((request) => request.method === 'PATCH')!.body).toEqual({ startDate: '2026-12-02', dueDate: '2026-12-05' });
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(en(TIMELINE_TEXTS.moved, { task: 'Design', start: formatDate('2026-12-02'), due: formatDate('2026-12-05') }));
    fireEvent.keyDown(bar('Build'), { key: 'ArrowLeft', shiftKey: true });
    await waitFor(() => expect(sentRequests.filter((request) => request.method === 'PATCH')).toHaveLength(2));
    expect(sentRequests.filter((request) => request.method === 'PATCH')[1]!.body).toEqual({ dueDate: '2026-12-09' });
  });

  it('refuses a due date before the start without asking the server', async () => {
    const oneDay = aTask({ id: id(5), title: 'Call', startDate: '2026-12-01', dueDate: '2026-12-01' });
    await renderWithProviders(<TaskTimeline source={source} tasks={[oneDay]} canEdit />);
    fireEvent.keyDown(bar('Call'), { key: 'ArrowLeft', shiftKey: true });
    expect(await screen.findByText(en(TIMELINE_TEXTS.startAfterDue))).toBeTruthy();
    expect(sentRequests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it("puts a bar back and says the server's reason when the change is refused", async () => {
    apiServer.use(
      tasksApi.list(source.basePath, { items: tasks, nextCursor: null }),
      tasksApi.update(source.basePath, apiError(400, 'validation_error', 'The start date must be on or before the due date.')),
    );
    await renderWithProviders(<TasksTab source={source} canAddTasks={false} member={{ viewerId: 'viewer', canEdit: true }} />);
    fireEvent.click(await screen.findByRole('button', { name: en(TASK_TEXTS.timeline) }));
    await screen.findByTestId('task-timeline');
    fireEvent.keyDown(bar('Design'), { key: 'ArrowRight' });
    expect(await screen.findByText('The start date must be on or before the due date.')).toBeTruthy();
    expect(screen.getAllByText(en(TIMELINE_TEXTS.moveFailed)).length).toBeGreaterThan(0);
    await waitFor(() => expect(bar('Design').getAttribute('data-start')).toBe('2026-12-01'));
  });

  it('offers to shift the dependents after a task is moved later', async () => {
    apiServer.use(
      tasksApi.list(source.basePath, { items: tasks, nextCursor: null }),
      tasksApi.update(source.basePath, (request) => ({ ...design, ...(request.body as Partial<Task>) })),
    );
    await renderWithProviders(<TaskTimeline source={source} tasks={tasks} canEdit />);
    fireEvent.keyDown(bar('Design'), { key: 'ArrowRight' });
    expect(await screen.findByRole('button', { name: en(TASK_TEXTS.blockers.shift, { count: 1 }) })).toBeTruthy();
  });

  it('is read only for a developer: no moves, the bars still go up and down', async () => {
    await renderWithProviders(<TaskTimeline source={source} tasks={tasks} canEdit={false} />);
    expect(bar('Design').getAttribute('tabindex')).toBe('0');
    expect(bar('Build').getAttribute('tabindex')).toBe('-1');
    fireEvent.keyDown(bar('Design'), { key: 'ArrowRight' });
    fireEvent.keyDown(bar('Design'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(bar('Build'));
    fireEvent.pointerDown(bar('Build'), { button: 0, clientX: 10, pointerId: 1 });
    fireEvent.pointerUp(bar('Build'), { clientX: 200, pointerId: 1 });
    expect(screen.getByText(en(TIMELINE_TEXTS.readHelp))).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sentRequests.some((request) => request.method === 'PATCH')).toBe(false);
  });
});

describe('the Tasks tab with a Timeline (issue 51 item 3)', () => {
  it('switches to the timeline and remembers it for the viewer', async () => {
    apiServer.use(tasksApi.list(source.basePath, { items: tasks, nextCursor: null }));
    await renderWithProviders(<TasksTab source={source} canAddTasks={false} member={{ viewerId: 'viewer', canEdit: true }} />);
    fireEvent.click(await screen.findByRole('button', { name: en(TASK_TEXTS.timeline) }));
    expect(await screen.findByTestId('task-timeline')).toBeTruthy();
    expect(screen.getByRole('button', { name: en(TASK_TEXTS.timeline) }).getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem('brieflane:task-view:viewer')).toBe('timeline');
  });
});

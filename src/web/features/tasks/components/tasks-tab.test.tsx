// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TASK_MESSAGES, type Task } from '@/domain/tasks';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { activateLocale } from '@/web/lib/i18n';
import { memberProjectSource } from '@/web/lib/project-source';
import { tasksApi } from '@/web/test/api-handlers';
import { apiError, apiServer, byCursor, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TASK_TEXTS } from '../texts';
import { TasksTab } from './tasks-tab';
import { aTask } from '@/web/test/fixtures';

const task = aTask();

const source = memberProjectSource(task.projectId);

async function renderTab() {
  await renderWithProviders(<TasksTab source={source} canAddTasks={false} />);
}

describe('TasksTab load', () => {
  it('says tasks that failed to load failed, with Retry, never "No tasks yet" (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(tasksApi.list(source.basePath, () => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [task], nextCursor: null })));
    await renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TASK_TEXTS.loadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.queryByText(en(TASK_MESSAGES.empty))).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByRole('checkbox', { name: 'Mark "Print menu boards" as Completed' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('TasksTab checkbox', () => {
  it('shows the new state as soon as it is clicked, before the list or the server answers', async () => {
    let answer!: (task: Task) => void;
    apiServer.use(
      tasksApi.list(source.basePath, { items: [task], nextCursor: null }),
      tasksApi.update(source.basePath, () => new Promise<Task>((resolve) => (answer = resolve))),
    );
    await renderTab();
    const box = await screen.findByRole('checkbox', { name: 'Mark "Print menu boards" as Completed' });
    fireEvent.click(box);
    // Synchronously after the click: no timers or promises have run yet.
    expect((box as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer({ ...task, status: 'completed', completedAt: '2026-11-22T12:00:00.000Z' });
    await waitFor(() => expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true));
  });

  it('goes back to the stored state when the change fails', async () => {
    apiServer.use(tasksApi.list(source.basePath, { items: [task], nextCursor: null }), tasksApi.update(source.basePath, apiError(403, 'forbidden', 'No')));
    await renderTab();
    const box = await screen.findByRole('checkbox', { name: 'Mark "Print menu boards" as Completed' });
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false));
  });
});

describe('TasksTab pages (issue 36) and order (issue 27)', () => {
  afterEach(() => {
    window.localStorage.clear();
  });

  const at = (id: number, title: string, status: Task['status'], position: number): Task => ({ ...task, id: `00000000-0000-4000-8000-00000000010${id}`, title, status, position });
  const first = [at(1, 'Later to do', 'pending', 2048), at(2, 'Done', 'completed', 1), at(3, 'Top to do', 'pending', 1024)];
  const second = [at(4, 'Oldest done', 'completed', 2)];

  function stubPages() {
    apiServer.use(tasksApi.list(source.basePath, byCursor({ '': { items: first, nextCursor: 'page2' }, page2: { items: second, nextCursor: null } })));
  }

  /** The paths the tab asked, in order. */
  const urls = () => sentRequests.map((request) => request.path);

  it('lists the tasks in the board order, To Do by position before Completed, and loads the next page on Load more', async () => {
    stubPages();
    await renderTab();
    await screen.findByText('Done');
    const titles = () => screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'));
    expect(titles()).toEqual(['Mark "Top to do" as Completed', 'Mark "Later to do" as Completed', 'Mark "Done" as To Do']);
    expect(screen.queryByText('Oldest done')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more tasks' }));
    expect(await screen.findByText('Oldest done')).toBeTruthy();
    expect(urls().at(-1)).toBe(`/api/projects/${task.projectId}/tasks?cursor=page2`);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more tasks' })).toBeNull());
  });

  it('loads every page by itself on the board, which needs all of a project’s tasks in their columns', async () => {
    stubPages();
    window.localStorage.setItem('brieflane:task-view:viewer', 'board');
    await renderWithProviders(<TasksTab source={source} canAddTasks={false} member={{ viewerId: 'viewer', canEdit: true }} />);
    expect(await screen.findByText('Oldest done', {}, { timeout: 5000 })).toBeTruthy();
    expect(urls()).toEqual([`/api/projects/${task.projectId}/tasks`, `/api/projects/${task.projectId}/tasks?cursor=page2`]);
    expect(screen.queryByRole('button', { name: 'Load more tasks' })).toBeNull();
  });
});

describe('TasksTab empty list (issue 27)', () => {
  it('offers those who may add tasks the first one, and opens Create New Task from there', async () => {
    apiServer.use(tasksApi.list(source.basePath), tasksApi.assignees(source.basePath));
    await renderWithProviders(<TasksTab source={source} canAddTasks />);
    expect(await screen.findByText(en(TASK_MESSAGES.empty))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en(TASK_TEXTS.createFirst) }));
    // The dialog's code loads when first opened (decision 013).
    expect(await screen.findByRole('dialog', { name: en(TASK_MESSAGES.dialogTitle) }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows only the line to those who may not', async () => {
    apiServer.use(tasksApi.list(source.basePath));
    await renderTab();
    expect(await screen.findByText(en(TASK_MESSAGES.empty))).toBeTruthy();
    expect(screen.queryByRole('button', { name: en(TASK_TEXTS.createFirst) })).toBeNull();
  });
});

describe('TasksTab opened for one task (issue 27)', () => {
  it('scrolls to that task, outlines it and gives it the focus', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const other = { ...task, id: '00000000-0000-4000-8000-000000000009', title: 'Order paper' };
    apiServer.use(tasksApi.list(source.basePath, { items: [other, task], nextCursor: null }));
    await renderWithProviders(<TasksTab source={source} canAddTasks={false} focusTaskId={task.id} />);
    await screen.findByText('Print menu boards');
    const row = document.getElementById(`task-${task.id}`)!;
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(document.getElementById(`task-${other.id}`)!.getAttribute('aria-current')).toBeNull();
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
  });
});

describe('TasksTab status badges', () => {
  it("name each status as the board's column, never the stored value (issue 27)", async () => {
    const tasks: Task[] = [task, { ...task, id: `${task.id.slice(0, -1)}3`, title: 'Order chalk', status: 'in_progress' }];
    apiServer.use(tasksApi.list(source.basePath, { items: tasks, nextCursor: null }));
    await renderTab();
    expect(await screen.findByText('To Do')).toBeTruthy();
    expect(screen.getByText('In Progress')).toBeTruthy();
    expect(screen.queryByText(/^(pending|in-progress|in_progress)$/)).toBeNull();
  });
});

describe('TasksTab priority badges', () => {
  it("say each priority's display word, never the stored value (issue 49 item 17)", async () => {
    const tasks: Task[] = [
      task,
      { ...task, id: `${task.id.slice(0, -1)}3`, title: 'Order chalk', priority: 'high' },
      { ...task, id: `${task.id.slice(0, -1)}4`, title: 'Sweep up', priority: 'low' },
    ];
    apiServer.use(tasksApi.list(source.basePath, { items: tasks, nextCursor: null }));
    await renderTab();
    expect(await screen.findByText('Medium')).toBeTruthy();
    expect(screen.getByText('High')).toBeTruthy();
    expect(screen.getByText('Low')).toBeTruthy();
    expect(screen.queryByText(/^(low|medium|high)$/)).toBeNull();
  });
});

describe("TasksTab in the member's language (issue 48)", () => {
  afterEach(() => act(() => activateLocale('en')));

  it('says the statuses and priorities in German to a German member; the stored values are sent as they are', async () => {
    const tasks: Task[] = [task, { ...task, id: `${task.id.slice(0, -1)}3`, title: 'Order chalk', status: 'in_progress', priority: 'high' }];
    apiServer.use(tasksApi.list(source.basePath, { items: tasks, nextCursor: null }), tasksApi.update(source.basePath, { ...task, status: 'completed' }));
    await act(() => activateLocale('de'));
    await renderTab();
    expect(await screen.findByText('Zu erledigen')).toBeTruthy();
    expect(screen.getByText('In Bearbeitung')).toBeTruthy();
    expect(screen.getByText('Mittel')).toBeTruthy();
    expect(screen.getByText('Hoch')).toBeTruthy();
    expect(screen.queryByText(/^(To Do|In Progress|Medium|High)$/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: '„Print menu boards“ als Erledigt markieren' }));
    await waitFor(() => expect(sentRequests.some((request) => request.method === 'PATCH' && JSON.stringify(request.body).includes('"completed"'))).toBe(true));
  });
});

describe('A recurring task on the list (issue 51 item 4)', () => {
  const weekly = aTask({ dueDate: '2026-12-03', recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH' } });

  it('says its rule in words on its row, and staff skip this one from its menu', async () => {
    let current = weekly;
    apiServer.use(
      tasksApi.list(source.basePath, () => ({ items: [current], nextCursor: null })),
      tasksApi.skip(source.basePath, () => {
        current = { ...current, dueDate: '2026-12-07' };
        return current;
      }),
    );
    await renderWithProviders(<TasksTab source={source} canAddTasks={false} member={{ viewerId: 'viewer', canEdit: true }} />);
    expect(await screen.findByText('Repeats weekly on Mon, Thu')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('button', { name: en(TASK_TEXTS.taskActions, { title: weekly.title }) }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    fireEvent.click(within(menu).getByRole('menuitem', { name: en(TASK_TEXTS.repeat.skip) }));
    expect(await screen.findByText('Due Dec 7, 2026')).toBeTruthy();
    expect(sentRequests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`${source.basePath}/tasks/${weekly.id}/skip`]);
  });

  it.each([
    ['a task that does not repeat, to staff', task, true],
    ['a recurring task, to a member who may not edit it', weekly, false],
  ])('offers no skip for %s', async (_case, shown, canEdit) => {
    apiServer.use(tasksApi.list(source.basePath, { items: [shown], nextCursor: null }));
    await renderWithProviders(<TasksTab source={source} canAddTasks={false} member={{ viewerId: 'viewer', canEdit }} />);
    fireEvent.keyDown(await screen.findByRole('button', { name: en(TASK_TEXTS.taskActions, { title: shown.title }) }), { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').length).toBeGreaterThan(0);
    expect(within(menu).queryByRole('menuitem', { name: en(TASK_TEXTS.repeat.skip) })).toBeNull();
  });
});

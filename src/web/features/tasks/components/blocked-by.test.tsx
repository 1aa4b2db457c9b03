// @vitest-environment jsdom
// Issue 51 item 2: a task's "Blocked by" in its panel: the blockers with their status; staff add
// one from the project's other tasks and remove one (×); a loop's refusal shows the server's
// message where it was tried; readers see the list only. The Blocked badge; the offer to shift
// the dependents after the due date moved.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Task } from '@/domain/tasks';
import { TASK_STATUS_TITLES } from '@/domain/tasks';
import { memberProjectSource } from '@/web/lib/project-source';
import { tasksApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { aTask } from '@/web/test/fixtures';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { useQuery } from '@tanstack/react-query';
import { TASK_TEXTS } from '../texts';
import { taskQuery } from '../api';
import { dependentCount } from './shift-dependents-offer';
import { TaskDetails } from './task-details';
import { BlockedBadge } from './blocked-badge';

Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

const PROJECT = '00000000-0000-4000-8000-0000000000aa';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const source = memberProjectSource(PROJECT);

const design = aTask({ id: id(1), projectId: PROJECT, title: 'Design', dueDate: '2999-01-07' });
// Monday 7 January 2999 onwards: Build right after Design, Launch right after Build.
const build = aTask({ id: id(2), projectId: PROJECT, title: 'Build', startDate: '2999-01-08', dueDate: '2999-01-09', blockedBy: [{ id: id(1), title: 'Design', status: 'pending' }] });
const launch = aTask({ id: id(3), projectId: PROJECT, title: 'Launch', startDate: '2999-01-10', dueDate: '2999-01-10', blockedBy: [{ id: id(2), title: 'Build', status: 'pending' }] });

type Access = 'staff' | 'reader';
const staff: Access = 'staff';
const readOnly: Access = 'reader';

/** The task's details as its panel shows them, read from the server as the panel reads it. */
function Details({ taskId, access }: { taskId: string; access: Access }) {
  const task = useQuery(taskQuery(source, taskId));
  if (!task.data) return null;
  const canEdit = access === 'staff';
  return (
    <div role="dialog" aria-label={task.data.title}>
      <TaskDetails source={source} task={task.data} status={canEdit ? { kind: 'select' } : { kind: 'none' }} canEditFields={canEdit} showAssignee={canEdit} />
    </div>
  );
}

/** The project's tasks as the server has them; `current` is the one the panel shows. */
function projectServer(shown: Task, others: Task[], addBlocker?: Parameters<typeof tasksApi.addBlocker>[1]) {
  let tasks = [shown, ...others];
  apiServer.use(
    tasksApi.get(source.basePath, ({ params }) => tasks.find((task) => task.id === params.taskId)!),
    tasksApi.list(source.basePath, () => ({ items: tasks, nextCursor: null })),
    tasksApi.update(source.basePath, ({ params, body }) => {
      tasks = tasks.map((task) => (task.id === params.taskId ? { ...task, ...(body as Partial<Task>) } : task));
      return tasks.find((task) => task.id === params.taskId)!;
    }),
    tasksApi.assignees(source.basePath, []),
    tasksApi.addBlocker(
      source.basePath,
      addBlocker ??
        (({ params, body }) => {
          const blocker = tasks.find((task) => task.id === (body as { blockedByTaskId: string }).blockedByTaskId)!;
          tasks = tasks.map((task) => (task.id === params.taskId ? { ...task, blockedBy: [...task.blockedBy, { id: blocker.id, title: blocker.title, status: blocker.status }] } : task));
          return tasks.find((task) => task.id === params.taskId)!;
        }),
    ),
    tasksApi.removeBlocker(source.basePath),
    tasksApi.shiftDependents(source.basePath, { items: [build, launch] }),
  );
}

const renderPanel = (task: Task, access: Access) => renderWithProviders(<Details taskId={task.id} access={access} />);

const blockedBySection = async () => {
  const panel = await screen.findByRole('dialog');
  return within(panel).findByRole('region', { name: en(TASK_TEXTS.blockers.title) });
};

describe('Blocked by in the task panel', () => {
  it('lists the blockers with their status; staff add one of the project’s other tasks and the list shows it', async () => {
    projectServer(build, [design, launch]);
    await renderPanel(build, staff);
    const section = await blockedBySection();
    const item = within(section).getByText('Design').closest('li')!;
    expect(within(item).getByText(en(TASK_STATUS_TITLES.pending))).toBeTruthy();

    const picker = (await within(section).findByLabelText(en(TASK_TEXTS.blockers.add))) as HTMLSelectElement;
    // Not the task itself, nor a task already blocking it.
    await waitFor(() => expect([...picker.options].map((option) => option.textContent)).toEqual([en(TASK_TEXTS.blockers.choose), 'Launch']));
    const add = within(section).getByRole('button', { name: en(TASK_TEXTS.blockers.add) }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(picker, { target: { value: launch.id } });
    fireEvent.click(add);
    await waitFor(() => expect(sentRequests.find((request) => request.method === 'POST' && request.path.endsWith(`/tasks/${build.id}/dependencies`))?.body).toEqual({ blockedByTaskId: launch.id }));
    await waitFor(() => expect(within(section).getByText('Launch')).toBeTruthy());
  });

  it('shows the server’s message for a loop where the blocker was chosen, and adds nothing', async () => {
    const loop = 'This would make a loop of tasks blocking each other: Design → Build → Design';
    projectServer(design, [build], () => apiError(409, 'dependency_cycle', loop));
    await renderPanel(design, staff);
    const section = await blockedBySection();
    const picker = (await within(section).findByLabelText(en(TASK_TEXTS.blockers.add))) as HTMLSelectElement;
    await waitFor(() => expect(picker.options).toHaveLength(2));
    fireEvent.change(picker, { target: { value: build.id } });
    fireEvent.click(within(section).getByRole('button', { name: en(TASK_TEXTS.blockers.add) }));
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe(loop);
    expect(picker.getAttribute('aria-describedby')).toBe(alert.id);
    expect(within(section).getByText(en(TASK_TEXTS.blockers.none))).toBeTruthy();
  });

  it('lets staff remove a blocker with its × (named for the task)', async () => {
    projectServer(build, [design]);
    await renderPanel(build, staff);
    const section = await blockedBySection();
    // Design already blocks it: no other task is left to choose.
    expect(await within(section).findByText(en(TASK_TEXTS.blockers.noCandidates))).toBeTruthy();
    expect(within(section).queryByLabelText(en(TASK_TEXTS.blockers.add))).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: en(TASK_TEXTS.blockers.remove, { task: 'Design' }) }));
    await waitFor(() => expect(sentRequests.some((request) => request.method === 'DELETE' && request.path.endsWith(`/tasks/${build.id}/dependencies/${design.id}`))).toBe(true));
  });

  it('shows a reader the blockers without anything to change them', async () => {
    projectServer(build, [design]);
    await renderPanel(build, readOnly);
    const section = await blockedBySection();
    expect(within(section).getByText('Design')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
    expect(within(section).queryByLabelText(en(TASK_TEXTS.blockers.add))).toBeNull();
  });

  it('offers staff to shift the tasks waiting on one whose due date they moved, and shifts them when asked', async () => {
    projectServer(design, [build, launch]);
    await renderPanel(design, staff);
    const panel = await screen.findByRole('dialog');
    const date = (await within(panel).findByLabelText(en(TASK_TEXTS.fields.dueDate))) as HTMLInputElement;
    fireEvent.change(date, { target: { value: '2999-01-14' } });
    fireEvent.blur(date);
    // Build waits on Design, Launch on Build: both would start before their blockers are due.
    const shift = await within(panel).findByRole('button', { name: en(TASK_TEXTS.blockers.shift, { count: 2 }) });
    expect(within(panel).getByRole('status').textContent).toContain(en(TASK_TEXTS.blockers.shiftOffer, { count: 2 }));
    fireEvent.click(shift);
    await waitFor(() => expect(sentRequests.some((request) => request.method === 'POST' && request.path.endsWith(`/tasks/${design.id}/shift-dependents`))).toBe(true));
    await waitFor(() => expect(within(panel).queryByRole('button', { name: en(TASK_TEXTS.blockers.shift, { count: 2 }) })).toBeNull());
  });
});

describe('the offer to shift', () => {
  it('is not made when the due date moves earlier: nothing waiting on it starts too early then', async () => {
    projectServer(design, [build, launch]);
    await renderPanel(design, staff);
    const panel = await screen.findByRole('dialog');
    const date = (await within(panel).findByLabelText(en(TASK_TEXTS.fields.dueDate))) as HTMLInputElement;
    fireEvent.change(date, { target: { value: '2999-01-04' } });
    fireEvent.blur(date);
    await waitFor(() => expect(sentRequests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([{ dueDate: '2999-01-04' }]));
    await waitFor(() => expect(date.value).toBe('2999-01-04'));
    expect(within(panel).queryByRole('button', { name: en(TASK_TEXTS.blockers.shift, { count: 2 }) })).toBeNull();
    expect(within(panel).queryByRole('status')).toBeNull();
  });
});

describe('dependentCount', () => {
  it('counts the tasks waiting on one, directly or through others, once each', () => {
    expect(dependentCount([design, build, launch], design.id)).toBe(2);
    expect(dependentCount([design, build, launch], build.id)).toBe(1);
    expect(dependentCount([design, build, launch], launch.id)).toBe(0);
    const both = { ...launch, blockedBy: [...launch.blockedBy, { id: design.id, title: 'Design', status: 'pending' as const }] };
    expect(dependentCount([design, build, both], design.id)).toBe(2);
  });
});

describe('BlockedBadge', () => {
  it('says Blocked in words while a blocker is open, and nothing once all are completed', async () => {
    const view = await renderWithProviders(<BlockedBadge task={build} />);
    expect(view.container.textContent).toBe(en(TASK_TEXTS.blockers.blocked));
    view.rerender(<BlockedBadge task={{ ...build, blockedBy: [{ id: id(1), title: 'Design', status: 'completed' }] }} />);
    expect(view.container.textContent).toBe('');
  });
});

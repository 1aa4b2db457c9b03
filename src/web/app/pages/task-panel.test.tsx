// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COMMENT_MESSAGES, type Comment } from '@/domain/comments';
import { TASK_MESSAGES, TASK_PRIORITY_LABELS, type Task } from '@/domain/tasks';
import type { Assignee } from '@/domain/tasks';
import { COMMENT_TEXTS } from '@/web/features/comments/texts';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { SCHEDULE_MESSAGES } from '@/domain/schedule-rules';
import { TASK_TEXTS } from '@/web/features/tasks/texts';
import { memberProjectSource } from '@/web/lib/project-source';
import { commentsApi, tasksApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TaskPanel, type TaskPanelAccess } from './task-panel';
import { aTask } from '@/web/test/fixtures';

// jsdom has no CSS.escape, which the panel's focus on closing uses (the browser has it).
vi.stubGlobal('CSS', { escape: (value: string) => value });
// jsdom lays nothing out: Radix Select calls these when its list opens.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

const PROJECT = '00000000-0000-4000-8000-0000000000aa';
const TASK = '00000000-0000-4000-8000-0000000000bb';
const source = memberProjectSource(PROJECT);

const task = aTask({ id: TASK, projectId: PROJECT });

const readOnly: TaskPanelAccess = {
  status: { kind: 'none' },
  canEditFields: false,
  showAssignee: false,
  showActivity: false,
  canComment: false,
  canMention: false,
  canFollow: false,
};

const renderPanel = () => renderWithProviders(<TaskPanel source={source} taskId={TASK} access={readOnly} pagePath={`/project/${PROJECT}`} />, { route: `/project/${PROJECT}/tasks/${TASK}` });

describe('TaskPanel load', () => {
  it('says a task that failed to load failed, with Retry; Retry shows it once the server is back (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(tasksApi.get(source.basePath, () => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : task)), commentsApi.list(source.basePath));
    await renderPanel();
    const panel = await screen.findByRole('dialog');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain(en(TASK_TEXTS.panel.loadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await within(panel).findByRole('heading', { name: 'Print menu boards' })).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says a task that is gone is not found, with nothing to retry', async () => {
    apiServer.use(tasksApi.get(source.basePath, apiError(404, 'not_found', en(TASK_MESSAGES.notFound))));
    await renderPanel();
    const panel = await screen.findByRole('dialog');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toBe(en(TASK_MESSAGES.notFound));
    expect(within(panel).queryByRole('button', { name: en(UI_TEXTS.retry) })).toBeNull();
  });
});

const staff: TaskPanelAccess = { ...readOnly, status: { kind: 'select' }, canEditFields: true, showAssignee: true };
/** A developer on the project page: the status, not the other fields (issue 16); follows and comments. */
const developer: TaskPanelAccess = { ...readOnly, status: { kind: 'select' }, showAssignee: true, canComment: true, canFollow: true };

const dana: Assignee = { id: '00000000-0000-4000-8000-000000000101', fullName: 'Dana Developer', role: 'developer', onProject: true };
const olive: Assignee = { id: '00000000-0000-4000-8000-000000000102', fullName: 'Olive Owner', role: 'organization_admin', onProject: true };

/** The server's copy of the task: PATCH changes it, GET reads it (the panel reads it again after a change). */
function taskServer(start: Task, refuse?: () => Promise<ReturnType<typeof apiError>>) {
  let current = start;
  apiServer.use(
    tasksApi.get(source.basePath, () => current),
    tasksApi.update(source.basePath, ({ body }) => {
      if (refuse) return refuse();
      const change = body as Partial<Task>;
      const assigneeName = change.assigneeId === undefined ? current.assigneeName : ([dana, olive].find((p) => p.id === change.assigneeId)?.fullName ?? null);
      current = { ...current, ...change, assigneeName };
      return current;
    }),
    tasksApi.assignees(source.basePath, [dana, olive]),
    // The Blocked by section offers the project's other tasks (issue 51).
    tasksApi.list(source.basePath),
    commentsApi.list(source.basePath),
  );
}

const renderAs = (access: TaskPanelAccess) => renderWithProviders(<TaskPanel source={source} taskId={TASK} access={access} pagePath={`/project/${PROJECT}`} />, { route: `/project/${PROJECT}/tasks/${TASK}` });
const patches = () => sentRequests.filter((request) => request.method === 'PATCH').map((request) => request.body);

async function choose(panel: HTMLElement, label: string, option: string) {
  fireEvent.keyDown(await within(panel).findByRole('combobox', { name: label }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('TaskPanel in-place fields (issue 49 item 9)', () => {
  it('staff change the priority where it is shown: at once, saved, and kept as the server has it', async () => {
    taskServer(task);
    await renderAs(staff);
    const panel = await screen.findByRole('dialog');
    const priority = await within(panel).findByRole('combobox', { name: en(TASK_TEXTS.fields.priority) });
    expect(priority.textContent).toBe(en(TASK_PRIORITY_LABELS.medium));
    await choose(panel, en(TASK_TEXTS.fields.priority), en(TASK_PRIORITY_LABELS.high));
    await waitFor(() => expect(priority.textContent).toBe(en(TASK_PRIORITY_LABELS.high)));
    await waitFor(() => expect(patches()).toEqual([{ priority: 'high' }]));
    // Read again after the change: still High.
    await waitFor(() => expect(sentRequests.filter((r) => r.method === 'GET' && r.path.endsWith(`/tasks/${TASK}`)).length).toBeGreaterThan(1));
    expect(within(panel).getByRole('combobox', { name: en(TASK_TEXTS.fields.priority) }).textContent).toBe(en(TASK_PRIORITY_LABELS.high));
  });

  it('staff pick the assignee where it is shown; the name shows at once and the id is what is sent', async () => {
    taskServer(aTask({ id: TASK, projectId: PROJECT, assigneeId: dana.id, assigneeName: dana.fullName }));
    await renderAs(staff);
    const panel = await screen.findByRole('dialog');
    const picker = await within(panel).findByRole('combobox', { name: en(TASK_TEXTS.assignee) });
    await waitFor(() => expect(picker.textContent).toBe(dana.fullName));
    await choose(panel, en(TASK_TEXTS.assignee), olive.fullName);
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: en(TASK_TEXTS.assignee) }).textContent).toBe(olive.fullName));
    await waitFor(() => expect(patches()).toEqual([{ assigneeId: olive.id }]));
    // Unassigned is a choice too.
    await choose(panel, en(TASK_TEXTS.assignee), en(TASK_TEXTS.unassigned));
    await waitFor(() => expect(patches()).toEqual([{ assigneeId: olive.id }, { assigneeId: null }]));
  });

  it('staff set the due date where it is shown: a date typed saves once, on leaving the field; an emptied one clears it', async () => {
    taskServer(task);
    await renderAs(staff);
    const panel = await screen.findByRole('dialog');
    const date = (await within(panel).findByLabelText(en(TASK_TEXTS.fields.dueDate))) as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.value).toBe('');
    fireEvent.change(date, { target: { value: '2999-12-24' } });
    fireEvent.blur(date);
    await waitFor(() => expect(patches()).toEqual([{ dueDate: '2999-12-24' }]));
    // The timer of the settled date does not send it a second time.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(patches()).toHaveLength(1);
    expect(date.value).toBe('2999-12-24');

    fireEvent.change(date, { target: { value: '' } });
    await new Promise((resolve) => setTimeout(resolve, 800));
    // Empty may be a date half typed: nothing is sent until the field is left.
    expect(patches()).toHaveLength(1);
    fireEvent.keyDown(date, { key: 'Enter' });
    await waitFor(() => expect(patches()).toEqual([{ dueDate: '2999-12-24' }, { dueDate: null }]));
  });

  it('saves a picked date by itself once it has settled', async () => {
    taskServer(task);
    await renderAs(staff);
    const panel = await screen.findByRole('dialog');
    const date = (await within(panel).findByLabelText(en(TASK_TEXTS.fields.dueDate))) as HTMLInputElement;
    fireEvent.change(date, { target: { value: '2999-01-05' } });
    await waitFor(() => expect(patches()).toEqual([{ dueDate: '2999-01-05' }]), { timeout: 2000 });
  });

  it('puts a refused change back and says why in an error toast', async () => {
    // The server answers when the test says, so the change is seen shown before the refusal.
    let answer = () => {};
    const refused = new Promise<void>((resolve) => (answer = resolve));
    taskServer(task, async () => {
      await refused;
      return apiError(400, 'validation_error', 'The priority could not be saved.');
    });
    await renderAs(staff);
    const panel = await screen.findByRole('dialog');
    await choose(panel, en(TASK_TEXTS.fields.priority), en(TASK_PRIORITY_LABELS.low));
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: en(TASK_TEXTS.fields.priority) }).textContent).toBe(en(TASK_PRIORITY_LABELS.low)));
    answer();
    expect(await screen.findByText(en(TASK_MESSAGES.updateFailed))).toBeTruthy();
    expect(await screen.findByText('The priority could not be saved.')).toBeTruthy();
    await waitFor(() => expect(within(panel).getByRole('combobox', { name: en(TASK_TEXTS.fields.priority) }).textContent).toBe(en(TASK_PRIORITY_LABELS.medium)));
  });

  it('staff set the start date and the estimate where they are shown; an estimate that cannot be read is said there and not sent (issue 51)', async () => {
    taskServer(task);
    await renderAs(staff);
    const panel = await screen.findByRole('dialog');
    const start = (await within(panel).findByLabelText(en(TASK_TEXTS.fields.startDate))) as HTMLInputElement;
    expect(start.type).toBe('date');
    fireEvent.change(start, { target: { value: '2999-12-01' } });
    fireEvent.blur(start);
    await waitFor(() => expect(patches()).toEqual([{ startDate: '2999-12-01' }]));

    const estimate = within(panel).getByLabelText(en(TASK_TEXTS.fields.estimate)) as HTMLInputElement;
    fireEvent.change(estimate, { target: { value: 'soon' } });
    fireEvent.blur(estimate);
    expect((await within(panel).findByRole('alert')).textContent).toBe(en(SCHEDULE_MESSAGES.estimateUnreadable));
    expect(estimate.getAttribute('aria-invalid')).toBe('true');
    expect(patches()).toHaveLength(1);

    fireEvent.change(estimate, { target: { value: '2h 30m' } });
    fireEvent.keyDown(estimate, { key: 'Enter' });
    await waitFor(() => expect(patches()).toEqual([{ startDate: '2999-12-01' }, { estimateMinutes: 150 }]));
    await waitFor(() => expect(within(panel).queryByRole('alert')).toBeNull());
    await waitFor(() => expect(estimate.value).toBe('2:30'));
    fireEvent.change(estimate, { target: { value: '' } });
    fireEvent.blur(estimate);
    await waitFor(() => expect(patches()).toEqual([{ startDate: '2999-12-01' }, { estimateMinutes: 150 }, { estimateMinutes: null }]));
  });

  it('shows a developer the start date and the estimate as text (issue 51)', async () => {
    taskServer(aTask({ id: TASK, projectId: PROJECT, startDate: '2999-02-22', dueDate: '2999-03-01', estimateMinutes: 90 }));
    apiServer.use(commentsApi.follow(source.basePath, { following: false }));
    await renderAs(developer);
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByText('Feb 22, 2999')).toBeTruthy();
    expect(within(panel).queryByLabelText(en(TASK_TEXTS.fields.startDate))).toBeNull();
    expect(within(panel).queryByLabelText(en(TASK_TEXTS.fields.estimate))).toBeNull();
    expect(await within(panel).findByText('1:30')).toBeTruthy();
  });

  it('shows a developer the assignee, priority and due date as text, as the edit form is staff only', async () => {
    taskServer(aTask({ id: TASK, projectId: PROJECT, priority: 'high', dueDate: '2999-03-01', assigneeId: dana.id, assigneeName: dana.fullName }));
    apiServer.use(commentsApi.follow(source.basePath, { following: false }));
    await renderAs(developer);
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByRole('combobox', { name: en(TASK_TEXTS.panel.status) })).toBeTruthy();
    expect(within(panel).queryByRole('combobox', { name: en(TASK_TEXTS.fields.priority) })).toBeNull();
    expect(within(panel).queryByRole('combobox', { name: en(TASK_TEXTS.assignee) })).toBeNull();
    expect(within(panel).queryByLabelText(en(TASK_TEXTS.fields.dueDate))).toBeNull();
    expect(within(panel).getByText(dana.fullName)).toBeTruthy();
    expect(within(panel).getByText(en(TASK_PRIORITY_LABELS.high))).toBeTruthy();
    expect(within(panel).getByText('Mar 1, 2999')).toBeTruthy();
  });
});

describe('TaskPanel Follow (issue 49 item 9)', () => {
  const followButton = (panel: HTMLElement) => within(panel).findByRole('button', { name: new RegExp(`^${en(COMMENT_TEXTS.follow)}`) });

  it('reads Follow, then Following once pressed, and back', async () => {
    taskServer(task);
    apiServer.use(commentsApi.follow(source.basePath, { following: false }), commentsApi.setFollow(source.basePath));
    await renderAs(developer);
    const panel = await screen.findByRole('dialog');
    const button = await followButton(panel);
    expect(button.textContent).toBe(en(COMMENT_TEXTS.follow));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe(en(COMMENT_TEXTS.following)));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(sentRequests.find((request) => request.method === 'PUT')?.body).toEqual({ following: true });
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe(en(COMMENT_TEXTS.follow)));
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('reads Following after the member comments: the server made them a follower', async () => {
    let following = false;
    const added: Comment = {
      id: '00000000-0000-4000-8000-000000000201',
      taskId: TASK,
      projectId: PROJECT,
      body: 'On it',
      createdAt: '2026-11-27T10:00:00.000Z',
      updatedAt: '2026-11-27T10:00:00.000Z',
      editedAt: null,
      authorName: 'Ada Lovelace',
      authorEmail: null,
      viaLink: null,
      isOwn: true,
      canDelete: true,
    };
    taskServer(task);
    apiServer.use(
      commentsApi.follow(source.basePath, () => ({ following })),
      commentsApi.create(source.basePath, () => {
        following = true;
        return added;
      }),
    );
    await renderAs(developer);
    const panel = await screen.findByRole('dialog');
    const button = await followButton(panel);
    expect(button.textContent).toBe(en(COMMENT_TEXTS.follow));
    const box = await within(panel).findByRole('textbox', { name: en(COMMENT_TEXTS.composerLabel) });
    fireEvent.change(box, { target: { value: 'On it' } });
    fireEvent.click(within(panel).getByRole('button', { name: en(COMMENT_MESSAGES.add) }));
    await waitFor(() => expect(button.textContent).toBe(en(COMMENT_TEXTS.following)));
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });
});

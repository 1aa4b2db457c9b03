// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES } from '@/domain/schedule-rules';
import { TASK_MESSAGES } from '@/domain/tasks';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { memberProjectSource } from '@/web/lib/project-source';
import { tasksApi } from '@/web/test/api-handlers';
import { apiError, apiServer, byCursor, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TASK_TEXTS } from '../texts';
import { CreateTaskDialog } from './create-task-dialog';
import { aTask } from '@/web/test/fixtures';

// jsdom lays nothing out: Radix Select calls these when its list opens.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

const projectId = '00000000-0000-4000-8000-000000000002';
const source = memberProjectSource(projectId);

describe('Create New Task', () => {
  it('says assignees that failed to load failed, with Retry, under the picker (issue 49 item 3)', async () => {
    let down = true;
    const person = { id: '00000000-0000-4000-8000-000000000101', fullName: 'Dana Developer', role: 'developer', onProject: true };
    apiServer.use(tasksApi.assignees(source.basePath, () => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [person], nextCursor: null })));
    await renderWithProviders(<CreateTaskDialog source={source} open onOpenChange={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TASK_TEXTS.assigneesLoadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.keyDown(screen.getByRole('combobox', { name: en(TASK_TEXTS.assignee) }), { key: 'Enter' });
    expect(await screen.findByRole('option', { name: 'Dana Developer' })).toBeTruthy();
  });

  it('says a past due date is refused at the field, and sends nothing (issue 27)', async () => {
    const created = aTask({ projectId, dueDate: '2999-12-31' });
    apiServer.use(tasksApi.assignees(source.basePath), tasksApi.create(source.basePath, created));
    const calls = () => sentRequests.map((request) => `${request.method} ${request.path}`);
    await renderWithProviders(<CreateTaskDialog source={source} open onOpenChange={() => {}} />);
    fireEvent.input(screen.getByLabelText(en(TASK_TEXTS.fields.title)), { target: { value: 'Print menu boards' } });
    fireEvent.input(screen.getByLabelText(en(TASK_TEXTS.fields.dueDate)), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: en(TASK_MESSAGES.create) }));
    expect(await screen.findByText(en(TASK_MESSAGES.dueDateInPast))).toBeTruthy();
    await requestsArrived();
    expect(calls().filter((call) => call.startsWith('POST'))).toEqual([]);

    // A date from today on is taken.
    fireEvent.input(screen.getByLabelText(en(TASK_TEXTS.fields.dueDate)), { target: { value: '2999-12-31' } });
    await waitFor(() => expect(screen.queryByText(en(TASK_MESSAGES.dueDateInPast))).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: en(TASK_MESSAGES.create) }));
    await waitFor(() => expect(calls().filter((call) => call.startsWith('POST'))).toHaveLength(1));
  });

  it('offers everyone the assignee picker has, across its pages: those on the project, then the others (issue 36)', async () => {
    const person = (n: number, onProject: boolean) => ({ id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, fullName: `Person ${n}`, role: 'developer', onProject });
    apiServer.use(
      tasksApi.assignees(
        source.basePath,
        byCursor({
          '': { items: [person(1, true), person(2, true)], nextCursor: 'p2' },
          p2: { items: [person(3, true), person(4, false)], nextCursor: 'p3' },
          p3: { items: [person(5, false)], nextCursor: null },
        }),
      ),
    );
    await renderWithProviders(<CreateTaskDialog source={source} open onOpenChange={() => {}} />);
    const picker = screen.getByRole('combobox', { name: en(TASK_TEXTS.assignee) });
    await waitFor(() => expect((picker as HTMLButtonElement).disabled).toBe(false));
    picker.focus();
    fireEvent.keyDown(picker, { key: 'Enter' });
    await screen.findAllByRole('option');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([en(TASK_TEXTS.unassigned), 'Person 1', 'Person 2', 'Person 3', 'Person 4', 'Person 5']);
    expect(within(screen.getByRole('group')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Person 4', 'Person 5']);
    expect(sentRequests.map((request) => request.path)).toEqual([
      `${source.basePath}/assignees`,
      `${source.basePath}/assignees?cursor=p2`,
      `${source.basePath}/assignees?cursor=p3`,
    ]);
  });

  it('takes a start date and an estimate typed like a time entry, sent in minutes; refuses a start after the due date and an unreadable estimate at their fields (issue 51)', async () => {
    apiServer.use(tasksApi.assignees(source.basePath), tasksApi.create(source.basePath, aTask({ projectId })));
    const posts = () => sentRequests.filter((request) => request.method === 'POST');
    await renderWithProviders(<CreateTaskDialog source={source} open onOpenChange={() => {}} />);
    fireEvent.input(screen.getByLabelText(en(TASK_TEXTS.fields.title)), { target: { value: 'Wireframes' } });
    fireEvent.input(screen.getByLabelText(en(TASK_TEXTS.fields.startDate)), { target: { value: '2999-12-10' } });
    fireEvent.input(screen.getByLabelText(en(TASK_TEXTS.fields.dueDate)), { target: { value: '2999-12-04' } });
    const estimate = screen.getByLabelText(en(TASK_TEXTS.fields.estimate));
    expect(screen.getByText(en(TASK_TEXTS.estimateHint))).toBeTruthy();
    fireEvent.input(estimate, { target: { value: 'soon' } });
    fireEvent.click(screen.getByRole('button', { name: en(TASK_MESSAGES.create) }));
    expect(await screen.findByText(en(TASK_MESSAGES.startAfterDue))).toBeTruthy();
    expect(await screen.findByText(en(SCHEDULE_MESSAGES.estimateUnreadable))).toBeTruthy();
    expect(estimate.getAttribute('aria-invalid')).toBe('true');
    await requestsArrived();
    expect(posts()).toEqual([]);

    fireEvent.input(screen.getByLabelText(en(TASK_TEXTS.fields.startDate)), { target: { value: '2999-12-01' } });
    fireEvent.input(estimate, { target: { value: '1:30' } });
    fireEvent.click(screen.getByRole('button', { name: en(TASK_MESSAGES.create) }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toMatchObject({ title: 'Wireframes', startDate: '2999-12-01', dueDate: '2999-12-04', estimateMinutes: 90 });
    expect(posts()[0]!.body).not.toHaveProperty('estimate');
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TASK_MESSAGES, type Task } from '@/domain/tasks';
import { memberProjectSource } from '@/web/lib/project-source';
import { tasksApi } from '@/web/test/api-handlers';
import { apiServer, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TASK_TEXTS } from '../texts';
import { CreateTaskDialog } from './create-task-dialog';

const projectId = '00000000-0000-4000-8000-000000000002';
const source = memberProjectSource(projectId);

describe('Create New Task', () => {
  it('says a past due date is refused at the field, and sends nothing (issue 27)', async () => {
    const created: Task = {
      id: '00000000-0000-4000-8000-000000000001',
      projectId,
      title: 'Print menu boards',
      description: null,
      priority: 'medium',
      status: 'pending',
      dueDate: '2999-12-31',
      createdAt: '2026-11-20T10:00:00.000Z',
      completedAt: null,
      completedBy: null,
      assigneeId: null,
      assigneeName: null,
      position: 1,
    };
    apiServer.use(tasksApi.assignees(source.basePath), tasksApi.create(source.basePath, created));
    const calls = () => sentRequests.map((request) => `${request.method} ${request.path}`);
    await renderWithProviders(<CreateTaskDialog source={source} open onOpenChange={() => {}} />);
    fireEvent.input(screen.getByLabelText(TASK_TEXTS.fields.title), { target: { value: 'Print menu boards' } });
    fireEvent.input(screen.getByLabelText(TASK_TEXTS.fields.dueDate), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: TASK_MESSAGES.create }));
    expect(await screen.findByText(TASK_MESSAGES.dueDateInPast)).toBeTruthy();
    await requestsArrived();
    expect(calls().filter((call) => call.startsWith('POST'))).toEqual([]);

    // A date from today on is taken.
    fireEvent.input(screen.getByLabelText(TASK_TEXTS.fields.dueDate), { target: { value: '2999-12-31' } });
    await waitFor(() => expect(screen.queryByText(TASK_MESSAGES.dueDateInPast)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: TASK_MESSAGES.create }));
    await waitFor(() => expect(calls().filter((call) => call.startsWith('POST'))).toHaveLength(1));
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TASK_MESSAGES } from '@/domain/tasks';
import { createQueryClient } from '@/web/lib/query-client';
import { memberProjectSource } from '@/web/lib/project-source';
import { TASK_TEXTS } from '../texts';
import { CreateTaskDialog } from './create-task-dialog';

const projectId = '00000000-0000-4000-8000-000000000002';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Create New Task', () => {
  it('says a past due date is refused at the field, and sends nothing (issue 27)', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        return json({ items: [] });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CreateTaskDialog source={memberProjectSource(projectId)} open onOpenChange={() => {}} />
      </QueryClientProvider>,
    );
    fireEvent.input(screen.getByLabelText(TASK_TEXTS.fields.title), { target: { value: 'Print menu boards' } });
    fireEvent.input(screen.getByLabelText(TASK_TEXTS.fields.dueDate), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: TASK_MESSAGES.create }));
    expect(await screen.findByText(TASK_MESSAGES.dueDateInPast)).toBeTruthy();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    // A date from today on is taken.
    fireEvent.input(screen.getByLabelText(TASK_TEXTS.fields.dueDate), { target: { value: '2999-12-31' } });
    await waitFor(() => expect(screen.queryByText(TASK_MESSAGES.dueDateInPast)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: TASK_MESSAGES.create }));
    await waitFor(() => expect(calls.filter((call) => call.startsWith('POST'))).toHaveLength(1));
  });
});

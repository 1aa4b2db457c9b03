// @vitest-environment jsdom
// A busy server's 503 (decision 025) as the app meets it: a read is tried once more after the
// advised Retry-After, a change is reported as not saved through the usual error toast.
import { useMutation, useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SERVER_BUSY_MESSAGES } from '@/domain/server-busy';
import { TASK_MESSAGES } from '@/domain/tasks';
import { TasksTab } from '@/web/features/tasks/components/tasks-tab';
import { api, ApiError } from '@/web/lib/api-client';
import { createQueryClient } from '@/web/lib/query-client';
import { memberProjectSource } from '@/web/lib/project-source';
import { tasksApi } from '@/web/test/api-handlers';
import { apiServer, inTurn, route, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { aTask } from '@/web/test/fixtures';
import { en } from '@/web/test/texts';

/** The server's busy answer: 503 server_busy in the error shape, with Retry-After. */
const busy = (retryAfter = '0') =>
  HttpResponse.json({ error: { code: 'server_busy', message: SERVER_BUSY_MESSAGES.refused.message } }, { status: 503, headers: { 'Retry-After': retryAfter } });

const task = aTask();
const source = memberProjectSource(task.projectId);

function Echo() {
  const echo = useQuery({ queryKey: ['echo'], queryFn: () => api.get<{ said: string }>('/api/echo') });
  return <p>{echo.isError ? `failed: ${echo.error.message}` : (echo.data?.said ?? 'waiting')}</p>;
}

function Save() {
  const save = useMutation({ mutationFn: () => api.post('/api/echo', { said: 'hello' }) });
  return <button onClick={() => save.mutate()}>Save</button>;
}

describe('a busy server', () => {
  it('is asked once more for a read after the Retry-After it advised, and the page shows the answer', async () => {
    apiServer.use(tasksApi.list(source.basePath, inTurn(busy(), { items: [task], nextCursor: null })));
    await renderWithProviders(<TasksTab source={source} canAddTasks={false} />);
    expect(await screen.findByText('Print menu boards')).toBeTruthy();
    expect(sentRequests.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual([
      `GET ${source.basePath}/tasks`,
      `GET ${source.basePath}/tasks`,
    ]);
  });

  it('is asked only once more: a second refusal shows as the read failing', async () => {
    apiServer.use(route('GET', '/api/echo', inTurn(busy(), busy())));
    await renderWithProviders(<Echo />);
    expect(await screen.findByText(`failed: ${SERVER_BUSY_MESSAGES.refused.message}`)).toBeTruthy();
    expect(sentRequests).toHaveLength(2);
  });

  it("is not asked again by the app's query retries, which would pile onto a busy server", () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (failureCount: number, error: unknown) => boolean;
    expect(retry(0, new ApiError(503, 'server_busy', SERVER_BUSY_MESSAGES.refused.message))).toBe(false);
    // Other 5xx answers still get their tries.
    expect(retry(0, new ApiError(503, 'database_unavailable', 'The service is briefly unavailable.'))).toBe(true);
  });

  it('says a refused change was not saved, in the error toast of the task toggle, and puts the box back', async () => {
    apiServer.use(tasksApi.list(source.basePath, { items: [task], nextCursor: null }), tasksApi.update(source.basePath, busy()));
    await renderWithProviders(<TasksTab source={source} canAddTasks={false} />);
    const box = await screen.findByRole('checkbox', { name: 'Mark "Print menu boards" as Completed' });
    fireEvent.click(box);
    expect(await screen.findByText(en(SERVER_BUSY_MESSAGES.changeNotSaved))).toBeTruthy();
    expect(screen.getByText(en(TASK_MESSAGES.updateFailed))).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false));
    // A change is never sent again by itself: the user decides.
    expect(sentRequests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('says a refused change was not saved in the app-wide error toast too', async () => {
    apiServer.use(route('POST', '/api/echo', inTurn(busy('3'))));
    await renderWithProviders(<Save />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(en(SERVER_BUSY_MESSAGES.changeNotSaved))).toBeTruthy();
    expect(sentRequests).toHaveLength(1);
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyWorkItem } from '@/domain/tasks';
import { createQueryClient } from '@/web/lib/query-client';
import { MyWorkTab } from './my-work-tab';

const PROJECT = '00000000-0000-4000-8000-0000000000aa';
let n = 0;
const item = (title: string, dueDate: string | null, extra: Partial<MyWorkItem> = {}): MyWorkItem => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  projectId: PROJECT,
  title,
  description: null,
  status: 'pending',
  priority: 'medium',
  dueDate,
  createdAt: '2026-11-20T10:00:00.000Z',
  completedAt: null,
  completedBy: null,
  assigneeId: 'me',
  assigneeName: 'Dana Dev',
  position: 1,
  projectName: 'Harbor Rebrand',
  clientName: 'Harbor Coffee',
  ...extra,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderTab() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <MyWorkTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My Work (issue 16)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T09:00:00'));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('groups open tasks Overdue / Today / This week / Later with project and client, and loads the next page', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('cursor=')
        ? json({ items: [item('Someday', null)], nextCursor: null })
        : json({ items: [item('Late', '2026-11-20'), item('Now', '2026-11-25', { status: 'in_progress', priority: 'high' }), item('Soon', '2026-11-30')], nextCursor: 'next-page' }),
    );
    vi.stubGlobal('fetch', fetch);
    renderTab();

    const overdue = await screen.findByRole('region', { name: 'Overdue' });
    expect(within(overdue).getByText('Late')).toBeTruthy();
    expect(within(overdue).getByRole('link', { name: 'Harbor Rebrand · Harbor Coffee' }).getAttribute('href')).toBe(`/project/${PROJECT}?tab=tasks`);
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByText('In Progress')).toBeTruthy();
    expect(within(today).getByText('high')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'This week' })).getByText('Soon')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Later' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(await screen.findByRole('region', { name: 'Later' })).getByText('Someday')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/my-work?cursor=next-page');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("completes a task with its checkbox through its project's task route", async () => {
    const task = item('Print menu boards', '2026-11-25');
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PATCH' ? json({ ...task, status: 'completed' }) : json({ items: [task], nextCursor: null }),
    );
    vi.stubGlobal('fetch', fetch);
    renderTab();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Mark "Print menu boards" as Completed' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(url).toBe(`/api/projects/${PROJECT}/tasks/${task.id}`);
    expect(JSON.parse(String(init!.body))).toEqual({ status: 'completed' });
  });

  it('says what goes here when nothing is open', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ items: [], nextCursor: null })));
    renderTab();
    expect(await screen.findByText(/Nothing assigned to you is open/)).toBeTruthy();
  });
});

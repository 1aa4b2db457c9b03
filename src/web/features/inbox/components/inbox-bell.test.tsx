// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxPage, Notification } from '@/domain/inbox';
import { createQueryClient } from '@/web/lib/query-client';
import { InboxBell } from './inbox-bell';

const TASK_ID = '00000000-0000-4000-8000-0000000000bb';
const COMMENT_ID = '00000000-0000-4000-8000-0000000000cc';

const note = (id: string, title: string, read: boolean, taskId: string | null = null, commentId: string | null = null): Notification => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  kind: 'task_assigned',
  projectId: '00000000-0000-4000-8000-0000000000aa',
  taskId,
  commentId,
  title,
  body: 'Harbor Rebrand',
  createdAt: '2026-11-25T08:00:00.000Z',
  read,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function ProjectPageStub() {
  const location = useLocation();
  return <p>Project page{location.search ? ` ${location.search}` : ''}</p>;
}

function TaskPanelStub() {
  const location = useLocation();
  return <p>Task panel {`${location.pathname}${location.hash}`}</p>;
}

function renderBell(pages: () => InboxPage) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return json({ unread: 0 });
    expect(url).toBe('/api/inbox');
    return json(pages());
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<InboxBell />} />
          <Route path="/project/:id" element={<ProjectPageStub />} />
          <Route path="/project/:id/tasks/:taskId" element={<TaskPanelStub />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const open = async (name: string) => {
  const bell = await screen.findByRole('button', { name });
  fireEvent.click(bell);
  return bell;
};

describe('the inbox bell (issue 16)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the unread count and marks everything read', async () => {
    let unread = 2;
    const fetch = renderBell(() => ({ items: [note('1', 'You were assigned "A"', false), note('2', 'You were assigned "B"', false)], nextCursor: null, unread }));
    await open('Inbox, 2 unread');
    expect(await screen.findByRole('dialog', { name: 'Inbox' })).toBeTruthy();
    unread = 0;
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({ all: true });
    await screen.findByRole('button', { name: 'Inbox' });
  });

  it('opens the project of a notification and marks that one read', async () => {
    const fetch = renderBell(() => ({ items: [note('1', 'You were assigned "A"', false)], nextCursor: null, unread: 1 }));
    await open('Inbox, 1 unread');
    fireEvent.click(await screen.findByRole('button', { name: /^Unread: You were assigned "A" Harbor Rebrand · / }));
    expect(await screen.findByText('Project page')).toBeTruthy();
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({ ids: [note('1', '', false).id] });
  });

  it("opens a task's notification in the task's panel (issue 29)", async () => {
    renderBell(() => ({ items: [note('1', 'You were assigned "A"', false, TASK_ID)], nextCursor: null, unread: 1 }));
    await open('Inbox, 1 unread');
    fireEvent.click(await screen.findByRole('button', { name: /^Unread: You were assigned "A"/ }));
    expect(await screen.findByText(`Task panel /project/${note('1', '', false).projectId}/tasks/${TASK_ID}`)).toBeTruthy();
  });

  it("opens a comment's notification in the task's panel at the comment (issue 29)", async () => {
    renderBell(() => ({ items: [note('1', 'Ann mentioned you', false, TASK_ID, COMMENT_ID)], nextCursor: null, unread: 1 }));
    await open('Inbox, 1 unread');
    fireEvent.click(await screen.findByRole('button', { name: /^Unread: Ann mentioned you/ }));
    expect(await screen.findByText(`Task panel /project/${note('1', '', false).projectId}/tasks/${TASK_ID}#comment-${COMMENT_ID}`)).toBeTruthy();
  });

  it('says what will show up when there is nothing', async () => {
    renderBell(() => ({ items: [], nextCursor: null, unread: 0 }));
    await open('Inbox');
    expect(await screen.findByText(/Nothing new/)).toBeTruthy();
  });
});

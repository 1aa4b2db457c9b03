// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/web/lib/i18n';
import type { InboxPage, Notification } from '@/domain/inbox';
import { INBOX_TEXTS } from '@/domain/inbox-rules';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { en } from '@/web/test/texts';
import { inboxApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests, type Answer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
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

function ProjectPageStub() {
  const location = useLocation();
  return <p>Project page{location.search ? ` ${location.search}` : ''}</p>;
}

function TaskPanelStub() {
  const location = useLocation();
  return <p>Task panel {`${location.pathname}${location.hash}`}</p>;
}

afterEach(() => activateLocale('en'));

async function renderBell(pages: () => Answer<InboxPage>) {
  apiServer.use(
    inboxApi.markRead({ unread: 0 }),
    inboxApi.list(({ path }) => {
      expect(path).toBe('/api/inbox');
      return pages();
    }),
  );
  await renderWithProviders(
    <Routes>
      <Route path="/" element={<InboxBell />} />
      <Route path="/project/:id" element={<ProjectPageStub />} />
      <Route path="/project/:id/tasks/:taskId" element={<TaskPanelStub />} />
    </Routes>,
    { route: '/' },
  );
}

/** The body of the app's first mark-read request. */
const markReadBody = () => sentRequests.find((request) => request.method === 'POST')?.body;

const open = async (name: string) => {
  const bell = await screen.findByRole('button', { name });
  fireEvent.click(bell);
  return bell;
};

describe('the inbox bell (issue 16)', () => {
  it('says an inbox that failed to load failed, with Retry, never "Nothing new" (issue 49 item 3)', async () => {
    let down = true;
    await renderBell(() => {
      if (down) return apiError(503, 'service_unavailable', 'The database is not reachable.');
      return { items: [note('1', 'You were assigned "A"', false)], nextCursor: null, unread: 1 };
    });
    await open('Inbox');
    const popover = await screen.findByRole('dialog', { name: 'Inbox' });
    const alert = await within(popover).findByRole('alert');
    expect(alert.textContent).toContain(en(INBOX_TEXTS.loadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(within(popover).queryByText(en(INBOX_TEXTS.empty))).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await within(popover).findByRole('button', { name: /^Unread: You were assigned "A"/ })).toBeTruthy();
    expect(within(popover).queryByRole('alert')).toBeNull();
  });

  it('shows the unread count and marks everything read', async () => {
    let unread = 2;
    await renderBell(() => ({ items: [note('1', 'You were assigned "A"', false), note('2', 'You were assigned "B"', false)], nextCursor: null, unread }));
    await open('Inbox, 2 unread');
    expect(await screen.findByRole('dialog', { name: 'Inbox' })).toBeTruthy();
    unread = 0;
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(sentRequests.some((request) => request.method === 'POST')).toBe(true));
    expect(markReadBody()).toEqual({ all: true });
    await screen.findByRole('button', { name: 'Inbox' });
  });

  it('opens the project of a notification and marks that one read', async () => {
    await renderBell(() => ({ items: [note('1', 'You were assigned "A"', false)], nextCursor: null, unread: 1 }));
    await open('Inbox, 1 unread');
    fireEvent.click(await screen.findByRole('button', { name: /^Unread: You were assigned "A" Harbor Rebrand · / }));
    expect(await screen.findByText('Project page')).toBeTruthy();
    await waitFor(() => expect(markReadBody()).toEqual({ ids: [note('1', '', false).id] }));
  });

  it("opens a task's notification in the task's panel (issue 29)", async () => {
    await renderBell(() => ({ items: [note('1', 'You were assigned "A"', false, TASK_ID)], nextCursor: null, unread: 1 }));
    await open('Inbox, 1 unread');
    fireEvent.click(await screen.findByRole('button', { name: /^Unread: You were assigned "A"/ }));
    expect(await screen.findByText(`Task panel /project/${note('1', '', false).projectId}/tasks/${TASK_ID}`)).toBeTruthy();
  });

  it("opens a comment's notification in the task's panel at the comment (issue 29)", async () => {
    await renderBell(() => ({ items: [note('1', 'Ann mentioned you', false, TASK_ID, COMMENT_ID)], nextCursor: null, unread: 1 }));
    await open('Inbox, 1 unread');
    fireEvent.click(await screen.findByRole('button', { name: /^Unread: Ann mentioned you/ }));
    expect(await screen.findByText(`Task panel /project/${note('1', '', false).projectId}/tasks/${TASK_ID}#comment-${COMMENT_ID}`)).toBeTruthy();
  });

  it('says what will show up when there is nothing', async () => {
    await renderBell(() => ({ items: [], nextCursor: null, unread: 0 }));
    await open('Inbox');
    expect(await screen.findByText(/Nothing new/)).toBeTruthy();
  });

  it('speaks the language on screen: the bell, the popover and its buttons (issue 48)', async () => {
    await act(() => activateLocale('de'));
    await renderBell(() => ({ items: [note('1', 'Ihnen wurde „A“ zugewiesen', false)], nextCursor: null, unread: 1 }));
    await open('Posteingang, 1 ungelesen');
    const popover = await screen.findByRole('dialog', { name: 'Posteingang' });
    expect(within(popover).getByRole('button', { name: 'Alle als gelesen markieren' })).toBeTruthy();
    expect(within(popover).getByRole('button', { name: /^Ungelesen: Ihnen wurde „A“ zugewiesen/ })).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyWorkItem } from '@/domain/tasks';
import { activateLocale } from '@/web/lib/i18n';
import { memberProjectSource } from '@/web/lib/project-source';
import { myWorkApi, tasksApi } from '@/web/test/api-handlers';
import { apiServer, byCursor, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
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
  startDate: null,
  estimateMinutes: null,
  recurrence: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  completedAt: null,
  completedBy: null,
  assigneeId: 'me',
  assigneeName: 'Dana Dev',
  position: 1,
  blockedBy: [],
  projectName: 'Harbor Rebrand',
  clientName: 'Harbor Coffee',
  ...extra,
});

async function renderTab() {
  await renderWithProviders(<MyWorkTab />);
}

describe('My Work (issue 16)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T09:00:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('groups open tasks Overdue / Today / This week / Later with project and client, and loads the next page', async () => {
    apiServer.use(
      myWorkApi.list(
        byCursor({
          '': { items: [item('Late', '2026-11-20'), item('Now', '2026-11-25', { status: 'in_progress', priority: 'high' }), item('Soon', '2026-11-30')], nextCursor: 'next-page' },
          'next-page': { items: [item('Someday', null)], nextCursor: null },
        }),
      ),
    );
    await renderTab();

    const overdue = await screen.findByRole('region', { name: 'Overdue' });
    expect(within(overdue).getByText('Late')).toBeTruthy();
    expect(within(overdue).getByRole('link', { name: 'Harbor Rebrand · Harbor Coffee' }).getAttribute('href')).toBe(`/project/${PROJECT}?tab=tasks`);
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getByText('In Progress')).toBeTruthy();
    expect(within(today).getByText('High')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'This week' })).getByText('Soon')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Later' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(await screen.findByRole('region', { name: 'Later' })).getByText('Someday')).toBeTruthy();
    expect(sentRequests.map((request) => request.path)).toContain('/api/my-work?cursor=next-page');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("completes a task with its checkbox through its project's task route", async () => {
    const task = item('Print menu boards', '2026-11-25');
    apiServer.use(myWorkApi.list({ items: [task], nextCursor: null }), tasksApi.update(memberProjectSource(PROJECT).basePath, { ...task, status: 'completed' }));
    await renderTab();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Mark "Print menu boards" as Completed' }));
    await waitFor(() => expect(sentRequests.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = sentRequests.find((request) => request.method === 'PATCH')!;
    expect(patch.path).toBe(`/api/projects/${PROJECT}/tasks/${task.id}`);
    expect(patch.body).toEqual({ status: 'completed' });
  });

  it("titles the groups and says the status and priority in a German member's language (issue 48)", async () => {
    apiServer.use(myWorkApi.list({ items: [item('Late', '2026-11-20'), item('Now', '2026-11-25', { status: 'in_progress', priority: 'high' })], nextCursor: null }));
    await act(() => activateLocale('de'));
    try {
      await renderTab();
      expect(within(await screen.findByRole('region', { name: 'Überfällig' })).getByText('Late')).toBeTruthy();
      const today = screen.getByRole('region', { name: 'Heute' });
      expect(within(today).getByText('In Bearbeitung')).toBeTruthy();
      expect(within(today).getByText('Hoch')).toBeTruthy();
      expect(within(today).getByRole('checkbox', { name: '„Now“ als Erledigt markieren' })).toBeTruthy();
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('says what goes here when nothing is open', async () => {
    apiServer.use(myWorkApi.list());
    await renderTab();
    expect(await screen.findByText(/Nothing assigned to you is open/)).toBeTruthy();
  });
});

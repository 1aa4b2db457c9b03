// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTION_TEXTS, type ActivityEntry } from '@/domain/activity';
import { activateLocale } from '@/web/lib/i18n';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { memberProjectSource } from '@/web/lib/project-source';
import { tasksApi } from '@/web/test/api-handlers';
import { apiError, apiServer, byCursor, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TASK_TEXTS } from '../texts';
import { TaskActivity } from './task-activity';

const PROJECT = '00000000-0000-4000-8000-0000000000aa';
const TASK = '00000000-0000-4000-8000-0000000000bb';
const source = memberProjectSource(PROJECT);

const entry = (n: number, action = 'update_task'): ActivityEntry => ({
  id: `entry-${n}`,
  action,
  projectId: PROJECT,
  projectName: 'Harbor Rebrand',
  actorKind: 'member',
  user: { fullName: `Member ${n}`, email: null },
  details: { task_id: TASK },
  createdAt: `2026-11-${String(25 - n).padStart(2, '0')}T10:00:00.000Z`,
});

describe("A task's activity in its panel (issue 36: none out of reach)", () => {
  it('says activity that failed to load failed, with Retry, never "No activity yet" (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(
      tasksApi.activity(source.basePath, () => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [entry(1)], nextCursor: null })),
    );
    await renderWithProviders(<TaskActivity source={source} taskId={TASK} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TASK_TEXTS.panel.activityFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.queryByText(en(TASK_TEXTS.panel.activityEmpty))).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByText('by Member 1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the latest few, then the older entries a page at a time with Load more', async () => {
    apiServer.use(
      tasksApi.activity(
        source.basePath,
        byCursor({
          '': { items: [1, 2, 3, 4, 5].map((n) => entry(n)), nextCursor: 'older' },
          older: { items: [entry(6), entry(7, 'create_task')], nextCursor: null },
        }),
      ),
    );
    await renderWithProviders(<TaskActivity source={source} taskId={TASK} />);

    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const more = screen.getByRole('button', { name: 'Load more activity' });
    more.focus();
    fireEvent.click(more);
    expect(await within(list).findByText('by Member 7')).toBeTruthy();
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Load more activity' })).toBeNull();
    // The button went with the last page: the first older entry has the focus, not the page
    // (issue 49 item 6). An entry has no control of its own, so the entry itself takes it.
    await waitFor(() => expect(document.activeElement).toBe(entries[5]));
    expect(entries[5]?.textContent).toContain('by Member 6');
    // The first page asks for the latest five; the next ones the server's usual page after the cursor.
    expect(sentRequests.map((request) => request.path)).toEqual([
      `/api/projects/${PROJECT}/tasks/${TASK}/activity?limit=5`,
      `/api/projects/${PROJECT}/tasks/${TASK}/activity?cursor=older`,
    ]);
  });

  it("names each entry's action in the reader's language: English, or German for a German member (issue 48)", async () => {
    apiServer.use(tasksApi.activity(source.basePath, () => ({ items: [entry(1, 'complete_task'), entry(2, 'create_task')], nextCursor: null })));
    await renderWithProviders(<TaskActivity source={source} taskId={TASK} />);
    expect(await screen.findByText(en(ACTION_TEXTS.complete_task))).toBeTruthy();
    expect(screen.getByText(en(ACTION_TEXTS.create_task))).toBeTruthy();
    await act(() => activateLocale('de'));
    try {
      expect(await screen.findByText('Aufgabe erledigt')).toBeTruthy();
      expect(screen.getByText('Aufgabe erstellt')).toBeTruthy();
    } finally {
      await act(() => activateLocale('en'));
    }
  });
});

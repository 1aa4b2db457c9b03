// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTION_TEXTS, type ActivityEntry } from '@/domain/activity';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { activateLocale } from '@/web/lib/i18n';
import { activityApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ACTIVITY_TEXTS } from '../texts';
import { RecentActivity } from './recent-activity';

const entry = (id: string, action: string): ActivityEntry => ({
  id,
  action,
  projectId: 'p1',
  projectName: 'Bluebird Launch',
  actorKind: 'member',
  user: { fullName: 'Ada Admin', email: 'ada@studio.example' },
  details: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('RecentActivity', () => {
  let items: ActivityEntry[];
  beforeEach(() => {
    items = [entry('1', 'complete_task'), entry('2', 'update_project_status')];
    apiServer.use(activityApi.list(() => ({ items, nextCursor: null })));
  });

  it("lists a project's latest entries with who did them, and links to the full log", async () => {
    await renderWithProviders(<RecentActivity scope={{ projectId: 'p1' }} />);
    expect(await screen.findByText(en(ACTION_TEXTS.complete_task))).toBeTruthy();
    expect(screen.getByText(en(ACTION_TEXTS.update_project_status))).toBeTruthy();
    expect(screen.getAllByText('· Ada Admin')).toHaveLength(2);
    expect(sentRequests[0]!.path).toBe('/api/activities?projectId=p1&limit=5');
    expect(screen.getByRole('link', { name: en(ACTIVITY_TEXTS.recent.all) }).getAttribute('href')).toBe('/?tab=activities');
  });

  it("shows a member's entries with their project, and says when there are none", async () => {
    await renderWithProviders(<RecentActivity scope={{ userId: 'm1' }} showProject />);
    expect((await screen.findAllByText('· Bluebird Launch')).length).toBe(2);
    expect(sentRequests[0]!.path).toBe('/api/activities?userId=m1&limit=5');
    cleanup();
    items = [];
    await renderWithProviders(<RecentActivity scope={{ userId: 'm2' }} showProject />);
    expect(await screen.findByText(en(ACTIVITY_TEXTS.recent.empty))).toBeTruthy();
  });

  it('names the actions in a German member\'s language (issue 48)', async () => {
    items = [entry('1', 'complete_task'), entry('2', 'create_project'), entry('3', 'add_note')];
    await act(() => activateLocale('de'));
    try {
      await renderWithProviders(<RecentActivity scope={{ projectId: 'p1' }} />);
      expect(await screen.findByText('Aufgabe erledigt')).toBeTruthy();
      expect(screen.getByText('Projekt erstellt')).toBeTruthy();
      expect(screen.getByText('Notiz hinzugefügt')).toBeTruthy();
      expect(screen.queryByText(ACTION_TEXTS.complete_task.message)).toBeNull();
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('says entries that failed to load failed, with Retry, never "No activity yet" (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(activityApi.list(() => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items, nextCursor: null })));
    await renderWithProviders(<RecentActivity scope={{ projectId: 'p1' }} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(ACTIVITY_TEXTS.recent.failed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.queryByText(en(ACTIVITY_TEXTS.recent.empty))).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByText(en(ACTION_TEXTS.complete_task))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@/web/lib/i18n';
import { en } from '@/web/test/texts';
import { ACTION_TEXTS, ACTIVITY_MESSAGES, DETAIL_TEXTS, VALUE_TEXTS, type ActivityEntry } from '@/domain/activity';
import { PROJECT_STATUS_LABELS } from '@/domain/project-status';
import { TASK_PRIORITY_LABELS } from '@/domain/task-rules';
import type { Role } from '@/domain/roles';
import { activityApi } from '@/web/test/api-handlers';
import { apiServer, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ActivityTab } from './activity-tab';

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: crypto.randomUUID(),
  action: 'create_task',
  projectId: 'p1',
  projectName: 'Bluebird Launch',
  actorKind: 'member',
  user: { fullName: 'Olive Owner', email: 'olive@example.com' },
  details: { task_title: 'Write brief', due_date: null },
  createdAt: '2026-11-19T12:30:00.000Z',
  ...over,
});

/** Answers the log's pages by cursor; any search matches nothing. */
function stubPages(pages: Record<string, { items: ActivityEntry[]; nextCursor: string | null }>) {
  apiServer.use(
    activityApi.list(({ query }) => (query.get('search') ? undefined : pages[query.get('cursor') ?? '']) ?? { items: [], nextCursor: null }),
  );
}

/** The paths the tab asked, in order. */
const urls = () => sentRequests.map((request) => request.path);

afterEach(() => activateLocale('en'));

async function renderTab(role: Role = 'admin') {
  await renderWithProviders(<ActivityTab role={role} />);
}

describe('ActivityTab', () => {
  it('renders entries with badges, who did it, detail lines and the date', async () => {
    stubPages({
      '': {
        items: [
          entry({}),
          entry({ action: 'add_team_member', projectId: null, projectName: null, actorKind: 'removed', user: null, details: { member_id: 'm1' } }),
          entry({ action: 'upload_file', actorKind: 'outside', user: null, details: { file_name: 'brief.pdf', file_size: 2048 } }),
          entry({ action: 'submit_questionnaire', actorKind: 'link_client', user: null, details: { link_name: 'Acme kickoff brief' } }),
        ],
        nextCursor: null,
      },
    });
    await renderTab();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(4);
    const first = within(items[0]!);
    expect(first.getByText(en(ACTION_TEXTS.create_task))).toBeTruthy();
    expect(first.getByText('Bluebird Launch')).toBeTruthy();
    expect(first.getByText('Olive Owner')).toBeTruthy();
    expect(first.getByText('olive@example.com')).toBeTruthy();
    expect(items[0]!.querySelector('dl')!.textContent).toBe(`${en(DETAIL_TEXTS.task_title)}:Write brief`);
    expect(first.getByText('Nov 19, 2026')).toBeTruthy();
    expect(within(items[1]!).getByText(en(ACTION_TEXTS.add_team_member))).toBeTruthy();
    expect(within(items[1]!).getByText(en(ACTIVITY_MESSAGES.removedUser))).toBeTruthy();
    expect(items[1]!.querySelector('dl')).toBeNull();
    expect(within(items[2]!).getByText(en(ACTIVITY_MESSAGES.outsideUser))).toBeTruthy();
    expect(within(items[2]!).getByText('2 KB')).toBeTruthy();
    // Issue 27: a client's submission names the link, not 'Removed user'.
    expect(within(items[3]!).getByText("Client via link 'Acme kickoff brief'")).toBeTruthy();
  });

  it("shows a client's approval with the link beside the name they typed, never the name alone (issue 46 4a)", async () => {
    const details = { file_name: 'Logo.png', version: 1, decider_name: 'Olivia Park (Owner)', link_name: 'Client review', comment: null };
    stubPages({ '': { items: [entry({ action: 'approve_file', actorKind: 'link_client', user: null, details })], nextCursor: null } });
    await renderTab();
    const [item] = await screen.findAllByRole('listitem');
    expect(within(item!).getByText("Client via link 'Client review'")).toBeTruthy();
    expect(item!.querySelector('dl')!.textContent).toBe("File name:Logo.pngDecided by:Olivia Park (Owner) via link 'Client review'Version:1");
  });

  it('says an unnamed link (stored as null) "Untitled link" in the reader’s language (issue 48)', async () => {
    const details = { file_name: 'Logo.png', version: 1, decider_name: 'Cleo', link_name: null, comment: null };
    stubPages({
      '': {
        items: [
          entry({ action: 'approve_file', actorKind: 'link_client', user: null, details }),
          entry({ action: 'reopen_questionnaire', details: { link_name: null } }),
        ],
        nextCursor: null,
      },
    });
    await renderTab();
    const [approval, reopened] = await screen.findAllByRole('listitem');
    expect(within(approval!).getByText(en(ACTIVITY_MESSAGES.linkClient, { linkName: en(ACTIVITY_MESSAGES.untitledLink) }))).toBeTruthy();
    expect(approval!.querySelector('dl')!.textContent).toContain("Decided by:Cleo via link 'Untitled link'");
    expect(reopened!.querySelector('dl')!.textContent).toBe('Link name:Untitled link');

    await act(() => activateLocale('de'));
    await waitFor(() => expect(approval!.querySelector('dl')!.textContent).toContain("Cleo über den Link 'Unbenannter Link'"));
    expect(within(approval!).getByText('Kunde über den Link „Unbenannter Link“')).toBeTruthy();
    expect(reopened!.querySelector('dl')!.textContent).toContain('Unbenannter Link');
  });

  it("says statuses and priorities by their display words, not as stored (issue 49 item 17)", async () => {
    stubPages({
      '': {
        items: [
          entry({ action: 'update_project_status', details: { project_name: 'Bluebird Launch', previous_status: 'active', status: 'on_hold' } }),
          entry({ details: { task_title: 'Write brief', priority: 'medium' } }),
        ],
        nextCursor: null,
      },
    });
    await renderTab();
    const [status, task] = await screen.findAllByRole('listitem');
    expect(status!.querySelector('dl')!.textContent).toBe(
      `${en(DETAIL_TEXTS.project_name)}:Bluebird Launch${en(DETAIL_TEXTS.previous_status)}:${en(PROJECT_STATUS_LABELS.active)}${en(DETAIL_TEXTS.status)}:${en(PROJECT_STATUS_LABELS.on_hold)}`,
    );
    expect(task!.querySelector('dl')!.textContent).toBe(`${en(DETAIL_TEXTS.task_title)}:Write brief${en(DETAIL_TEXTS.priority)}:${en(TASK_PRIORITY_LABELS.medium)}`);
  });

  it("shows a German member the actions, detail labels, statuses and dates in German (issue 48)", async () => {
    stubPages({
      '': {
        items: [
          entry({ action: 'create_project', details: { project_name: 'Bluebird Launch', due_date: '2026-12-01' } }),
          entry({ action: 'add_note', details: null }),
          entry({ action: 'update_project_status', details: { project_name: 'Bluebird Launch', previous_status: 'active', status: 'on_hold' } }),
          entry({ action: 'update_task', details: { task_title: 'Write brief', changed: 'dueDate, priority' } }),
        ],
        nextCursor: null,
      },
    });
    await act(() => activateLocale('de'));
    try {
      await renderTab();
      const [created, note, status, task] = await screen.findAllByRole('listitem');
      expect(within(created!).getByText('Projekt erstellt')).toBeTruthy();
      expect(created!.querySelector('dl')!.textContent).toBe('Projektname:Bluebird LaunchFälligkeitsdatum:1. Dez. 2026');
      expect(within(note!).getByText('Notiz hinzugefügt')).toBeTruthy();
      expect(within(status!).getByText('Projektstatus geändert')).toBeTruthy();
      expect(status!.querySelector('dl')!.textContent).toBe('Projektname:Bluebird LaunchVorheriger Status:AktivStatus:Pausiert');
      expect(task!.querySelector('dl')!.textContent).toBe('Aufgabentitel:Write briefGeändert:Fälligkeitsdatum, Priorität');
      expect(screen.queryByText(ACTION_TEXTS.create_project.message)).toBeNull();
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it("shows a German member the codes the server stored as values in German: settings, a domain's reason, an approval (issue 48)", async () => {
    const sso = { issuer: 'https://id.example', new_members: 'join', join_role: 'developer', password_sign_in: 'off', client_secret: 'kept' };
    stubPages({
      '': {
        items: [
          entry({ action: 'update_sso_settings', projectId: null, projectName: null, details: sso }),
          entry({ action: 'lapse_sso_domain', projectId: null, projectName: null, actorKind: 'removed', user: null, details: { domain: 'acme.example', reason: 'not_found' } }),
          entry({ action: 'upload_file_version', details: { file_name: 'Logo.png', version: 2, approval: 'awaiting' } }),
        ],
        nextCursor: null,
      },
    });
    await renderTab();
    const [settings, lapsed, version] = await screen.findAllByRole('listitem');
    // In English by their words, never the stored code.
    expect(settings!.querySelector('dl')!.textContent).toContain(`${en(DETAIL_TEXTS.password_sign_in)}:${en(VALUE_TEXTS.password_sign_in.off)}`);
    expect(version!.querySelector('dl')!.textContent).toContain(`${en(DETAIL_TEXTS.approval)}:${en(VALUE_TEXTS.approval.awaiting)}`);

    await act(() => activateLocale('de'));
    try {
      await waitFor(() => expect(within(settings!).getByText('Single Sign-on geändert')).toBeTruthy());
      expect(settings!.querySelector('dl')!.textContent).toBe(
        'Aussteller:https://id.exampleNeue Mitglieder:Treten beiRolle beim Beitritt:EntwicklerAnmeldung mit Passwort:AusClient-Secret:Beibehalten',
      );
      expect(lapsed!.querySelector('dl')!.textContent).toBe('Domain:acme.exampleGrund:Nachweis-Eintrag nicht gefunden');
      expect(version!.querySelector('dl')!.textContent).toBe('Dateiname:Logo.pngVersion:2Freigabe:Wartet auf Freigabe');
      expect(screen.queryByText('awaiting')).toBeNull();
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('loads more with the cursor and searches after a pause', async () => {
    stubPages({
      '': { items: [entry({ action: 'create_project' })], nextCursor: 'c2' },
      c2: { items: [entry({ action: 'create_client', projectName: null, projectId: null })], nextCursor: null },
    });
    await renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText(en(ACTION_TEXTS.create_client))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(urls()[1]).toContain('cursor=c2');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search activity logs' }), { target: { value: ' acme ' } });
    await waitFor(() => expect(urls().at(-1)).toBe('/api/activities?search=acme&action=all'));
    expect(await screen.findByText(en(ACTIVITY_MESSAGES.noMatches))).toBeTruthy();
  });

  it('offers Export CSV of what the log shows: the typed search once it applies, and the filter', async () => {
    stubPages({ '': { items: [entry({})], nextCursor: null } });
    await renderTab();
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/activities/export?search=&action=all');
    expect(link.hasAttribute('download')).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search activity logs' }), { target: { value: ' acme ' } });
    await waitFor(() => expect(urls().at(-1)).toBe('/api/activities?search=acme&action=all'));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/activities/export?search=acme&action=all');
  });

  it("offers the filter's choices and Export CSV in a German member's language; the filter sent stays the stored word (issue 48)", async () => {
    // Radix's select scrolls its chosen option into view; jsdom has no layout.
    Element.prototype.scrollIntoView ??= () => {};
    Element.prototype.hasPointerCapture ??= () => false;
    stubPages({ '': { items: [entry({})], nextCursor: null } });
    await act(() => activateLocale('de'));
    try {
      await renderTab();
      expect(await screen.findByRole('link', { name: 'CSV exportieren' })).toBeTruthy();
      const filter = screen.getByRole('combobox', { name: 'Nach Aktion filtern' });
      expect(filter.textContent).toBe('Alle');
      fireEvent.keyDown(filter, { key: 'Enter' });
      fireEvent.click(await screen.findByRole('option', { name: 'Vorlagen' }));
      await waitFor(() => expect(urls().at(-1)).toBe('/api/activities?search=&action=templates'));
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('shows the empty state', async () => {
    stubPages({});
    await renderTab('account_executive');
    expect(await screen.findByText(en(ACTIVITY_MESSAGES.noActivity))).toBeTruthy();
  });

  it("tells developers they don't have permission, without asking the server", async () => {
    stubPages({});
    await renderTab('developer');
    expect(screen.getByRole('alert').textContent).toBe(en(ACTIVITY_MESSAGES.forbidden));
    await requestsArrived();
    expect(urls()).toEqual([]);
  });
});

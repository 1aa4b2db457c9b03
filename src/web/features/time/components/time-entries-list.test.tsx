// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimeEntry } from '@/domain/time-entries';
import { dayFullMessage } from '@/domain/time-entry-rules';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { en } from '@/web/test/texts';
import { apiError, inTurn, requestsArrived, sentRequests } from '@/web/test/api-server';
import { apiServer } from '@/web/test/api-server';
import { timeApi } from '@/web/test/api-handlers';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TIME_TEXTS } from '../texts';
import { TimeEntriesList } from './time-entries-list';

const WEEK = '2026-11-23';

function timeEntry(over: Partial<TimeEntry> = {}): TimeEntry {
  return {
    id: crypto.randomUUID(),
    projectId: 'p1',
    projectName: 'Website Relaunch',
    taskId: 't1',
    taskTitle: 'Draft the brief',
    profileId: 'profile-1',
    memberName: 'Ada Lovelace',
    workDate: '2026-11-23',
    minutes: 90,
    note: 'Outline',
    billable: true,
    createdAt: '2026-11-23T10:00:00.000Z',
    updatedAt: '2026-11-23T10:00:00.000Z',
    canEdit: true,
    ...over,
  };
}

const entriesAsked = () => sentRequests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/time/entries'));

describe('TimeEntriesList', () => {
  it("lists the week's entries: day, project · task, h:mm, note and billable; asks for the week's seven days", async () => {
    apiServer.use(
      timeApi.entries([
        timeEntry(),
        timeEntry({ workDate: '2026-11-25', taskId: null, taskTitle: null, projectName: 'Spring Campaign', minutes: 45, note: null, billable: false, canEdit: false }),
      ]),
    );
    await renderWithProviders(<TimeEntriesList week={WEEK} />);
    const items = await screen.findAllByTestId('time-entry');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toBe('Mon 23 NovWebsite Relaunch · Draft the briefOutline1:30BillableEditDelete');
    expect(items[1]!.textContent).toBe('Wed 25 NovSpring Campaign0:45Not billable');
    // Only what the caller may change has Edit and Delete.
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    expect(entriesAsked().map((r) => r.path)).toEqual(['/api/time/entries?from=2026-11-23&to=2026-11-29']);
  });

  it("asks for another member's entries with their profileId", async () => {
    apiServer.use(timeApi.entries([]));
    await renderWithProviders(<TimeEntriesList week={WEEK} profileId="member-2" />);
    expect(await screen.findByText(en(TIME_TEXTS.noEntries))).toBeTruthy();
    expect(entriesAsked()[0]!.query.get('profileId')).toBe('member-2');
  });

  it('shows its loading state, then its load error with the server message and Retry, never "No entries" (issue 49 item 3)', async () => {
    let answer: (value: Response) => void = () => {};
    let recovered = false;
    apiServer.use(timeApi.entries(() => (recovered ? { items: [timeEntry()], truncated: false } : (new Promise<Response>((resolve) => (answer = resolve)) as never))));
    await renderWithProviders(<TimeEntriesList week={WEEK} />);
    expect(screen.getByRole('status', { name: en(TIME_TEXTS.entriesLoading) })).toBeTruthy();
    await requestsArrived();
    answer(apiError(503, 'service_unavailable', 'The database is not reachable.'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TIME_TEXTS.entriesLoadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.queryByText(en(TIME_TEXTS.noEntries))).toBeNull();

    recovered = true;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByTestId('time-entry')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('edits an entry in the log-time form: starts from the entry, sends the typed duration in minutes, reads the week again', async () => {
    const entry = timeEntry();
    apiServer.use(
      timeApi.entries(inTurn<{ items: TimeEntry[]; truncated: boolean }>({ items: [entry], truncated: false }, { items: [{ ...entry, minutes: 135 }], truncated: false })),
      timeApi.updateEntry(({ body }) => ({ ...entry, minutes: (body as { duration: number }).duration })),
    );
    await renderWithProviders(<TimeEntriesList week={WEEK} />);
    fireEvent.click(await screen.findByRole('button', { name: en(TIME_TEXTS.editEntry, { what: 'Mon 23 Nov, Website Relaunch · Draft the brief, 1:30' }) }));
    const dialog = await screen.findByRole('dialog', { name: en(TIME_TEXTS.editTitle) });
    const duration = within(dialog).getByLabelText(en(TIME_TEXTS.duration)) as HTMLInputElement;
    expect(duration.value).toBe('1:30');
    // Focused with the whole duration selected, so what is typed replaces it (not '1:302h 15m').
    await waitFor(() => expect(document.activeElement).toBe(duration));
    expect([duration.selectionStart, duration.selectionEnd]).toEqual([0, 4]);
    expect((within(dialog).getByLabelText(en(TIME_TEXTS.date)) as HTMLInputElement).value).toBe('2026-11-23');
    expect((within(dialog).getByLabelText(en(TIME_TEXTS.note)) as HTMLTextAreaElement).value).toBe('Outline');
    expect(within(dialog).getByRole('switch', { name: en(TIME_TEXTS.billable) }).getAttribute('aria-checked')).toBe('true');
    // Read as the log-time dialog reads it: a bare 45 is hours, refused before anything is sent.
    fireEvent.change(duration, { target: { value: '45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: en(TIME_TEXTS.save) }));
    expect(await within(dialog).findByText(/45 hours is more than a day/)).toBeTruthy();
    expect(sentRequests.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.change(duration, { target: { value: '2h 15m' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: en(TIME_TEXTS.billable) }));
    fireEvent.click(within(dialog).getByRole('button', { name: en(TIME_TEXTS.save) }));
    expect(await screen.findByText(en(TIME_TEXTS.entrySaved, { duration: '2:15' }))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = sentRequests.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe(`/api/time/entries/${entry.id}`);
    expect(patch.body).toEqual({ duration: 135, workDate: '2026-11-23', note: 'Outline', billable: false });
    // The list (and with it the grid, the same 'time' queries) is read again.
    await waitFor(() => expect(screen.getAllByTestId('time-entry')[0]!.textContent).toContain('2:15'));
    expect(entriesAsked()).toHaveLength(2);
  });

  it("keeps the edit dialog open with the server's message on its field when the save is refused", async () => {
    const entry = timeEntry();
    apiServer.use(timeApi.entries([entry]), timeApi.updateEntry(apiError(400, 'day_full', en(dayFullMessage('2026-11-23', 1500)))));
    await renderWithProviders(<TimeEntriesList week={WEEK} />);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit the entry/ }));
    const dialog = await screen.findByRole('dialog', { name: en(TIME_TEXTS.editTitle) });
    fireEvent.change(within(dialog).getByLabelText(en(TIME_TEXTS.duration)), { target: { value: '23h' } });
    fireEvent.click(within(dialog).getByRole('button', { name: en(TIME_TEXTS.save) }));
    const message = await within(dialog).findByText(en(dayFullMessage('2026-11-23', 1500)));
    expect(message.getAttribute('role')).toBe('alert');
    expect(within(dialog).getByLabelText(en(TIME_TEXTS.duration)).getAttribute('aria-invalid')).toBe('true');
    expect((within(dialog).getByLabelText(en(TIME_TEXTS.duration)) as HTMLInputElement).value).toBe('23h');
    expect(screen.getByRole('dialog', { name: en(TIME_TEXTS.editTitle) })).toBeTruthy();
  });

  it('deletes an entry only once confirmed, with a toast, and reads the week again', async () => {
    const kept = timeEntry({ workDate: '2026-11-24', minutes: 60 });
    const gone = timeEntry({ minutes: 30, note: null });
    apiServer.use(
      timeApi.entries(inTurn<{ items: TimeEntry[]; truncated: boolean }>({ items: [gone, kept], truncated: false }, { items: [kept], truncated: false })),
      timeApi.deleteEntry(),
    );
    await renderWithProviders(<TimeEntriesList week={WEEK} />);
    const name = en(TIME_TEXTS.deleteEntry, { what: 'Mon 23 Nov, Website Relaunch · Draft the brief, 0:30' });
    // Cancel first: nothing is sent.
    fireEvent.click(await screen.findByRole('button', { name }));
    let confirm = await screen.findByRole('alertdialog', { name: en(TIME_TEXTS.deleteTitle) });
    expect(confirm.textContent).toContain(en(TIME_TEXTS.deleteQuestion, { what: 'Mon 23 Nov, Website Relaunch · Draft the brief, 0:30' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await requestsArrived();
    expect(sentRequests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name }));
    confirm = await screen.findByRole('alertdialog', { name: en(TIME_TEXTS.deleteTitle) });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(en(TIME_TEXTS.entryDeleted))).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('time-entry')).toHaveLength(1));
    expect(sentRequests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/time/entries/${gone.id}`]);
  });
});

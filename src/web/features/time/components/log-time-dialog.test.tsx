// @vitest-environment jsdom
// Log time (issue 32) on the form kit (issue 47 item 3): the entry's form checked by the API's schema.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TimeEntry } from '@/domain/time-entries';
import { TIME_MESSAGES } from '@/domain/time-entry-rules';
import { timeApi } from '@/web/test/api-handlers';
import { apiError, apiServer, inTurn, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { TIME_TEXTS } from '../texts';
import { LogTimeDialog } from './log-time-dialog';

const PROJECT = '00000000-0000-4000-8000-000000000001';

const logged: TimeEntry = {
  id: '00000000-0000-4000-8000-000000000009',
  projectId: PROJECT,
  projectName: 'Website Relaunch',
  taskId: null,
  taskTitle: null,
  profileId: 'profile-1',
  memberName: 'Ada Lovelace',
  workDate: '2026-11-23',
  minutes: 90,
  note: null,
  billable: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  canEdit: true,
};

const dialog = () => screen.getByRole('dialog', { name: en(TIME_TEXTS.logTimeTitle) });
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(within(dialog()).getByRole('button', { name: en(TIME_TEXTS.save) }));
const posted = () => sentRequests.filter((request) => request.method === 'POST').map((request) => request.body);

describe('Log time', () => {
  it('refuses an empty duration and a day that is not one under their fields, the first focused; then logs the minutes, an empty note as none', async () => {
    apiServer.use(timeApi.logEntry(logged));
    await renderWithProviders(<LogTimeDialog open onOpenChange={() => {}} projectId={PROJECT} taskId={null} place="Website Relaunch" />);
    await screen.findByRole('dialog', { name: en(TIME_TEXTS.logTimeTitle) });
    type(en(TIME_TEXTS.date), '');
    field(en(TIME_TEXTS.note)).focus();
    save();
    expect(await within(dialog()).findByText(en(TIME_MESSAGES.durationZero))).toBeTruthy();
    expect(within(dialog()).getByText(en(TIME_MESSAGES.dateInvalid))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(en(TIME_TEXTS.duration))));
    expect(field(en(TIME_TEXTS.date)).getAttribute('aria-invalid')).toBe('true');
    expect(posted()).toEqual([]);

    type(en(TIME_TEXTS.duration), '1:30');
    type(en(TIME_TEXTS.date), '2026-11-23');
    save();
    expect(await screen.findByText(en(TIME_TEXTS.logged, { duration: '1:30' }))).toBeTruthy();
    expect(posted()).toEqual([{ projectId: PROJECT, taskId: null, workDate: '2026-11-23', duration: 90, note: null, billable: true }]);
  });

  it('shows a refusal that belongs to no field under the form, and keeps what was typed', async () => {
    apiServer.use(timeApi.logEntry(inTurn<TimeEntry>(apiError(400, 'member_not_on_project', en(TIME_MESSAGES.memberNotOnProject, { name: 'Ada Lovelace' })))));
    await renderWithProviders(<LogTimeDialog open onOpenChange={() => {}} projectId={PROJECT} taskId={null} place="Website Relaunch" />);
    await screen.findByRole('dialog', { name: en(TIME_TEXTS.logTimeTitle) });
    type(en(TIME_TEXTS.duration), '45m');
    save();
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(en(TIME_MESSAGES.memberNotOnProject, { name: 'Ada Lovelace' }));
    expect(field(en(TIME_TEXTS.duration)).getAttribute('aria-invalid')).toBeNull();
    expect(field(en(TIME_TEXTS.duration)).value).toBe('45m');
  });
});

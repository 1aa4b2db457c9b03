// @vitest-environment jsdom
// The top bar's running timer (issue 32) stopped under a minute (issue 49 item 14): the server's
// 409 timer_short is asked in a dialog, Discard (DELETE, nothing logged) or Save anyway (the stop
// again, confirming "save"); Cancel keeps it running. The palette's stop: top-bar-timer.test.tsx.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localDate, timerShortMessage } from '@/domain/time-entry-rules';
import { timeApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { aTimer } from '@/web/test/fixtures';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { TIME_TEXTS } from '../texts';
import { RunningTimer } from './running-timer';

const timer = aTimer();
const WORK_DATE = localDate(new Date(timer.startedAt));
const askShort = () => apiError(409, 'timer_short', en(timerShortMessage(7)));

const stops = () => sentRequests.filter((r) => r.method === 'POST' && r.path === '/api/time/timer/stop').map((r) => r.body);
const discards = () => sentRequests.filter((r) => r.method === 'DELETE' && r.path === '/api/time/timer');
const stopButton = () => screen.findByRole('button', { name: en(TIME_TEXTS.stopTimer, { where: 'Website Relaunch' }) });
const shortDialog = () => screen.findByRole('alertdialog', { name: en(TIME_TEXTS.shortTitle) });

describe('RunningTimer stopped under a minute', () => {
  it('asks instead of logging a minute; Cancel keeps it running; Discard throws it away with nothing logged', async () => {
    apiServer.use(...timeApi.runningTimer(timer, { ask: askShort }));
    await renderWithProviders(<RunningTimer />);
    fireEvent.click(await stopButton());
    const dialog = await shortDialog();
    expect(within(dialog).getByText(en(timerShortMessage(7)))).toBeTruthy();
    expect(stops()).toEqual([{ workDate: WORK_DATE }]);

    fireEvent.click(within(dialog).getByRole('button', { name: en(TIME_TEXTS.cancel) }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('running-timer')).toBeTruthy();
    expect(discards()).toEqual([]);

    fireEvent.click(await stopButton());
    fireEvent.click(within(await shortDialog()).getByRole('button', { name: en(TIME_TEXTS.discard) }));
    expect(await screen.findByText(en(TIME_TEXTS.discarded))).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('running-timer')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(discards()).toHaveLength(1);
    // Nothing was saved: each stop was an unconfirmed one the server asked about.
    expect(stops()).toEqual([{ workDate: WORK_DATE }, { workDate: WORK_DATE }]);
  });

  it('Save anyway stops it again confirming "save" and logs its minute', async () => {
    apiServer.use(...timeApi.runningTimer(timer, { ask: askShort }));
    await renderWithProviders(<RunningTimer />);
    fireEvent.click(await stopButton());
    fireEvent.click(within(await shortDialog()).getByRole('button', { name: en(TIME_TEXTS.saveAnyway) }));
    expect(await screen.findByText(en(TIME_TEXTS.stopped, { duration: '0:01' }))).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('running-timer')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(stops()).toEqual([{ workDate: WORK_DATE }, { workDate: WORK_DATE, confirm: 'save' }]);
    expect(discards()).toEqual([]);
  });
});

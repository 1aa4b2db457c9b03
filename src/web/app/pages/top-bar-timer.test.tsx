// @vitest-environment jsdom
// The top bar as the dashboard shell composes it: the command palette's Stop timer (issue 34)
// closes the palette as it runs, and the stop's question is asked by the running timer beside it:
// under a minute Discard or Save anyway (issue 49 item 14), over 10 hours Save all or Trim.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localDate, timerLongMessage, timerShortMessage } from '@/domain/time-entry-rules';
import { SearchLauncher } from '@/web/features/search/components/search-launcher';
import { SEARCH_TEXTS } from '@/web/features/search/texts';
import { RunningTimer } from '@/web/features/time/components/running-timer';
import { TIME_TEXTS } from '@/web/features/time/texts';
import { searchApi, timeApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { aTimer } from '@/web/test/fixtures';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';

const timer = aTimer();
const WORK_DATE = localDate(new Date(timer.startedAt));

const stops = () => sentRequests.filter((r) => r.method === 'POST' && r.path === '/api/time/timer/stop').map((r) => r.body);
const discards = () => sentRequests.filter((r) => r.method === 'DELETE' && r.path === '/api/time/timer');

/** Opens the palette with Ctrl+K and runs Stop timer; answers once the palette has closed. */
async function stopFromPalette() {
  await renderWithProviders(
    <>
      <SearchLauncher />
      <RunningTimer />
    </>,
    { signedInAs: 'admin', route: '/' },
  );
  await screen.findByTestId('running-timer');
  fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
  // The palette's chunk loads on this first opening (slowly on a busy machine).
  await screen.findByRole('combobox', { name: en(SEARCH_TEXTS.input) }, { timeout: 15_000 });
  const command = screen.getAllByRole('option').find((option) => option.textContent?.includes(en(TIME_TEXTS.stopTimerCommand, { where: 'Website Relaunch' })));
  fireEvent.click(command!);
  await waitFor(() => expect(screen.queryByRole('combobox', { name: en(SEARCH_TEXTS.input) })).toBeNull());
}

describe("The palette's Stop timer asks in the top bar", () => {
  it('under a minute: Discard or Save anyway, and Discard discards it with nothing logged', async () => {
    apiServer.use(searchApi.search(), ...timeApi.runningTimer(timer, { ask: () => apiError(409, 'timer_short', en(timerShortMessage(7))) }));
    await stopFromPalette();
    const dialog = await screen.findByRole('alertdialog', { name: en(TIME_TEXTS.shortTitle) });
    expect(within(dialog).getByText(en(timerShortMessage(7)))).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: en(TIME_TEXTS.saveAnyway) })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en(TIME_TEXTS.discard) }));
    expect(await screen.findByText(en(TIME_TEXTS.discarded))).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('running-timer')).toBeNull());
    expect(stops()).toEqual([{ workDate: WORK_DATE }]);
    expect(discards()).toHaveLength(1);
  });

  it('over 10 hours too, where the palette used to refuse it with a toast: Trim saves 10:00', async () => {
    apiServer.use(searchApi.search(), ...timeApi.runningTimer(timer, { ask: () => apiError(409, 'timer_long', en(timerLongMessage(930))), minutes: (confirm) => (confirm === 'trim' ? 600 : 930) }));
    await stopFromPalette();
    const dialog = await screen.findByRole('alertdialog', { name: en(TIME_TEXTS.longTitle) });
    expect(within(dialog).getByText(en(timerLongMessage(930)))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en(TIME_TEXTS.trim, { duration: '10:00' }) }));
    expect(await screen.findByText(en(TIME_TEXTS.stopped, { duration: '10:00' }))).toBeTruthy();
    expect(stops()).toEqual([{ workDate: WORK_DATE }, { workDate: WORK_DATE, confirm: 'trim' }]);
    expect(discards()).toEqual([]);
  });
});

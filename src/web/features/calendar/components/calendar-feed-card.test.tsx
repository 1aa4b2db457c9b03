// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreatedCalendarFeed } from '@/domain/calendar-feed';
import { calendarApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { CALENDAR_TEXTS as TEXTS } from '../texts';
import { CalendarFeedCard } from './calendar-feed-card';

const made = (token: string): CreatedCalendarFeed => ({
  url: `https://brieflane.example/api/calendar/${token}.ics`,
  feed: { createdAt: '2026-11-27T10:00:00.000Z', lastFetchedAt: null },
});

/** What the card asked of its own routes (the kit's /api/me is not among them). */
const feedCalls = () => sentRequests.filter((r) => r.path === '/api/settings/calendar').map((r) => r.method);

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('Settings -> Calendar feed', () => {
  it('creates the link, shows it once with a Copy button and the warning, and copies it', async () => {
    apiServer.use(calendarApi.feed({ feed: null }), calendarApi.create(made('first-token')));
    await renderWithProviders(<CalendarFeedCard />, { signedInAs: 'developer' });
    expect(await screen.findByText(en(TEXTS.none))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.create) }));
    const link = (await screen.findByRole('textbox', { name: en(TEXTS.address) })) as HTMLInputElement;
    expect(feedCalls()).toEqual(['GET', 'POST']);
    expect(link.value).toBe(made('first-token').url);
    expect(link.readOnly).toBe(true);
    // It took the focus from the Create button it replaced; the warning is its description.
    expect(document.activeElement).toBe(link);
    expect(link.getAttribute('aria-describedby')).toBe(screen.getByText(en(TEXTS.shownOnce)).id);
    expect(screen.getByTestId('calendar-last-fetched').textContent).toBe(en(TEXTS.neverFetched));

    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.copy) }));
    expect(await screen.findByText(en(TEXTS.copied))).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(made('first-token').url);
  });

  it('with a feed: when it was made and last read, no link, and Regenerate after a confirmation', async () => {
    apiServer.use(
      calendarApi.feed({ feed: { createdAt: '2026-11-20T10:00:00.000Z', lastFetchedAt: '2026-11-26T15:30:00.000Z' } }),
      calendarApi.create(made('second-token')),
    );
    await renderWithProviders(<CalendarFeedCard />, { signedInAs: 'admin' });
    expect(await screen.findByText(en(TEXTS.hiddenAddress))).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: en(TEXTS.address) })).toBeNull();
    expect(screen.getByTestId('calendar-last-fetched').textContent).toMatch(/^Nov 26, 2026 \d{1,2}:30 (AM|PM)$/);

    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.regenerate) }));
    const dialog = await screen.findByRole('alertdialog', { name: en(TEXTS.regenerateTitle) });
    expect(within(dialog).getByText(en(TEXTS.regenerateConfirm))).toBeTruthy();
    // Nothing is sent until it is confirmed.
    expect(feedCalls()).toEqual(['GET']);
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.regenerate) }));

    expect(await screen.findByText(en(TEXTS.regenerated))).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: en(TEXTS.address) })) as HTMLInputElement).value).toBe(made('second-token').url);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('calendar-last-fetched').textContent).toBe(en(TEXTS.neverFetched));
  });

  it('turns the feed off after a confirmation, and offers to create one again', async () => {
    apiServer.use(calendarApi.feed({ feed: { createdAt: '2026-11-20T10:00:00.000Z', lastFetchedAt: null } }), calendarApi.turnOff());
    await renderWithProviders(<CalendarFeedCard />, { signedInAs: 'developer' });
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.turnOff) }));
    const dialog = await screen.findByRole('alertdialog', { name: en(TEXTS.turnOffTitle) });
    expect(within(dialog).getByText(en(TEXTS.turnOffConfirm))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.turnOff) }));

    expect(await screen.findByText(en(TEXTS.turnedOff))).toBeTruthy();
    expect(feedCalls()).toEqual(['GET', 'DELETE']);
    expect(screen.getByRole('button', { name: en(TEXTS.create) })).toBeTruthy();
  });

  it("says why a link could not be made, with the server's message", async () => {
    apiServer.use(calendarApi.feed({ feed: null }), calendarApi.create(apiError(500, 'internal', 'The server is having a moment')));
    await renderWithProviders(<CalendarFeedCard />, { signedInAs: 'developer' });
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.create) }));
    const notice = await screen.findByText(en(TEXTS.createFailed));
    expect(within(notice.closest('li') ?? document.body).getByText('The server is having a moment')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: en(TEXTS.address) })).toBeNull();
  });

  it('says when the feed cannot be read, with a retry', async () => {
    apiServer.use(calendarApi.feed(apiError(500, 'internal', 'Down for a moment')));
    await renderWithProviders(<CalendarFeedCard />, { signedInAs: 'developer' });
    expect(await screen.findByText(en(TEXTS.loadFailed))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

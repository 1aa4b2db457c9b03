// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/domain/auth';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_SETTINGS_TEXTS as TEXTS } from '@/domain/notification-settings';
import { activateLocale } from '@/web/lib/i18n';
import { settingsApi, signedInMember } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { SETTINGS_TEXTS } from '../texts';
import { NotificationSettingsCard } from './notification-settings';

const changed = (request: { body: unknown }) => {
  const body = request.body as { levels?: Record<string, string>; digest?: boolean };
  return { levels: { ...DEFAULT_NOTIFICATION_SETTINGS.levels, ...body.levels }, digest: body.digest ?? false };
};

// Radix's select asks for what jsdom lacks.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

describe('Settings -> Notifications', () => {
  it('shows each kind at its level and saves a change of one kind at once', async () => {
    apiServer.use(settingsApi.notifications(DEFAULT_NOTIFICATION_SETTINGS), settingsApi.changeNotifications(changed));
    await renderWithProviders(<NotificationSettingsCard timeZone="UTC" />, { signedInAs: 'developer' });
    const comment = await screen.findByRole('combobox', { name: en(TEXTS.kinds.comment) });
    expect(comment.textContent).toContain(en(TEXTS.levels.in_app));
    expect(screen.getByRole('combobox', { name: en(TEXTS.kinds.assigned) }).textContent).toContain(en(TEXTS.levels.email));

    fireEvent.keyDown(comment, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: en(TEXTS.levels.off) }));
    await waitFor(() => expect(sentRequests.find((r) => r.method === 'PATCH')?.body).toEqual({ levels: { comment: 'off' } }));
    expect(await screen.findByText(en(TEXTS.saved))).toBeTruthy();
    expect(screen.getByRole('combobox', { name: en(TEXTS.kinds.comment) }).textContent).toContain(en(TEXTS.levels.off));
  });

  it('turns the daily digest on', async () => {
    apiServer.use(settingsApi.notifications(DEFAULT_NOTIFICATION_SETTINGS), settingsApi.changeNotifications(changed));
    await renderWithProviders(<NotificationSettingsCard timeZone="UTC" />, { signedInAs: 'admin' });
    const digest = await screen.findByRole('switch', { name: en(TEXTS.digest) });
    expect(digest.getAttribute('aria-checked')).toBe('false');
    // A switch is a button: Space and Enter click it.
    fireEvent.click(digest);
    await waitFor(() => expect(sentRequests.find((r) => r.method === 'PATCH')?.body).toEqual({ digest: true }));
    expect(digest.getAttribute('aria-checked')).toBe('true');
  });

  it('puts the setting back and says so when the save fails', async () => {
    apiServer.use(settingsApi.notifications(DEFAULT_NOTIFICATION_SETTINGS), settingsApi.changeNotifications(apiError(500, 'internal', 'The server is having a moment')));
    await renderWithProviders(<NotificationSettingsCard timeZone="UTC" />, { signedInAs: 'developer' });
    const digest = await screen.findByRole('switch', { name: en(TEXTS.digest) });
    fireEvent.click(digest);
    const notice = await screen.findByText(en(TEXTS.saveFailed));
    expect(within(notice.closest('li') ?? document.body).getByText('The server is having a moment')).toBeTruthy();
    await waitFor(() => expect(digest.getAttribute('aria-checked')).toBe('false'));
  });

  it('says when the settings cannot be read, with a retry', async () => {
    apiServer.use(settingsApi.notifications(apiError(500, 'internal', 'Down for a moment')));
    await renderWithProviders(<NotificationSettingsCard timeZone="UTC" />, { signedInAs: 'developer' });
    expect(await screen.findByText(en(TEXTS.loadFailed))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  describe('the digest’s hour in the member’s time zone (issue 49 item 22)', () => {
    const member = signedInMember('developer');
    const inZone = (timeZone: string | null): Me => ({ ...member, profile: { ...member.profile, timeZone } });

    it('says the hour and the zone it is sent in, and changes the zone at once', async () => {
      apiServer.use(
        settingsApi.notifications({ ...DEFAULT_NOTIFICATION_SETTINGS, digest: true }),
        settingsApi.setTimeZone((request) => inZone((request.body as { timeZone: string }).timeZone)),
      );
      await renderWithProviders(<NotificationSettingsCard timeZone="Europe/Berlin" />, { signedInAs: inZone('Europe/Berlin') });
      expect(await screen.findByText('Sent at 16:00 in Europe/Berlin.')).toBeTruthy();
      expect(en(SETTINGS_TEXTS.timeZone.sentAt, { time: '16:00', zone: 'Europe/Berlin' })).toBe('Sent at 16:00 in Europe/Berlin.');
      const select = screen.getByRole('combobox', { name: en(SETTINGS_TEXTS.timeZone.label) });
      expect(select).toHaveProperty('value', 'Europe/Berlin');
      expect(within(select).getByRole('option', { name: 'Pacific/Auckland' })).toBeTruthy();
      expect(within(select).getByRole('option', { name: 'America/New York' })).toBeTruthy();

      fireEvent.change(select, { target: { value: 'Pacific/Auckland' } });
      await waitFor(() => expect(sentRequests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/settings/time-zone', body: { timeZone: 'Pacific/Auckland' } }));
      expect(await screen.findByText(en(SETTINGS_TEXTS.timeZone.saved))).toBeTruthy();
    });

    it('says UTC for a member with no zone yet', async () => {
      apiServer.use(settingsApi.notifications(DEFAULT_NOTIFICATION_SETTINGS));
      await renderWithProviders(<NotificationSettingsCard timeZone={null} />, { signedInAs: inZone(null) });
      expect(await screen.findByText('Sent at 16:00 in UTC.')).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveProperty('value', 'UTC');
    });

    it('says it in German', async () => {
      apiServer.use(settingsApi.notifications(DEFAULT_NOTIFICATION_SETTINGS));
      await activateLocale('de');
      try {
        await renderWithProviders(<NotificationSettingsCard timeZone="Europe/Berlin" />, { signedInAs: inZone('Europe/Berlin') });
        expect(await screen.findByText(/16:00.*Europe\/Berlin/)).toBeTruthy();
        expect(screen.getByRole('combobox', { name: 'Zeitzone' })).toBeTruthy();
      } finally {
        await activateLocale('en');
      }
    });
  });
});

// Settings -> Notifications (issue 29 item 4): a member reads and changes their own settings.
import type { z } from 'zod';
import type { NotificationSettings, updateNotificationSettingsSchema } from '../../../domain/notification-settings';
import type { Actor } from '../../platform/auth/session';
import { notificationSettings } from './schema';
import type { Platform } from '../../platform/platform';
import { settingsOf } from '../../services/notify';

export function readNotificationSettings({ db }: Platform, actor: Actor): Promise<NotificationSettings> {
  return settingsOf(db, actor.profileId);
}

/** Changes what was sent and keeps the rest; the stored levels are only those that differ from nothing chosen. */
export async function changeNotificationSettings(
  { db, clock }: Platform,
  actor: Actor,
  change: z.output<typeof updateNotificationSettingsSchema>,
): Promise<NotificationSettings> {
  return db.transaction(async (tx) => {
    const current = await settingsOf(tx, actor.profileId);
    const next: NotificationSettings = { levels: { ...current.levels, ...change.levels }, digest: change.digest ?? current.digest };
    await tx
      .insert(notificationSettings)
      .values({ profileId: actor.profileId, levels: next.levels, digest: next.digest, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: notificationSettings.profileId, set: { levels: next.levels, digest: next.digest, updatedAt: clock.now() } });
    return next;
  });
}

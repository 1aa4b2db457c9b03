// A member's notification settings as they apply (issue 29 item 4); emit's news outlet
// (outlets/notify.ts) reads them for every delivery.
import { eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../domain/notification-settings';
import type { Executor } from '../platform/db/client';
import { notificationSettings } from '../modules/settings/schema';

/** A member's settings: what they chose over the defaults. */
export async function settingsOf(executor: Executor, profileId: string): Promise<NotificationSettings> {
  const [row] = await executor.select().from(notificationSettings).where(eq(notificationSettings.profileId, profileId));
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return { levels: { ...DEFAULT_NOTIFICATION_SETTINGS.levels, ...row.levels }, digest: row.digest };
}

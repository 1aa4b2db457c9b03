// The settings module's tables: each member's email and news settings.
import { boolean, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { DeliveryLevel, NotificationSettingKind } from '../../../domain/notification-settings';
import { profiles } from '../../platform/db/schema/tenancy';
import { updatedAt } from '../../platform/db/columns';

/** Spec 3 "email_notifications": which one-off emails a member has had (the welcome email). */
export const emailNotifications = pgTable(
  'email_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    emailType: text('email_type').notNull(),
    emailData: jsonb('email_data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('email_notifications_profile_type_key').on(t.profileId, t.emailType)],
);

/**
 * A member's notification settings (issue 29 item 4): a delivery level per kind, for the kinds
 * they changed (the others keep DEFAULT_DELIVERY), and the daily digest. No row: the defaults.
 */
export const notificationSettings = pgTable('notification_settings', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  levels: jsonb('levels').$type<Partial<Record<NotificationSettingKind, DeliveryLevel>>>().notNull().default({}),
  digest: boolean('digest').notNull().default(false),
  updatedAt,
});

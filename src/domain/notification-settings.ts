// Notification settings (issue 29 item 4): for each kind of news, a member chooses the inbox and
// email, the inbox only, or nothing; and whether their emails come one by one or gathered into one
// daily digest. A member who never chose has the defaults, which are what Brieflane did before
// settings existed (spec 6: assignment and completion emails).
import { z } from 'zod';
import type { NotificationKind } from './inbox';
import type { Text } from './locales';
import { effectiveTimeZone, latestLocalHour, nextLocalHour } from './time-zone-rules';

export const NOTIFICATION_SETTING_KINDS = ['assigned', 'mentioned', 'comment', 'completed', 'due', 'intake', 'budget', 'approval'] as const;
export type NotificationSettingKind = (typeof NOTIFICATION_SETTING_KINDS)[number];

/** 'email': the inbox and an email; 'in_app': the inbox only; 'off': neither. */
export const DELIVERY_LEVELS = ['email', 'in_app', 'off'] as const;
export type DeliveryLevel = (typeof DELIVERY_LEVELS)[number];

export const DEFAULT_DELIVERY: Record<NotificationSettingKind, DeliveryLevel> = {
  assigned: 'email',
  mentioned: 'email',
  comment: 'in_app',
  completed: 'email',
  due: 'email',
  intake: 'email',
  // Issue 32: staff hear when a project reaches 80 % or 100 % of its budget.
  budget: 'email',
  approval: 'email',
};

/** The setting that governs an inbox kind; kinds without one (a note, a link opened) are always in-app only. */
export function settingKindOf(kind: NotificationKind): NotificationSettingKind | null {
  switch (kind) {
    case 'task_assigned':
      return 'assigned';
    case 'mentioned':
      return 'mentioned';
    case 'task_comment':
      return 'comment';
    case 'task_completed':
      return 'completed';
    case 'task_due_soon':
    case 'task_overdue':
      return 'due';
    case 'intake_submitted':
      return 'intake';
    case 'budget_alert':
      return 'budget';
    case 'approval_decided':
      return 'approval';
    default:
      return null;
  }
}

/**
 * The hour at which the day's digest goes out, on the member's own wall clock (issue 49 item 22;
 * their profile's time zone, UTC when they have none); what came after it waits for the next day's.
 */
export const DIGEST_HOUR = 16;

/**
 * The latest digest hour in `timeZone` at or before `now`: a member's items from before it go out
 * now. It moves on once a day of the member's calendar, so they get at most one digest a day.
 */
export function digestCutoff(now: Date, timeZone: string | null): Date {
  return latestLocalHour(now, DIGEST_HOUR, effectiveTimeZone(timeZone));
}

/** When the member's next digest goes out: the first digest hour in `timeZone` after `now`. */
export function nextDigestAt(now: Date, timeZone: string | null): Date {
  return nextLocalHour(now, DIGEST_HOUR, effectiveTimeZone(timeZone));
}

export const NOTIFICATION_SETTINGS_TEXTS = {
  title: /*i18n*/ { id: 'domain.notification-settings.title', message: 'Notifications' },
  description: /*i18n*/ { id: 'domain.notification-settings.description', message: 'Choose what reaches your inbox and your email.' },
  kinds: {
    assigned: /*i18n*/ { id: 'domain.notification-settings.kinds.assigned', message: 'A task is assigned to me' },
    mentioned: /*i18n*/ { id: 'domain.notification-settings.kinds.mentioned', message: 'Someone mentions me' },
    comment: /*i18n*/ { id: 'domain.notification-settings.kinds.comment', message: "A comment on a task I'm assigned to or follow" },
    completed: /*i18n*/ { id: 'domain.notification-settings.kinds.completed', message: 'A task is completed on my projects' },
    due: /*i18n*/ { id: 'domain.notification-settings.kinds.due', message: 'A task of mine is due tomorrow or overdue' },
    intake: /*i18n*/ { id: 'domain.notification-settings.kinds.intake', message: 'A client answers an intake link' },
    budget: /*i18n*/ { id: 'domain.notification-settings.kinds.budget', message: 'A project reaches 80 % or 100 % of its budget' },
    approval: /*i18n*/ { id: 'domain.notification-settings.kinds.approval', message: 'A client approves a file or asks for changes' },
  } satisfies Record<NotificationSettingKind, Text>,
  levels: {
    email: /*i18n*/ { id: 'domain.notification-settings.levels.email', message: 'Inbox and email' },
    in_app: /*i18n*/ { id: 'domain.notification-settings.levels.in_app', message: 'Inbox only' },
    off: /*i18n*/ { id: 'domain.notification-settings.levels.off', message: 'Off' },
  } satisfies Record<DeliveryLevel, Text>,
  digest: /*i18n*/ { id: 'domain.notification-settings.digest', message: 'Daily digest' },
  digestHint: /*i18n*/ { id: 'domain.notification-settings.digestHint', message: "Gather the day's emails into one." },
  saved: /*i18n*/ { id: 'domain.notification-settings.saved', message: 'Notification settings saved' },
  saveFailed: /*i18n*/ { id: 'domain.notification-settings.saveFailed', message: 'Could not save your notification settings' },
  loadFailed: /*i18n*/ { id: 'domain.notification-settings.loadFailed', message: 'Failed to load notification settings' },
  nothingToChange: /*i18n*/ { id: 'domain.notification-settings.nothingToChange', message: 'Nothing to change' },
} as const;

const levels = Object.fromEntries(NOTIFICATION_SETTING_KINDS.map((kind) => [kind, z.enum(DELIVERY_LEVELS)])) as Record<
  NotificationSettingKind,
  z.ZodEnum<{ [K in DeliveryLevel]: K }>
>;

export const notificationSettingsSchema = z.object({ levels: z.object(levels), digest: z.boolean() });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A change: any of the levels, the digest, or both; something must change. */
export const updateNotificationSettingsSchema = z
  .object({ levels: z.object(levels).partial().strict().optional(), digest: z.boolean().optional() })
  .strict()
  .refine((change) => change.levels !== undefined || change.digest !== undefined, { message: NOTIFICATION_SETTINGS_TEXTS.nothingToChange.id });
export type UpdateNotificationSettings = z.input<typeof updateNotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { levels: { ...DEFAULT_DELIVERY }, digest: false };

/** Following a task (issue 29): its assignee, commenters and the people mentioned follow by themselves. */
export const taskFollowSchema = z.object({ following: z.boolean() });
export type TaskFollow = z.infer<typeof taskFollowSchema>;

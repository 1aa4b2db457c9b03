// A member's calendar feed (issue 30 item 4): a secret iCalendar address that calendar apps
// poll for the member's due dates (their open tasks, the projects they see). What the Settings
// card reads and what creating one answers; the address itself is only ever in that answer.
import { z } from 'zod';

/** The feed as its member sees it in Settings: when it was made and last read by a calendar app. */
export const calendarFeedSchema = z.object({
  createdAt: z.string(),
  /** null until a calendar app first reads it. */
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/settings/calendar: the member's feed, or null when they have none. */
export const calendarFeedStatusSchema = z.object({ feed: calendarFeedSchema.nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/settings/calendar: the new feed and its address, shown this once. */
export const createdCalendarFeedSchema = z.object({ feed: calendarFeedSchema, url: z.string() });
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;

export const CALENDAR_FEED_MESSAGES = {
  /** An unknown, regenerated or turned-off address: the calendar app shows it as a failed subscription. */
  notFound: /*i18n*/ { id: 'domain.calendar-feed.notFound', message: 'This calendar feed does not exist or was turned off.' },
} as const;

/**
 * What the feed itself says, in its owner's language (issue 48: their saved one, else their
 * organization's), as their emails do: a calendar app reads it with no session and no language
 * of its own. The names it carries are data, as typed.
 */
export const CALENDAR_FEED_TEXTS = {
  name: /*i18n*/ { id: 'domain.calendar-feed.name', message: 'Brieflane: {organization}' },
  description: /*i18n*/ { id: 'domain.calendar-feed.description', message: 'Your tasks and projects by due date' },
  taskSummary: /*i18n*/ { id: 'domain.calendar-feed.taskSummary', message: '{task} ({project})' },
  taskDescription: /*i18n*/ { id: 'domain.calendar-feed.taskDescription', message: 'Task in {project} for {client}' },
  projectSummary: /*i18n*/ { id: 'domain.calendar-feed.projectSummary', message: 'Project due: {project}' },
  projectDescription: /*i18n*/ { id: 'domain.calendar-feed.projectDescription', message: 'Project for {client}' },
} as const;

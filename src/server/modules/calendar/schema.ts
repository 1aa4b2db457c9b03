// The calendar module's table: each member's subscribed calendar feed.
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../../platform/db/schema/tenancy';
import { createdAt } from '../../platform/db/columns';

/**
 * A member's calendar feed (issue 30 item 4): the secret address a calendar app polls for their
 * due dates. One per member. Only the SHA-256 of its token is kept (the address is shown once);
 * regenerating replaces the hash, so the old address stops at once, and removing the member
 * removes the feed with them.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  profileId: uuid('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt,
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
});

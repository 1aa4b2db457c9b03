// The comments module's table.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdBy } from '../../platform/db/schema/tenancy';
import { createdAt, searchVector, updatedAt } from '../../platform/db/columns';
import { projectId } from '../projects/schema';
import { projectAccessTokens } from '../sharing/schema';
import { tasks } from '../tasks/schema';

/**
 * Comments on a task (issue 29): Markdown with mention tokens. The author's name is kept as it was
 * written, so a comment still reads right when its author's account is gone; a comment written
 * through a share link names the link (its name then, kept if the link is deleted).
 */
export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdBy: createdBy(),
    authorName: text('author_name').notNull(),
    accessTokenId: uuid('access_token_id').references(() => projectAccessTokens.id, { onDelete: 'set null' }),
    linkName: text('link_name'),
    /** The profiles the body mentions, as checked when it was written. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    createdAt,
    updatedAt,
    editedAt: timestamp('edited_at', { withTimezone: true }),
    searchVector: searchVector(['body', 'B']),
  },
  // A task's comments newest first, keyset-paged on (created_at, id).
  (t) => [
    index('task_comments_task_idx').on(t.taskId, t.createdAt, t.id),
    index('task_comments_project_idx').on(t.projectId),
    index('task_comments_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);

// The notes module's table.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, searchVector, updatedAt } from '../../platform/db/columns';
import { createdBy } from '../../platform/db/schema/tenancy';
import { projectId } from '../projects/schema';

export const projectNotes = pgTable(
  'project_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    content: text('content').notNull(),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    searchVector: searchVector(['content', 'B']),
  },
  // Newest first, keyset-paged on (created_at, id) (issue 36).
  (t) => [
    index('project_notes_project_id_idx').on(t.projectId, t.createdAt, t.id),
    index('project_notes_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);

// The activity module's table: the organization's activity log.
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizationId, profiles } from '../../platform/db/schema/tenancy';
import { createdAt } from '../../platform/db/columns';
import { projects } from '../projects/schema';

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    userId: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    // A deleted project's history stays (issue 14): its entries keep the name in details.project_name.
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt,
  },
  (t) => [
    index('activity_logs_organization_id_idx').on(t.organizationId, t.createdAt),
    index('activity_logs_project_id_idx').on(t.projectId),
  ],
);

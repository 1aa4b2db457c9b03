// The templates module's table: questionnaire templates (spec 3).
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { TemplateField } from '../../../domain/template-field';
import { createdAt, inList, searchVector, updatedAt } from '../../platform/db/columns';
import { createdBy, organizationId } from '../../platform/db/schema/tenancy';

export const projectTemplates = pgTable(
  'project_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    companyOverview: text('company_overview'),
    notes: text('notes'),
    status: text('status').notNull().default('active'),
    fields: jsonb('fields').$type<TemplateField[]>().notNull().default([]),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    searchVector: searchVector(['name', 'A'], ['description', 'B']),
  },
  (t) => [
    index('project_templates_organization_id_idx').on(t.organizationId, t.createdAt),
    index('project_templates_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('project_templates_status_check', inList(t.status, ['active', 'inactive'])),
  ],
);

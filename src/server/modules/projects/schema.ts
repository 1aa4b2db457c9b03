// The projects module's tables: projects and which developer is on which (spec 3).
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PROJECT_STATUSES, type ProjectStatus } from '../../../domain/project-status';
import type { BudgetKind } from '../../../domain/time-rules';
import type { FormData, TemplateField } from '../../../domain/template-field';
import { createdBy, organizationId } from '../../platform/db/schema/tenancy';
import { createdAt, inList, searchVector, updatedAt } from '../../platform/db/columns';
import { clients } from '../clients/schema';
import { projectTemplates } from '../templates/schema';

export const projectId = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').$type<ProjectStatus>().notNull().default('active'),
    dueDate: date('due_date', { mode: 'string' }),
    companyOverview: text('company_overview'),
    notes: text('notes'),
    formData: jsonb('form_data').$type<FormData>(),
    templateId: uuid('template_id').references(() => projectTemplates.id, { onDelete: 'set null' }),
    templateFields: jsonb('template_fields').$type<TemplateField[]>(),
    /** Issue 32: the hourly rate in minor units for everyone's time on this project; null: each member's own. */
    hourlyRateMinor: bigint('hourly_rate_minor', { mode: 'number' }),
    /** Issue 32: a budget in hours (budget_amount in minutes) or in money (minor units); null: none. */
    budgetKind: text('budget_kind').$type<BudgetKind>(),
    budgetAmount: bigint('budget_amount', { mode: 'number' }),
    /** The highest budget alert (80 or 100 %) staff were told of; back to 0 when the budget changes. */
    budgetAlertedPercent: integer('budget_alerted_percent').notNull().default(0),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    searchVector: searchVector(['name', 'A'], ['description', 'B']),
  },
  (t) => [
    // Serves the newest-first pages: (created_at desc, id desc) is this index scanned backwards.
    index('projects_organization_id_idx').on(t.organizationId, t.createdAt, t.id),
    index('projects_organization_status_idx').on(t.organizationId, t.status),
    index('projects_client_id_idx').on(t.clientId),
    index('projects_template_id_idx').on(t.templateId),
    // Trigram indexes (pg_trgm) serve the Projects tab's "contains" search (ILIKE '%term%').
    // fastupdate off: the embedded database has no autovacuum to flush a GIN pending list, and
    // with entries left there the planner prices the index out.
    index('projects_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('projects_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('projects_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('projects_status_check', inList(t.status, PROJECT_STATUSES)),
    check('projects_hourly_rate_check', sql`${t.hourlyRateMinor} is null or ${t.hourlyRateMinor} >= 0`),
    check(
      'projects_budget_check',
      sql`(${t.budgetKind} is null and ${t.budgetAmount} is null) or (${t.budgetKind} in ('hours', 'money') and ${t.budgetAmount} > 0)`,
    ),
  ],
);

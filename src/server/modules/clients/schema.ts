// The clients module's table (spec 3).
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, searchVector, updatedAt } from '../../platform/db/columns';
import { createdBy, organizationId } from '../../platform/db/schema/tenancy';

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text('name').notNull(),
    description: text('description'),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    website: text('website'),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    searchVector: searchVector(['name', 'A'], ['contact_name', 'B'], ['description', 'C']),
  },
  (t) => [
    index('clients_organization_id_idx').on(t.organizationId, t.createdAt, t.id),
    index('clients_organization_name_idx').on(t.organizationId, t.name),
    // Trigram index (pg_trgm): the project search's "client name contains" runs on it.
    index('clients_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    // Issue 34: the organization's search (full text; the name's trigram index above for typos).
    index('clients_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
);

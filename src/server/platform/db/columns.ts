// Column builders every table uses: timestamps, the search vector, a CHECK list.
import { sql } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const timestamps = { createdAt, updatedAt };

/**
 * Issue 34 (decision 035): the search's words, kept by the database. A stored generated column,
 * so every write path (the app, an import, a restore) keeps it right. `brieflane_search` is the
 * `simple` configuration with accents folded by unaccent (migration 0022): no language's stemming,
 * since an agency writes in several. Text is capped so that no row can outgrow a tsvector.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const SEARCH_CONFIG = 'brieflane_search';

export function searchVector(...parts: [column: string, weight: 'A' | 'B' | 'C'][]) {
  const vectors = parts.map(
    ([column, weight]) => `setweight(to_tsvector('${SEARCH_CONFIG}'::regconfig, left(coalesce("${column}", ''), 100000)), '${weight}')`,
  );
  return tsvector('search_vector')
    .notNull()
    .generatedAlwaysAs(sql.raw(vectors.join(' || ')));
}

export function inList(column: unknown, values: readonly string[]) {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
}

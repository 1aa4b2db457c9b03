// Counts the Reports tab sums instead of counting rows (decision 014): how many projects (per
// status), clients and tasks (per status) an organization has, by the hour, the day and in all,
// of the rows' created_at. Database triggers keep it (db/migrations/0006_request_path_*):
// every insert, update or delete of a project, client or task adds a row of differences, never
// an update of a shared row, so concurrent writers never wait on each other; a job folds the
// differences into one row per key. Derived entirely from those tables: a backup leaves it out
// and a restore rebuilds it (report_counts_rebuild()).
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const REPORT_COUNT_KINDS = ['project', 'client', 'task'] as const;

export const REPORT_COUNT_GRAINS = ['all', 'day', 'hour'] as const;

export const reportCounts = pgTable(
  'report_counts',
  {
    // No foreign key: the rows of a deleted organization sum to nothing and are folded away.
    organizationId: uuid('organization_id').notNull(),
    kind: text('kind').$type<(typeof REPORT_COUNT_KINDS)[number]>().notNull(),
    /** The project's or task's status; '' for clients. */
    status: text('status').notNull(),
    grain: text('grain').$type<(typeof REPORT_COUNT_GRAINS)[number]>().notNull(),
    /** Start of the UTC hour or day of created_at; -infinity for grain 'all'. */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    /** A difference (+ or -) until folded, then the count. */
    n: integer('n').notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('report_counts_lookup_idx').on(t.organizationId, t.grain, t.bucket),
    index('report_counts_unfolded_idx').on(t.organizationId).where(sql`not ${t.folded}`),
  ],
);

/**
 * Minutes of time per month, project, member and billable flag (issue 32, decision 037 addendum):
 * what a time report of whole months sums instead of every entry of the range (a year of 50
 * members is ~100,000 entries, ~7,000 rows here). Database triggers on time_entries keep it
 * (db/migrations/0024_*) by adding each statement's differences to the row of its key; a member's
 * writes already queue on their profile row (a day holds at most 24 hours), so two writers rarely
 * meet on one row. Derived entirely from time_entries: a backup leaves it out and a restore
 * rebuilds it (time_totals_rebuild()). No foreign keys: a deleted project's or organization's rows
 * are taken away by the same triggers as their entries go.
 */
export const timeTotals = pgTable(
  'time_totals',
  {
    organizationId: uuid('organization_id').notNull(),
    /** The first day of the month of the entries' work_date. */
    month: date('month', { mode: 'string' }).notNull(),
    projectId: uuid('project_id').notNull(),
    /** Null once the member was removed; their name stays, as on the entries. */
    profileId: uuid('profile_id'),
    memberName: text('member_name').notNull(),
    billable: boolean('billable').notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull(),
  },
  (t) => [unique('time_totals_key').on(t.organizationId, t.month, t.projectId, t.profileId, t.memberName, t.billable).nullsNotDistinct()],
);

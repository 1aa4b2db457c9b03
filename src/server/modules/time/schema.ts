// The time module's tables: time entries and running timers (issue 32).
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdBy, organizationId, profiles } from '../../platform/db/schema/tenancy';
import { createdAt, updatedAt } from '../../platform/db/columns';
import { projectId } from '../projects/schema';
import { tasks } from '../tasks/schema';

/**
 * Time logged on a project (issue 32): one member, one day, a whole number of minutes, on a task
 * or on the project itself. The member's name is kept beside their id, so the hours stay in the
 * reports after the member is removed. Money is not stored here: it is the minutes times the rate
 * in force (the project's rate, else the member's), read when the report is made (decision 034).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    projectId: projectId(),
    // A deleted task leaves its hours on the project.
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    memberName: text('member_name').notNull(),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    minutes: integer('minutes').notNull(),
    note: text('note'),
    billable: boolean('billable').notNull().default(true),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
  },
  (t) => [
    index('time_entries_organization_date_idx').on(t.organizationId, t.workDate),
    index('time_entries_profile_date_idx').on(t.profileId, t.workDate),
    index('time_entries_project_date_idx').on(t.projectId, t.workDate),
    index('time_entries_task_idx').on(t.taskId),
    check('time_entries_minutes_check', sql`${t.minutes} > 0 and ${t.minutes} <= 1440`),
  ],
);

/**
 * A member's running timer (issue 32): at most one per member (the primary key), kept in the
 * database so it survives a reload, a sign-out and a restart. Stopping it turns it into a time entry.
 */
export const runningTimers = pgTable(
  'running_timers',
  {
    profileId: uuid('profile_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: organizationId(),
    projectId: projectId(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    note: text('note'),
    billable: boolean('billable').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('running_timers_project_idx').on(t.projectId), index('running_timers_task_idx').on(t.taskId)],
);

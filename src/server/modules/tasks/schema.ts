// The tasks module's tables: tasks, their due reminders and who follows them.
import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskPriority, type TaskStatus } from '../../../domain/project-status';
import { MAX_ESTIMATE_MINUTES } from '../../../domain/time-rules';
import { DUE_REMINDER_KINDS, type DueReminderKind } from '../../../domain/inbox';
import { createdBy, profiles } from '../../platform/db/schema/tenancy';
import { createdAt, inList, searchVector, updatedAt } from '../../platform/db/columns';
import { projectId } from '../projects/schema';

/**
 * A task's board column as a number, left to right (To Do 0, In Progress 1, Completed 2): the
 * first key of the task list's order (issue 27), the same expression in the index and the query.
 */
export function taskColumnRank(status: AnyPgColumn | SQL): SQL<number> {
  return sql<number>`(case ${status} ${sql.raw(TASK_STATUSES.slice(0, -1).map((value, rank) => `when '${value}' then ${rank}`).join(' '))} else ${sql.raw(String(TASK_STATUSES.length - 1))} end)`;
}

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: projectId(),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status').$type<TaskStatus>().notNull().default('pending'),
    priority: text('priority').$type<TaskPriority>().notNull().default('medium'),
    dueDate: date('due_date', { mode: 'string' }),
    /** Issue 51: when work on it starts (on or before its due date), and how long it should take. */
    startDate: date('start_date', { mode: 'string' }),
    estimateMinutes: integer('estimate_minutes'),
    /**
     * Issue 51 item 4 (decision 046): how the task repeats, an RRULE the domain accepted
     * (recurrence-rules.ts); null: it does not. `seriesId` names the occurrences of one recurring
     * task (the first one's id); it stays when the rule is cleared, as their history.
     */
    recurrenceRule: text('recurrence_rule'),
    seriesId: uuid('series_id'),
    createdBy: createdBy(),
    createdAt,
    updatedAt,
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Issue 16: who does it; a removed member leaves it unassigned. */
    assigneeId: uuid('assignee_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** Order within its board column, lowest first (a new task goes last: its creation time). */
    position: doublePrecision('position').notNull().default(0),
    searchVector: searchVector(['title', 'A'], ['description', 'B']),
  },
  (t) => [
    index('tasks_project_id_idx').on(t.projectId, t.createdAt),
    // The task list in board order (issue 27), keyset-paged (issue 36): column, place, age, id.
    index('tasks_project_board_idx').on(t.projectId, taskColumnRank(t.status), t.position, t.createdAt, t.id),
    // Reports (decision 014): the tasks of the first partial hour of a range, counted one by one.
    index('tasks_created_at_idx').on(t.createdAt),
    // My Work: an assignee's open tasks, soonest due first and undated last (issue 16): the
    // list's own order, so a page reads its rows off the index instead of sorting them all.
    index('tasks_assignee_open_idx')
      .on(t.assigneeId, sql`coalesce(${t.dueDate}, '9999-12-31'::date)`, t.id)
      .where(sql`${t.status} <> 'completed'`),
    // Due reminders (issue 29): the open, assigned tasks due on a given day, across organizations.
    index('tasks_due_reminder_idx')
      .on(t.dueDate)
      .where(sql`${t.status} <> 'completed' and ${t.assigneeId} is not null`),
    // Issue 34: the organization's search: full text, and the title's trigrams for part of a word.
    index('tasks_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('tasks_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with({ fastupdate: false }),
    // One occurrence of a series per date: completing a task twice, or the job and a completion
    // at once, cannot make two next occurrences.
    uniqueIndex('tasks_series_due_date_idx').on(t.seriesId, t.dueDate),
    // The recurrence job: open recurring tasks by due date.
    index('tasks_recurring_due_idx')
      .on(t.dueDate)
      .where(sql`${t.recurrenceRule} is not null and ${t.status} <> 'completed'`),
    check('tasks_status_check', inList(t.status, TASK_STATUSES)),
    check('tasks_priority_check', inList(t.priority, TASK_PRIORITIES)),
    check('tasks_start_before_due_check', sql`${t.startDate} is null or ${t.dueDate} is null or ${t.startDate} <= ${t.dueDate}`),
    check('tasks_estimate_minutes_check', sql`${t.estimateMinutes} is null or ${t.estimateMinutes} between 1 and ${sql.raw(String(MAX_ESTIMATE_MINUTES))}`),
  ],
);

/**
 * Due reminders sent (issue 29 item 5): one row per task, person, kind and due date, written in the
 * transaction that notifies them. The unique key is the claim: of several app servers running the
 * reminder job at once, one inserts the row and tells the person; the others insert nothing and
 * tell nobody. A task whose due date moves may be reminded of again for the new date.
 */
export const taskReminders = pgTable(
  'task_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DueReminderKind>().notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdAt,
  },
  (t) => [
    unique('task_reminders_once').on(t.taskId, t.profileId, t.kind, t.dueDate),
    index('task_reminders_profile_idx').on(t.profileId),
    check('task_reminders_kind_check', inList(t.kind, DUE_REMINDER_KINDS)),
  ],
);

/**
 * Following a task, chosen (issue 29): `following` true for someone who follows of their own
 * accord, false for someone who unfollowed a task they would follow by themselves (its assignee,
 * a commenter, someone mentioned).
 */
export const taskFollows = pgTable(
  'task_follows',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    following: boolean('following').notNull(),
    updatedAt,
  },
  (t) => [primaryKey({ columns: [t.taskId, t.profileId] }), index('task_follows_profile_idx').on(t.profileId)],
);

/**
 * Task dependencies (issue 51): `taskId` is blocked by `blockedByTaskId` (finish-to-start), both
 * of one project (the service keeps them so; a loop is refused there, by dependencyCycle). The
 * primary key serves "a task's blockers"; the index on the blocker serves "its dependents".
 */
export const taskDependencies = pgTable(
  'task_dependencies',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    blockedByTaskId: uuid('blocked_by_task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    createdAt,
    createdBy: createdBy(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.blockedByTaskId] }),
    index('task_dependencies_blocked_by_idx').on(t.blockedByTaskId),
    check('task_dependencies_not_self_check', sql`${t.taskId} <> ${t.blockedByTaskId}`),
  ],
);

// A task's row as the API answers it (spec 2 "Tasks"; issue 51: its plan, its rule and what
// blocks it).
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Blocker } from '../../../domain/task-dependency-schemas';
import type { Task } from '../../../domain/tasks';
import type { Executor } from '../../platform/db/client';
import { taskDependencies, tasks } from './schema';

const blocker = alias(tasks, 'blocker');

/**
 * The tasks that block the outer query's task (issue 51), by title, as one JSON array: a subquery
 * of the row, so the task list stays one query (task_dependencies' key starts with task_id).
 */
export const blockedByColumn = sql<Blocker[]>`coalesce((
  select json_agg(json_build_object('id', ${blocker.id}, 'title', ${blocker.title}, 'status', ${blocker.status}) order by ${blocker.title}, ${blocker.id})
  from ${taskDependencies} join ${tasks} ${blocker} on ${blocker.id} = ${taskDependencies.blockedByTaskId}
  where ${taskDependencies.taskId} = ${tasks.id}), '[]'::json)`;

/** One task's blockers, by title (after a write, where the row came back without them). */
export async function blockersOfTask(tx: Executor, taskId: string): Promise<Blocker[]> {
  return tx
    .select({ id: tasks.id, title: tasks.title, status: tasks.status })
    .from(taskDependencies)
    .innerJoin(tasks, eq(tasks.id, taskDependencies.blockedByTaskId))
    .where(eq(taskDependencies.taskId, taskId))
    .orderBy(asc(tasks.title), asc(tasks.id));
}

export function toTask(row: typeof tasks.$inferSelect, assigneeName: string | null, blockedBy: Blocker[]): Task {
  return {
    id: row.id,
    projectId: row.projectId,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    dueDate: row.dueDate,
    startDate: row.startDate,
    estimateMinutes: row.estimateMinutes,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    completedBy: row.completedBy,
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeId ? assigneeName : null,
    position: row.position,
    recurrence: row.recurrenceRule ? { rule: row.recurrenceRule } : null,
    blockedBy,
  };
}

// A task's row as the API answers it (spec 2 "Tasks"; issue 51: its plan and its rule).
import type { Task } from '../../../domain/tasks';
import type { tasks } from './schema';

export function toTask(row: typeof tasks.$inferSelect, assigneeName: string | null): Task {
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
  };
}

// Tasks on the project page (spec 2 "Tasks", 3 "task", 4 "Task status", 5, 8).
import { z } from 'zod';
import { isoDate } from './projects';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskStatus } from './project-status';
import { optionalText, text } from './text-fields';

export const TASK_MESSAGES = {
  titleRequired: 'Task title is required',
  addTask: 'Add Task',
  dialogTitle: 'Create New Task',
  create: 'Create Task',
  creating: 'Creating...',
  created: 'Task created successfully',
  empty: 'No tasks yet',
  updatedTitle: 'Task updated',
  updated: (status: string) => `Task marked as ${status}.`,
  updateFailed: 'Failed to update task',
  overdue: '(Overdue)',
  notFound: 'Task not found',
} as const;

export const createTaskSchema = z.object({
  title: text('Task title', { message: TASK_MESSAGES.titleRequired }).trim().min(1, TASK_MESSAGES.titleRequired).max(300),
  description: optionalText(5000, 'Description'),
  priority: z.enum(TASK_PRIORITIES).optional().default('medium'),
  dueDate: z.preprocess((v) => (v === '' ? null : v), isoDate.nullish()).transform((v) => v ?? null),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

/** Spec 4: toggling on the project page switches pending and completed. */
export function toggledTaskStatus(status: TaskStatus): TaskStatus {
  return status === 'completed' ? 'pending' : 'completed';
}

/** Spec 4: a task is overdue when its due date is before today (not on today). */
export function isTaskOverdue(task: { dueDate: string | null; status: TaskStatus }, today: string): boolean {
  return task.status !== 'completed' && task.dueDate !== null && task.dueDate < today;
}

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: 'pending',
  in_progress: 'in-progress',
  completed: 'completed',
};

export const taskSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const TASK_LIST_LIMIT = 500;

// Tasks' messages and rules without zod (spec 4, 8; issue 16): what a page that lists tasks
// needs, so that a share link's page loads no schema library (decision 013). The API's schemas
// are in ./tasks.ts.
import type { TaskPriority, TaskStatus } from './project-status';

export const TASK_MESSAGES = {
  titleRequired: 'Task title is required',
  dueDateInPast: 'Due date cannot be in the past.',
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
  assigneeNotAllowed: 'Choose a member who can see this project.',
  nothingToChange: 'Nothing to change.',
  boardChanged: 'The board changed meanwhile. Try the move again.',
  staffOnly: 'Only staff can edit a task; you can change its status.',
} as const;

/** Spec 4: toggling on the project page switches pending and completed. */
export function toggledTaskStatus(status: TaskStatus): TaskStatus {
  return status === 'completed' ? 'pending' : 'completed';
}

/** Spec 4: a task is overdue when its due date is before today (not on today). */
export function isTaskOverdue(task: { dueDate: string | null; status: TaskStatus }, today: string): boolean {
  return task.status !== 'completed' && task.dueDate !== null && task.dueDate < today;
}

/**
 * How the product shows a stored status, the board's column names, wherever a status is said:
 * badges, toasts, the task menu, labels, emails (issue 27; spec 4's 'pending' and 'in-progress'
 * are stored values).
 */
export const TASK_STATUS_TITLES: Record<TaskStatus, string> = {
  pending: 'To Do',
  in_progress: 'In Progress',
  completed: 'Completed',
};

/**
 * How the product shows a stored priority (spec 3's low, medium, high), wherever one is said: the
 * priority badge, the Priority select, Activity Logs' details (issue 49 item 17).
 */
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

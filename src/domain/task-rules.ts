// Tasks' messages and rules without zod (spec 4, 8; issue 16): what a page that lists tasks
// needs, so that a share link's page loads no schema library (decision 013). The API's schemas
// are in ./tasks.ts.
import type { Text } from './locales';
import type { TaskPriority, TaskStatus } from './project-status';

export const TASK_MESSAGES = {
  titleRequired: /*i18n*/ { id: 'domain-shared.task-rules.titleRequired', message: 'Task title is required' },
  dueDateInPast: /*i18n*/ { id: 'domain-shared.task-rules.dueDateInPast', message: 'Due date cannot be in the past.' },
  addTask: /*i18n*/ { id: 'domain-shared.task-rules.addTask', message: 'Add Task' },
  dialogTitle: /*i18n*/ { id: 'domain-shared.task-rules.dialogTitle', message: 'Create New Task' },
  create: /*i18n*/ { id: 'domain-shared.task-rules.create', message: 'Create Task' },
  creating: /*i18n*/ { id: 'domain-shared.task-rules.creating', message: 'Creating...' },
  created: /*i18n*/ { id: 'domain-shared.task-rules.created', message: 'Task created successfully' },
  empty: /*i18n*/ { id: 'domain-shared.task-rules.empty', message: 'No tasks yet' },
  updatedTitle: /*i18n*/ { id: 'domain-shared.task-rules.updatedTitle', message: 'Task updated' },
  updated: /*i18n*/ { id: 'domain-shared.task-rules.updated', message: 'Task marked as {status}.' },
  updateFailed: /*i18n*/ { id: 'domain-shared.task-rules.updateFailed', message: 'Failed to update task' },
  overdue: /*i18n*/ { id: 'domain-shared.task-rules.overdue', message: '(Overdue)' },
  notFound: /*i18n*/ { id: 'domain-shared.task-rules.notFound', message: 'Task not found' },
  assigneeNotAllowed: /*i18n*/ { id: 'domain-shared.task-rules.assigneeNotAllowed', message: 'Choose a member who can see this project.' },
  nothingToChange: /*i18n*/ { id: 'domain-shared.task-rules.nothingToChange', message: 'Nothing to change.' },
  boardChanged: /*i18n*/ { id: 'domain-shared.task-rules.boardChanged', message: 'The board changed meanwhile. Try the move again.' },
  staffOnly: /*i18n*/ { id: 'domain-shared.task-rules.staffOnly', message: 'Only staff can edit a task; you can change its status.' },
  startAfterDue: /*i18n*/ { id: 'domain-shared.task-rules.startAfterDue', message: 'Start date must be on or before the due date.' },
  estimateOutOfRange: /*i18n*/ { id: 'domain-shared.task-rules.estimateOutOfRange', message: 'Estimate must be between 1 minute and 999 hours.' },
} as const;

/** Issue 51: a start date after the due date is refused; either may be unset. */
export function startsAfterDue(task: { startDate: string | null; dueDate: string | null }): boolean {
  return task.startDate !== null && task.dueDate !== null && task.startDate > task.dueDate;
}

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
 * are stored values). The stored value is data; the title is said in the reader's language (issue 48):
 * `t(TASK_STATUS_TITLES[status])`. A share link shows them too, so they are `domain-shared`.
 */
export const TASK_STATUS_TITLES: Record<TaskStatus, Text> = {
  pending: /*i18n*/ { id: 'domain-shared.task-rules.status.pending', message: 'To Do' },
  in_progress: /*i18n*/ { id: 'domain-shared.task-rules.status.inProgress', message: 'In Progress' },
  completed: /*i18n*/ { id: 'domain-shared.task-rules.status.completed', message: 'Completed' },
};

/**
 * How the product shows a stored priority (spec 3's low, medium, high), wherever one is said: the
 * priority badge, the Priority select, Activity Logs' details (issue 49 item 17).
 */
export const TASK_PRIORITY_LABELS: Record<TaskPriority, Text> = {
  low: /*i18n*/ { id: 'domain-shared.task-rules.priority.low', message: 'Low' },
  medium: /*i18n*/ { id: 'domain-shared.task-rules.priority.medium', message: 'Medium' },
  high: /*i18n*/ { id: 'domain-shared.task-rules.priority.high', message: 'High' },
};

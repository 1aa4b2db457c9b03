// Spec 4 "Project status values". Stored one way (on_hold with an underscore); display maps them,
// in the reader's language (issue 48): `t(PROJECT_STATUS_LABELS[status])`. The stored values are data.
import type { Text } from './locales';

export const PROJECT_STATUSES = ['active', 'completed', 'on_hold', 'cancelled', 'overdue'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, Text> = {
  active: /*i18n*/ { id: 'domain.project-status.active', message: 'Active' },
  completed: /*i18n*/ { id: 'domain.project-status.completed', message: 'Completed' },
  on_hold: /*i18n*/ { id: 'domain.project-status.onHold', message: 'On Hold' },
  cancelled: /*i18n*/ { id: 'domain.project-status.cancelled', message: 'Cancelled' },
  overdue: /*i18n*/ { id: 'domain.project-status.overdue', message: 'Overdue' },
};

export const TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const DEFAULT_TASK_PRIORITY: TaskPriority = 'medium';

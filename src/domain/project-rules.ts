// Projects' messages without zod (spec 2 "Projects tab", 5, 8): what the projects page shows
// before anyone opens a form, so that it loads no schema library (decision 013). The schemas are
// in ./projects.ts.
import type { ProjectStatus } from './project-status';

export const PROJECT_MESSAGES = {
  nameTooShort: 'Project name must be at least 2 characters.',
  clientRequired: 'Please select a client.',
  dueDateInPast: 'Due date cannot be in the past.',
  dueDateInvalid: 'Due date must be a date (yyyy-MM-dd).',
  dueDateOutOfRange: 'Due date must be between the years 1900 and 2999.',
  created: 'Project created successfully!',
  statusChanged: (status: string) => `Project marked as ${status}`,
  statusFailed: 'Failed to update project status',
  deleted: 'Project deleted successfully',
  deleteFailed: 'Failed to delete project',
  fetchFailed: 'Failed to fetch projects',
  noProjects: 'No projects yet',
  noProjectsHelp: 'A project gathers the brief, tasks, files, notes and links of one piece of client work.',
  createFirst: 'Create your first project',
  noMatches: 'No projects match your search',
  noneAssigned: "You haven't been assigned to any projects yet.",
  developerSubtitle: 'View your assigned projects and manage tasks',
  staffSubtitle: 'Manage your projects, clients and templates',
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete ${name}? This action cannot be undone and all related data will be permanently removed.`,
} as const;

/**
 * Spec 2: a due date before today cannot be chosen. The server refuses it, and the project and
 * task forms say so at the field before sending (issue 27). On an edit, the date the record
 * already has stays allowed: an overdue project keeps its date when its other fields change.
 */
export function isPastDate(date: string | null | undefined, today: string, kept: string | null = null): boolean {
  return !!date && date < today && date !== kept;
}

/** The statuses a card's Mark Complete and Put On Hold set (spec 4); no card button sets active or overdue. */
export const CARD_STATUSES = ['completed', 'on_hold'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/**
 * Issue 49 item 17: the status changes a project card offers from each status. Completing or
 * pausing work in progress (active, or overdue: active past its due date); completing a paused
 * project. A completed or cancelled project is closed: the card offers nothing, and the project
 * page's Edit Project (spec 2, any of active, completed, on_hold, cancelled) is where one is
 * reopened. Spec 2 only disables the button of the status a project already has; the server
 * still takes either status at any time, as spec 4 says.
 */
const CARD_STATUS_CHANGES: Record<ProjectStatus, readonly CardStatus[]> = {
  active: ['completed', 'on_hold'],
  overdue: ['completed', 'on_hold'],
  on_hold: ['completed'],
  completed: [],
  cancelled: [],
};

/** The statuses a project card may move a project in `from` to, in the card's order. */
export function cardStatusChanges(from: ProjectStatus): readonly CardStatus[] {
  return CARD_STATUS_CHANGES[from];
}

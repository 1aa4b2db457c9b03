// Projects' messages without zod (spec 2 "Projects tab", 5, 8): what the projects page shows
// before anyone opens a form, so that it loads no schema library (decision 013). The schemas are
// in ./projects.ts.
import type { ProjectStatus } from './project-status';

export const PROJECT_MESSAGES = {
  nameTooShort: /*i18n*/ { id: 'domain.project-rules.nameTooShort', message: 'Project name must be at least 2 characters.' },
  clientRequired: /*i18n*/ { id: 'domain.project-rules.clientRequired', message: 'Please select a client.' },
  dueDateInPast: /*i18n*/ { id: 'domain.project-rules.dueDateInPast', message: 'Due date cannot be in the past.' },
  dueDateInvalid: /*i18n*/ { id: 'domain.project-rules.dueDateInvalid', message: 'Due date must be a date (yyyy-MM-dd).' },
  dueDateOutOfRange: /*i18n*/ { id: 'domain.project-rules.dueDateOutOfRange', message: 'Due date must be between the years 1900 and 2999.' },
  created: /*i18n*/ { id: 'domain.project-rules.created', message: 'Project created successfully!' },
  statusChanged: /*i18n*/ { id: 'domain.project-rules.statusChanged', message: 'Project marked as {status}' },
  statusFailed: /*i18n*/ { id: 'domain.project-rules.statusFailed', message: 'Failed to update project status' },
  deleted: /*i18n*/ { id: 'domain.project-rules.deleted', message: 'Project deleted successfully' },
  deleteFailed: /*i18n*/ { id: 'domain.project-rules.deleteFailed', message: 'Failed to delete project' },
  fetchFailed: /*i18n*/ { id: 'domain.project-rules.fetchFailed', message: 'Failed to fetch projects' },
  noProjects: /*i18n*/ { id: 'domain.project-rules.noProjects', message: 'No projects yet' },
  noProjectsHelp: /*i18n*/ { id: 'domain.project-rules.noProjectsHelp', message: 'A project gathers the brief, tasks, files, notes and links of one piece of client work.' },
  createFirst: /*i18n*/ { id: 'domain.project-rules.createFirst', message: 'Create your first project' },
  noMatches: /*i18n*/ { id: 'domain.project-rules.noMatches', message: 'No projects match your search' },
  noneAssigned: /*i18n*/ { id: 'domain.project-rules.noneAssigned', message: 'You haven\'t been assigned to any projects yet.' },
  developerSubtitle: /*i18n*/ { id: 'domain.project-rules.developerSubtitle', message: 'View your assigned projects and manage tasks' },
  staffSubtitle: /*i18n*/ { id: 'domain.project-rules.staffSubtitle', message: 'Manage your projects, clients and templates' },
  deleteConfirm: /*i18n*/ { id: 'domain.project-rules.deleteConfirm', message: 'Are you sure you want to delete {name}? This action cannot be undone and all related data will be permanently removed.' },
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

// Projects' messages without zod (spec 2 "Projects tab", 5, 8): what the projects page shows
// before anyone opens a form, so that it loads no schema library (decision 013). The schemas are
// in ./projects.ts.

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

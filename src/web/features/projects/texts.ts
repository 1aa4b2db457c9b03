// Labels of the projects feature (spec 2 "Projects tab", the project card, Create Project and Use
// Template, the project page's header and Project Info tab); the spec's messages are
// PROJECT_MESSAGES in src/domain/project-rules.ts and the project page's PROJECT_DETAIL_MESSAGES
// in src/domain/project-details.ts, the statuses' names PROJECT_STATUS_LABELS in
// src/domain/project-status.ts.
export const PROJECTS_TEXTS = {
  // Issue 49 item 3: the form's choices that failed to load, said under their field with Retry.
  clientsLoadFailed: 'The clients could not be loaded.',
  templatesLoadFailed: 'The templates could not be loaded.',
  // The Projects tab.
  title: 'Project Management',
  views: { projects: 'Projects', templates: 'Templates' },
  searchLabel: 'Search projects',
  searchPlaceholder: 'Search projects, clients, descriptions...',
  filterLabel: 'Filter by status',
  allStatus: 'All Status',
  /** Issue 33: the approval filter beside the status filter. */
  approvalFilterLabel: 'Filter by client approval',
  allApprovals: 'Any approval',
  addProject: 'Add Project',
  loadingProjects: 'Loading projects',
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} projects`,
  // A project card, and the project page's header.
  due: (date: string) => `Due ${date}`,
  created: (date: string) => `Created ${date}`,
  /** The card's terms, which screen readers read beside their icons. */
  terms: { client: 'Client', dueDate: 'Due date', owner: 'Owner', created: 'Created' },
  /** Read before the status badge: 'Status: Overdue', not a bare 'Overdue' (issue 27). */
  statusPrefix: 'Status: ',
  viewDashboard: 'View Dashboard',
  moreActions: 'More actions',
  markComplete: 'Mark Complete',
  putOnHold: 'Put On Hold',
  deleteTitle: 'Delete project',
  deleting: 'Deleting...',
  // Create New Project, and Use Template's two steps (preview, then fill).
  createTitle: 'Create New Project',
  createDescription: 'Start a project for one of your clients.',
  previewDescription: 'Preview of the questionnaire this template adds to a project.',
  fillDescription: 'Fill in the project and the questionnaire.',
  useTemplate: 'Use Template',
  templateOptional: 'Project Template (optional)',
  template: 'Project Template',
  noTemplate: 'No template',
  fields: {
    name: 'Project Name',
    client: 'Client',
    status: 'Status',
    description: 'Description',
    dueDate: 'Due Date',
    companyOverview: 'Company Overview',
  },
  namePlaceholder: 'e.g., Website Redesign',
  descriptionPlaceholder: 'What this project delivers',
  questionnaire: 'Questionnaire',
  templateQuestionnaire: (template: string) => `${template} questionnaire`,
  back: 'Back',
  createProject: 'Create Project',
  creating: 'Creating...',
  // The project page's Project Info tab.
  infoTitle: 'Project Information',
  noOverview: 'No company overview yet.',
  questionnaireTitle: 'Project Questionnaire',
  editTitle: 'Edit Project',
  editFormLabel: 'Edit project',
  dueDateHint: 'A due date after today sets the status to active.',
} as const;

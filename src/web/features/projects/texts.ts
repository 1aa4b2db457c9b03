// Labels of the projects feature (spec 2 "Projects tab", the project card, Create Project and Use
// Template, the project page's header and Project Info tab); the spec's messages are
// PROJECT_MESSAGES in src/domain/project-rules.ts and the project page's PROJECT_DETAIL_MESSAGES
// in src/domain/project-details.ts, the statuses' names PROJECT_STATUS_LABELS in
// src/domain/project-status.ts. Message descriptors each component translates (issue 48,
// decisions 044 and 045): `t(PROJECTS_TEXTS.due, { date })` with `useT('projects')`.
export const PROJECTS_TEXTS = {
  // Issue 49 item 3: the form's choices that failed to load, said under their field with Retry.
  clientsLoadFailed: /*i18n*/ { id: 'projects.clientsLoadFailed', message: 'The clients could not be loaded.' },
  templatesLoadFailed: /*i18n*/ { id: 'projects.templatesLoadFailed', message: 'The templates could not be loaded.' },
  // The Projects tab.
  title: /*i18n*/ { id: 'projects.title', message: 'Project Management' },
  views: {
    projects: /*i18n*/ { id: 'projects.views.projects', message: 'Projects' },
    templates: /*i18n*/ { id: 'projects.views.templates', message: 'Templates' },
  },
  searchLabel: /*i18n*/ { id: 'projects.searchLabel', message: 'Search projects' },
  searchPlaceholder: /*i18n*/ { id: 'projects.searchPlaceholder', message: 'Search projects, clients, descriptions...' },
  filterLabel: /*i18n*/ { id: 'projects.filterLabel', message: 'Filter by status' },
  allStatus: /*i18n*/ { id: 'projects.allStatus', message: 'All Status' },
  /** Issue 33: the approval filter beside the status filter. */
  approvalFilterLabel: /*i18n*/ { id: 'projects.approvalFilterLabel', message: 'Filter by client approval' },
  allApprovals: /*i18n*/ { id: 'projects.allApprovals', message: 'Any approval' },
  addProject: /*i18n*/ { id: 'projects.addProject', message: 'Add Project' },
  loadingProjects: /*i18n*/ { id: 'projects.loadingProjects', message: 'Loading projects' },
  showing: /*i18n*/ { id: 'projects.showing', message: 'Showing {shown} of {total} projects' },
  // A project card, and the project page's header.
  due: /*i18n*/ { id: 'projects.due', message: 'Due {date}' },
  created: /*i18n*/ { id: 'projects.created', message: 'Created {date}' },
  /** The card's terms, which screen readers read beside their icons. */
  terms: {
    client: /*i18n*/ { id: 'projects.terms.client', message: 'Client' },
    dueDate: /*i18n*/ { id: 'projects.terms.dueDate', message: 'Due date' },
    owner: /*i18n*/ { id: 'projects.terms.owner', message: 'Owner' },
    created: /*i18n*/ { id: 'projects.terms.created', message: 'Created' },
  },
  /** Read before the status badge: 'Status: Overdue', not a bare 'Overdue' (issue 27). */
  statusPrefix: /*i18n*/ { id: 'projects.statusPrefix', message: 'Status: ' },
  viewDashboard: /*i18n*/ { id: 'projects.viewDashboard', message: 'View Dashboard' },
  moreActions: /*i18n*/ { id: 'projects.moreActions', message: 'More actions' },
  markComplete: /*i18n*/ { id: 'projects.markComplete', message: 'Mark Complete' },
  putOnHold: /*i18n*/ { id: 'projects.putOnHold', message: 'Put On Hold' },
  deleteTitle: /*i18n*/ { id: 'projects.deleteTitle', message: 'Delete project' },
  deleting: /*i18n*/ { id: 'projects.deleting', message: 'Deleting...' },
  // Create New Project, and Use Template's two steps (preview, then fill).
  createTitle: /*i18n*/ { id: 'projects.createTitle', message: 'Create New Project' },
  createDescription: /*i18n*/ { id: 'projects.createDescription', message: 'Start a project for one of your clients.' },
  previewDescription: /*i18n*/ { id: 'projects.previewDescription', message: 'Preview of the questionnaire this template adds to a project.' },
  fillDescription: /*i18n*/ { id: 'projects.fillDescription', message: 'Fill in the project and the questionnaire.' },
  useTemplate: /*i18n*/ { id: 'projects.useTemplate', message: 'Use Template' },
  templateOptional: /*i18n*/ { id: 'projects.templateOptional', message: 'Project Template (optional)' },
  template: /*i18n*/ { id: 'projects.template', message: 'Project Template' },
  noTemplate: /*i18n*/ { id: 'projects.noTemplate', message: 'No template' },
  fields: {
    name: /*i18n*/ { id: 'projects.fields.name', message: 'Project Name' },
    client: /*i18n*/ { id: 'projects.fields.client', message: 'Client' },
    status: /*i18n*/ { id: 'projects.fields.status', message: 'Status' },
    description: /*i18n*/ { id: 'projects.fields.description', message: 'Description' },
    dueDate: /*i18n*/ { id: 'projects.fields.dueDate', message: 'Due Date' },
    companyOverview: /*i18n*/ { id: 'projects.fields.companyOverview', message: 'Company Overview' },
  },
  namePlaceholder: /*i18n*/ { id: 'projects.namePlaceholder', message: 'e.g., Website Redesign' },
  descriptionPlaceholder: /*i18n*/ { id: 'projects.descriptionPlaceholder', message: 'What this project delivers' },
  questionnaire: /*i18n*/ { id: 'projects.questionnaire', message: 'Questionnaire' },
  templateQuestionnaire: /*i18n*/ { id: 'projects.templateQuestionnaire', message: '{template} questionnaire' },
  back: /*i18n*/ { id: 'projects.back', message: 'Back' },
  createProject: /*i18n*/ { id: 'projects.createProject', message: 'Create Project' },
  creating: /*i18n*/ { id: 'projects.creating', message: 'Creating...' },
  // Issue 14: Create Project with no clients yet names the first client in place.
  inlineClient: {
    label: /*i18n*/ { id: 'projects.inlineClient.label', message: 'Client' },
    placeholder: /*i18n*/ { id: 'projects.inlineClient.placeholder', message: "New client's name" },
    add: /*i18n*/ { id: 'projects.inlineClient.add', message: 'Add Client' },
    adding: /*i18n*/ { id: 'projects.inlineClient.adding', message: 'Adding...' },
    hint: /*i18n*/ { id: 'projects.inlineClient.hint', message: 'No clients yet: name your first one to create it here.' },
  },
  // The project page's Project Info tab.
  infoTitle: /*i18n*/ { id: 'projects.infoTitle', message: 'Project Information' },
  noOverview: /*i18n*/ { id: 'projects.noOverview', message: 'No company overview yet.' },
  questionnaireTitle: /*i18n*/ { id: 'projects.questionnaireTitle', message: 'Project Questionnaire' },
  editTitle: /*i18n*/ { id: 'projects.editTitle', message: 'Edit Project' },
  editFormLabel: /*i18n*/ { id: 'projects.editFormLabel', message: 'Edit project' },
  dueDateHint: /*i18n*/ { id: 'projects.dueDateHint', message: 'A due date after today sets the status to active.' },
} as const;

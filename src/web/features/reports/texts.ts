// Labels of the Reports tab (spec 2 "Reports tab"); its title, subtitles and messages are
// REPORT_MESSAGES, the time ranges REPORT_RANGE_LABELS, in src/domain/reports.ts.
export const REPORTS_TEXTS = {
  timeRange: 'Time range',
  loadingReports: 'Loading reports',
  totalProjects: 'Total Projects',
  projectsDetail: (active: number, completed: number) => `${active} active, ${completed} completed`,
  totalClients: 'Total Clients',
  clientsAcrossOrganization: 'Across your organization',
  clientsAddedIn: (rangeLabel: string) => `Added in the ${rangeLabel.toLowerCase()}`,
  totalTasks: 'Total Tasks',
  tasksDetail: (completed: number, pending: number, inProgress: number) =>
    `${completed} completed, ${pending} pending${inProgress ? `, ${inProgress} in progress` : ''}`,
  overdueProjects: 'Overdue Projects',
  overdueDetail: 'Past their due date',
  nothingOverdue: 'Nothing overdue',
  projectCompletionRate: 'Project Completion Rate',
  projectsCompleted: (completed: number, total: number) => `${completed} of ${total} projects completed`,
  taskCompletionRate: 'Task Completion Rate',
  tasksCompleted: (completed: number, total: number) => `${completed} of ${total} tasks completed`,
  /** The time report table's scroller (issue 49 item 16): a region a keyboard scrolls, 'Time by client'. */
  timeTable: (group: string) => `Time by ${group.toLowerCase()}`,
} as const;

// Labels of the Reports tab (spec 2 "Reports tab"); its title, subtitles and messages are
// REPORT_MESSAGES, the time ranges REPORT_RANGE_LABELS, in src/domain/reports.ts. Message
// descriptors each component translates (issue 48, decision 044: `t(REPORTS_TEXTS.timeRange)`).
import type { Text } from '@/domain/locales';
import type { ReportRange } from '@/domain/reports';
import type { TimeReportGroup } from '@/domain/time-reports';

export const REPORTS_TEXTS = {
  timeRange: /*i18n*/ { id: 'reports.timeRange', message: 'Time range' },
  loadingReports: /*i18n*/ { id: 'reports.loadingReports', message: 'Loading reports' },
  totalProjects: /*i18n*/ { id: 'reports.totalProjects', message: 'Total Projects' },
  projectsDetail: /*i18n*/ { id: 'reports.projectsDetail', message: '{active} active, {completed} completed' },
  totalClients: /*i18n*/ { id: 'reports.totalClients', message: 'Total Clients' },
  clientsAcrossOrganization: /*i18n*/ { id: 'reports.clientsAcrossOrganization', message: 'Across your organization' },
  // One sentence per range (All Time says clientsAcrossOrganization): a language declines the
  // range's words in the sentence ("in den letzten 30 Tagen").
  clientsAddedIn: {
    '30d': /*i18n*/ { id: 'reports.clientsAddedIn.30d', message: 'Added in the last 30 days' },
    '90d': /*i18n*/ { id: 'reports.clientsAddedIn.90d', message: 'Added in the last 90 days' },
    '1y': /*i18n*/ { id: 'reports.clientsAddedIn.1y', message: 'Added in the last year' },
  } satisfies Record<Exclude<ReportRange, 'all'>, Text>,
  totalTasks: /*i18n*/ { id: 'reports.totalTasks', message: 'Total Tasks' },
  tasksDetail: /*i18n*/ { id: 'reports.tasksDetail', message: '{completed} completed, {pending} pending' },
  /** tasksDetail when some tasks are in progress. */
  tasksDetailInProgress: /*i18n*/ { id: 'reports.tasksDetailInProgress', message: '{completed} completed, {pending} pending, {inProgress} in progress' },
  overdueProjects: /*i18n*/ { id: 'reports.overdueProjects', message: 'Overdue Projects' },
  overdueDetail: /*i18n*/ { id: 'reports.overdueDetail', message: 'Past their due date' },
  nothingOverdue: /*i18n*/ { id: 'reports.nothingOverdue', message: 'Nothing overdue' },
  projectCompletionRate: /*i18n*/ { id: 'reports.projectCompletionRate', message: 'Project Completion Rate' },
  projectsCompleted: /*i18n*/ { id: 'reports.projectsCompleted', message: '{completed} of {total} projects completed' },
  taskCompletionRate: /*i18n*/ { id: 'reports.taskCompletionRate', message: 'Task Completion Rate' },
  tasksCompleted: /*i18n*/ { id: 'reports.tasksCompleted', message: '{completed} of {total} tasks completed' },
  /** The time report table's scroller (issue 49 item 16): a region a keyboard scrolls, 'Time by client'. */
  timeTable: {
    client: /*i18n*/ { id: 'reports.timeTable.client', message: 'Time by client' },
    project: /*i18n*/ { id: 'reports.timeTable.project', message: 'Time by project' },
    member: /*i18n*/ { id: 'reports.timeTable.member', message: 'Time by member' },
    task: /*i18n*/ { id: 'reports.timeTable.task', message: 'Time by task' },
  } satisfies Record<TimeReportGroup, Text>,
} as const;

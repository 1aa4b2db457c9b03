// Labels of the Reports tab (spec 2 "Reports tab"); its title, subtitles and messages are
// REPORT_MESSAGES in src/domain/reports.ts. Message descriptors each component translates
// (issue 48, decision 044: `t(REPORTS_TEXTS.dateRange)`).
import type { Text } from '@/domain/locales';
import type { ReportRange } from '@/domain/reports';
import type { ReportRangePreset, TimeReportBillable, TimeReportGroup } from '@/domain/time-reports';

export const REPORTS_TEXTS = {
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
  // Issue 49 item 15: the page's one date range, the time report's filters and its drill-down.
  dateRange: /*i18n*/ { id: 'reports.dateRange', message: 'Date range' },
  presets: {
    'this-week': /*i18n*/ { id: 'reports.presets.thisWeek', message: 'This week' },
    'last-week': /*i18n*/ { id: 'reports.presets.lastWeek', message: 'Last week' },
    'this-month': /*i18n*/ { id: 'reports.presets.thisMonth', message: 'This month' },
    'last-month': /*i18n*/ { id: 'reports.presets.lastMonth', message: 'Last month' },
    custom: /*i18n*/ { id: 'reports.presets.custom', message: 'Custom' },
  } satisfies Record<ReportRangePreset, Text>,
  from: /*i18n*/ { id: 'reports.from', message: 'From' },
  to: /*i18n*/ { id: 'reports.to', message: 'To' },
  rangeDays: /*i18n*/ { id: 'reports.rangeDays', message: '{from} – {to}' },
  overview: /*i18n*/ { id: 'reports.overview', message: 'Overview' },
  clientsAddedInRange: /*i18n*/ { id: 'reports.clientsAddedInRange', message: 'Added in this date range' },
  filters: /*i18n*/ { id: 'reports.filters', message: 'Filters' },
  client: /*i18n*/ { id: 'reports.client', message: 'Client' },
  project: /*i18n*/ { id: 'reports.project', message: 'Project' },
  member: /*i18n*/ { id: 'reports.member', message: 'Member' },
  task: /*i18n*/ { id: 'reports.task', message: 'Task' },
  groupBy: /*i18n*/ { id: 'reports.groupBy', message: 'Group by' },
  allClients: /*i18n*/ { id: 'reports.allClients', message: 'All clients' },
  allProjects: /*i18n*/ { id: 'reports.allProjects', message: 'All projects' },
  allMembers: /*i18n*/ { id: 'reports.allMembers', message: 'All members' },
  allTasks: /*i18n*/ { id: 'reports.allTasks', message: 'All tasks' },
  billableFilter: /*i18n*/ { id: 'reports.billableFilter', message: 'Billable' },
  billableChoices: {
    all: /*i18n*/ { id: 'reports.billableChoices.all', message: 'Billable and non-billable' },
    billable: /*i18n*/ { id: 'reports.billableChoices.billable', message: 'Billable only' },
    'non-billable': /*i18n*/ { id: 'reports.billableChoices.nonBillable', message: 'Non-billable only' },
  } satisfies Record<TimeReportBillable, Text>,
  filtersLoadFailed: /*i18n*/ { id: 'reports.filtersLoadFailed', message: 'The filters could not be loaded.' },
  loadingTimeReport: /*i18n*/ { id: 'reports.loadingTimeReport', message: 'Loading the time report' },
  breadcrumb: /*i18n*/ { id: 'reports.breadcrumb', message: 'Where you are in the report' },
  /** A crumb whose name the report could not find (another organization's id in a shared link). */
  unknownStep: /*i18n*/ { id: 'reports.unknownStep', message: 'Unknown' },
  noTask: /*i18n*/ { id: 'reports.noTask', message: 'On the project (no task)' },
  /** A row that opens the next step, for a screen reader: 'Acme, show its projects'. */
  showProjects: /*i18n*/ { id: 'reports.showProjects', message: '{name}: show its projects' },
  showTasks: /*i18n*/ { id: 'reports.showTasks', message: '{name}: show its tasks' },
  showEntries: /*i18n*/ { id: 'reports.showEntries', message: '{name}: show its entries' },
  hours: /*i18n*/ { id: 'reports.hours', message: 'Hours' },
  billableHours: /*i18n*/ { id: 'reports.billableHours', message: 'Billable hours' },
  billableAmount: /*i18n*/ { id: 'reports.billableAmount', message: 'Billable amount' },
  total: /*i18n*/ { id: 'reports.total', message: 'Total' },
  date: /*i18n*/ { id: 'reports.date', message: 'Date' },
  billable: /*i18n*/ { id: 'reports.billable', message: 'Billable' },
  note: /*i18n*/ { id: 'reports.note', message: 'Note' },
  amount: /*i18n*/ { id: 'reports.amount', message: 'Amount' },
  yes: /*i18n*/ { id: 'reports.yes', message: 'Yes' },
  no: /*i18n*/ { id: 'reports.no', message: 'No' },
  entriesTable: /*i18n*/ { id: 'reports.entriesTable', message: 'Time entries' },
  noEntries: /*i18n*/ { id: 'reports.noEntries', message: 'No time logged here in this range.' },
  noTimeFiltered: /*i18n*/ { id: 'reports.noTimeFiltered', message: 'No time matches these filters in this range.' },
  entriesTruncated: /*i18n*/ { id: 'reports.entriesTruncated', message: 'Showing the first {count} entries.' },
} as const;

// CSV exports (issue 15, beyond the spec): which columns each export has, and the one rule every
// cell follows. Pure: the server streams the rows, the web only links to the export.
import { actionLabel, activityActorName, detailLabel, detailsAsShown, listActivitiesQuerySchema, type ActivityEntry } from './activity';
import { listClientsQuerySchema, type Client } from './clients';
import { PROJECT_STATUS_LABELS } from './project-status';
// Named here too for the server; the web's export link reads them from csv-export-rules.ts (decision 013).
export { EXPORT_MESSAGES } from './csv-export-rules';
import { listProjectsQuerySchema, type ProjectCard } from './projects';
import { hoursValue, moneyInputValue } from './budgets';
import { TIME_REPORT_TEXTS, timeReportRowLabel, type TimeReportGroup, type TimeReportRow } from './time-reports';

/** One column: its header and how a row becomes the cell. */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | null };

/**
 * A spreadsheet runs a cell that starts with `=` or `@` (and tab or carriage return, which some
 * strip first) as a formula: "=HYPERLINK(...)" in a client's name would run on the agency's
 * machine. Such a cell gets a leading apostrophe, which spreadsheets show as text. A leading `+`
 * or `-` starts a formula only when a formula follows: a phone number ('+1 555 0100',
 * '+1 (555) 010-0100') or a negative amount ('-12.5') holds nothing but digits and phone
 * punctuation, which can name no function, reference, string or other program, so it is left as
 * typed (issue 27); anything else after the sign ('+1+1', '-cmd|...', '+A1') is neutralised.
 */
export function neutralizeFormula(cell: string): string {
  if (/^[=@\t\r]/.test(cell)) return `'${cell}`;
  if (/^[+-]/.test(cell) && !/^[+-][\d(][\d ().-]*$/.test(cell)) return `'${cell}`;
  return cell;
}

/** Timestamps are exported as stored, in UTC (ISO 8601 with Z); the header says so. */
const UTC = ' (UTC)';

export const PROJECT_EXPORT_COLUMNS: CsvColumn<ProjectCard>[] = [
  { header: 'Name', value: (p) => p.name },
  { header: 'Client', value: (p) => p.clientName },
  { header: 'Status', value: (p) => PROJECT_STATUS_LABELS[p.status] },
  { header: 'Due Date', value: (p) => p.dueDate },
  { header: 'Owner', value: (p) => p.ownerName },
  { header: 'Description', value: (p) => p.description },
  { header: `Created At${UTC}`, value: (p) => p.createdAt },
];

export const CLIENT_EXPORT_COLUMNS: CsvColumn<Client>[] = [
  { header: 'Name', value: (c) => c.name },
  { header: 'Contact Name', value: (c) => c.contactName },
  { header: 'Contact Email', value: (c) => c.contactEmail },
  { header: 'Contact Phone', value: (c) => c.contactPhone },
  { header: 'Website', value: (c) => c.website },
  { header: 'Description', value: (c) => c.description },
  { header: 'Owner', value: (c) => c.ownerName },
  { header: `Created At${UTC}`, value: (c) => c.createdAt },
];

export const ACTIVITY_EXPORT_COLUMNS: CsvColumn<ActivityEntry>[] = [
  { header: `Time${UTC}`, value: (a) => a.createdAt },
  { header: 'User', value: (a) => activityActorName(a) },
  { header: 'Email', value: (a) => a.user?.email ?? null },
  { header: 'Action', value: (a) => actionLabel(a.action) },
  { header: 'Project', value: (a) => a.projectName },
  { header: 'Details', value: (a) => detailsCell(a.details) },
];

/** 'File name: brief.pdf; File size: 2048': every detail but ids, values as stored (ISO dates). */
function detailsCell(details: Record<string, unknown> | null): string | null {
  const parts = Object.entries(detailsAsShown(details) ?? {})
    .filter(([key, value]) => !/(^|_)id$/i.test(key) && !/[a-z]Id$/.test(key) && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${detailLabel(key)}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.length ? parts.join('; ') : null;
}

/** The cells of one row, in column order, neutralised; an absent value is an empty cell. */
export function csvCells<Row>(columns: CsvColumn<Row>[], row: Row): string[] {
  return columns.map((column) => neutralizeFormula(column.value(row) ?? ''));
}

/** `projects-2026-11-22.csv` */
export function exportFileName(list: 'projects' | 'clients' | 'activity' | 'time-report', today: string): string {
  return `${list}-${today}.csv`;
}

/** Rows read per database round trip while an export streams. */
export const EXPORT_PAGE_SIZE = 500;

/** An export takes the list's own search and filter; it has no cursor or page size of its own. */
export const exportProjectsQuerySchema = listProjectsQuerySchema.pick({ search: true, status: true });
export const exportClientsQuerySchema = listClientsQuerySchema.pick({ search: true });
export const exportActivitiesQuerySchema = listActivitiesQuerySchema.pick({ search: true, action: true });

/**
 * Issue 32: the time report as the screen shows it: hours to two decimals, amounts in the
 * currency's plain decimal form (no symbol or grouping, so a spreadsheet reads them as numbers).
 */
export function timeReportColumns(groupBy: TimeReportGroup, currency: string): CsvColumn<TimeReportRow>[] {
  const hours = (minutes: number) => hoursValue(minutes);
  // Unpriced time (null) stays 0.00 here, as documented: a spreadsheet sums numbers, not words.
  const money = (minor: number | null) => moneyInputValue(minor ?? 0, currency);
  // The headers in English (.message): the CSV's words are not translated yet (issue 48).
  return [
    { header: TIME_REPORT_TEXTS.groups[groupBy].message, value: (r) => timeReportRowLabel(r, groupBy) },
    ...(groupBy === 'task' ? [{ header: TIME_REPORT_TEXTS.project.message, value: (r: TimeReportRow) => r.projectName }] : []),
    ...(groupBy === 'project' || groupBy === 'task' ? [{ header: TIME_REPORT_TEXTS.client.message, value: (r: TimeReportRow) => r.clientName }] : []),
    { header: TIME_REPORT_TEXTS.billableHours.message, value: (r) => hours(r.billableMinutes) },
    { header: TIME_REPORT_TEXTS.nonBillableHours.message, value: (r) => hours(r.nonBillableMinutes) },
    { header: TIME_REPORT_TEXTS.totalHours.message, value: (r) => hours(r.billableMinutes + r.nonBillableMinutes) },
    { header: `${TIME_REPORT_TEXTS.billableAmount.message} (${currency})`, value: (r) => money(r.billableMinor) },
    { header: `${TIME_REPORT_TEXTS.nonBillableAmount.message} (${currency})`, value: (r) => money(r.nonBillableMinor) },
    { header: `${TIME_REPORT_TEXTS.totalAmount.message} (${currency})`, value: (r) => money((r.billableMinor ?? 0) + (r.nonBillableMinor ?? 0)) },
  ];
}

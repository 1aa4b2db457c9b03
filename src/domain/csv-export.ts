// CSV exports (issue 15, beyond the spec): which columns each export has, and the one rule every
// cell follows. Pure: the server streams the rows, the web only links to the export.
import { actionLabel, activityActorName, detailLabel, detailsAsShown, listActivitiesQuerySchema, type ActivityEntry } from './activity';
import { listClientsQuerySchema, type Client } from './clients';
import type { Text } from './locales';
import { PROJECT_STATUS_LABELS } from './project-status';
// Named here too for the server; the web's export link reads them from csv-export-rules.ts (decision 013).
export { EXPORT_MESSAGES } from './csv-export-rules';
import { listProjectsQuerySchema, type ProjectCard } from './projects';
import { hoursValue, moneyInputValue } from './budgets';
import { TIME_REPORT_TEXTS, timeReportRowLabel, type TimeReportGroup, type TimeReportRow } from './time-reports';

/**
 * One column: its header and how a row becomes the cell. The header is a text, written in the
 * language of whoever downloads the file (issue 48); words already written (the time report's,
 * still English) pass as they are. The cells are data and stay as stored.
 */
export type CsvColumn<Row> = { header: Text | string; value: (row: Row) => string | null };

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

/**
 * The exports' header row. Timestamps are exported as stored, in UTC (ISO 8601 with Z); their
 * headers say so.
 */
export const EXPORT_HEADERS = {
  name: /*i18n*/ { id: 'domain.csv-export.name', message: 'Name' },
  client: /*i18n*/ { id: 'domain.csv-export.client', message: 'Client' },
  status: /*i18n*/ { id: 'domain.csv-export.status', message: 'Status' },
  dueDate: /*i18n*/ { id: 'domain.csv-export.dueDate', message: 'Due Date' },
  owner: /*i18n*/ { id: 'domain.csv-export.owner', message: 'Owner' },
  description: /*i18n*/ { id: 'domain.csv-export.description', message: 'Description' },
  createdAt: /*i18n*/ { id: 'domain.csv-export.createdAt', message: 'Created At (UTC)' },
  contactName: /*i18n*/ { id: 'domain.csv-export.contactName', message: 'Contact Name' },
  contactEmail: /*i18n*/ { id: 'domain.csv-export.contactEmail', message: 'Contact Email' },
  contactPhone: /*i18n*/ { id: 'domain.csv-export.contactPhone', message: 'Contact Phone' },
  website: /*i18n*/ { id: 'domain.csv-export.website', message: 'Website' },
  time: /*i18n*/ { id: 'domain.csv-export.time', message: 'Time (UTC)' },
  user: /*i18n*/ { id: 'domain.csv-export.user', message: 'User' },
  email: /*i18n*/ { id: 'domain.csv-export.email', message: 'Email' },
  action: /*i18n*/ { id: 'domain.csv-export.action', message: 'Action' },
  project: /*i18n*/ { id: 'domain.csv-export.project', message: 'Project' },
  details: /*i18n*/ { id: 'domain.csv-export.details', message: 'Details' },
} as const;

const H = EXPORT_HEADERS;

export const PROJECT_EXPORT_COLUMNS: CsvColumn<ProjectCard>[] = [
  { header: H.name, value: (p) => p.name },
  { header: H.client, value: (p) => p.clientName },
  // A cell is data: the status as the spec's English names it, in every language.
  { header: H.status, value: (p) => PROJECT_STATUS_LABELS[p.status].message },
  { header: H.dueDate, value: (p) => p.dueDate },
  { header: H.owner, value: (p) => p.ownerName },
  { header: H.description, value: (p) => p.description },
  { header: H.createdAt, value: (p) => p.createdAt },
];

export const CLIENT_EXPORT_COLUMNS: CsvColumn<Client>[] = [
  { header: H.name, value: (c) => c.name },
  { header: H.contactName, value: (c) => c.contactName },
  { header: H.contactEmail, value: (c) => c.contactEmail },
  { header: H.contactPhone, value: (c) => c.contactPhone },
  { header: H.website, value: (c) => c.website },
  { header: H.description, value: (c) => c.description },
  { header: H.owner, value: (c) => c.ownerName },
  { header: H.createdAt, value: (c) => c.createdAt },
];

export const ACTIVITY_EXPORT_COLUMNS: CsvColumn<ActivityEntry>[] = [
  { header: H.time, value: (a) => a.createdAt },
  { header: H.user, value: (a) => activityActorName(a) },
  { header: H.email, value: (a) => a.user?.email ?? null },
  { header: H.action, value: (a) => actionLabel(a.action) },
  { header: H.project, value: (a) => a.projectName },
  { header: H.details, value: (a) => detailsCell(a.details) },
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

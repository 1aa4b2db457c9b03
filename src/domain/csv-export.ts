// CSV exports (issue 15, beyond the spec): which columns each export has, and the one rule every
// cell follows. Pure: the server streams the rows, the web only links to the export.
import { ACTIVITY_MESSAGES, actionLabel, activityActorName, detailCodeLabel, detailLabel, detailsAsShown, inEnglish, listActivitiesQuerySchema, type ActivityEntry, type Say } from './activity';
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
 * still English) pass as they are. A cell is data, as stored, unless it holds our words: those
 * `say` writes in the same language (the activity log's actions, who did it, its details).
 */
export type CsvColumn<Row> = { header: Text | string; value: (row: Row, say: Say) => string | null };

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

/** Issue 48: the action, who did it and the details in the downloader's language, as the Activities tab says them. */
export const ACTIVITY_EXPORT_COLUMNS: CsvColumn<ActivityEntry>[] = [
  { header: H.time, value: (a) => a.createdAt },
  { header: H.user, value: (a, say) => activityActorName(a, say) },
  { header: H.email, value: (a) => a.user?.email ?? null },
  { header: H.action, value: (a, say) => actionLabel(a.action, say) },
  { header: H.project, value: (a) => a.projectName },
  { header: H.details, value: (a, say) => detailsCell(a.details, say) },
];

/**
 * 'File name: brief.pdf; File size: 2048': every detail but ids, labelled by `say`. A stored code
 * (a role, a status, a setting's value) and yes or no are said as the Activities tab says them;
 * names, numbers and dates stay as stored (ISO dates, bytes), which a spreadsheet reads.
 */
function detailsCell(details: Record<string, unknown> | null, say: Say): string | null {
  const parts = Object.entries(detailsAsShown(details, say) ?? {})
    .filter(([key, value]) => !/(^|_)id$/i.test(key) && !/[a-z]Id$/.test(key) && value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${detailLabel(key, say)}: ${detailCell(key, value, say)}`);
  return parts.length ? parts.join('; ') : null;
}

function detailCell(key: string, value: unknown, say: Say): string {
  if (typeof value === 'boolean') return say(value ? ACTIVITY_MESSAGES.yes : ACTIVITY_MESSAGES.no);
  if (typeof value === 'string') return detailCodeLabel(key, value, say) ?? value;
  return JSON.stringify(value);
}

/**
 * The cells of one row, in column order, neutralised; an absent value is an empty cell. `say`
 * writes the cells that hold our words: the downloader's language (English by default).
 */
export function csvCells<Row>(columns: CsvColumn<Row>[], row: Row, say: Say = inEnglish): string[] {
  return columns.map((column) => neutralizeFormula(column.value(row, say) ?? ''));
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

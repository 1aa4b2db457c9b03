import { useQuery } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { sumPricedMinor } from '@/domain/budgets';
import { formatMoney } from '@/web/lib/format-number';
import { formatMinutes } from '@/domain/time-entry-rules';
import {
  NO_TASK,
  TIME_REPORT_BILLABLE,
  TIME_REPORT_GROUPS,
  TIME_REPORT_TEXTS,
  type TimeReport,
  type TimeReportEntries,
  type TimeReportGroup,
  type TimeReportRow,
  type TimeReportScope,
} from '@/domain/time-reports';
import { ExportCsvLink } from '@/web/components/export-csv-link';
import { NoRateSet } from '@/web/components/no-rate-set';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/class-names';
import { formatDate } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { lazyComponent } from '@/web/lib/lazy-component';
import { timeReportEntriesQuery, timeReportExportUrl, timeReportFilterOptionsQuery, timeReportQuery, timeReportWeeksQuery, type DateRange, type TimeReportRequest } from '../api';
import type { ReportDrill, useReportPageState } from '../report-page-state';
import { REPORTS_TEXTS } from '../texts';

// The chart's code downloads only when a report with hours shows it.
const HoursPerWeekChart = lazyComponent(async () => (await import('./hours-per-week-chart')).HoursPerWeekChart);

type Page = ReturnType<typeof useReportPageState>;
/** Where the drill-down is: a grouping's rows, or a task's entries. */
type Level = TimeReportGroup | 'entries';

/**
 * Issue 32 item 4: time by client, project, member or task, billable and not, hours and money.
 * Issue 49 item 15: of the page's date range, narrowed by the filters, and drilled down as
 * Harvest's is: client → project → task → entries, with a breadcrumb back up.
 */
export function TimeReportSection({ page, range }: { page: Page; range: DateRange }) {
  const t = useT('reports', 'domain');
  const { filters, groupBy, drill } = page.state;
  const level: Level = drill.taskId ? 'entries' : drill.projectId ? 'task' : drill.clientId ? 'project' : groupBy;
  // A step of the drill-down narrows as a filter does; the filter holds where no step is taken.
  const narrowed = { clientId: drill.clientId ?? filters.clientId, projectId: drill.projectId ?? filters.projectId, memberId: filters.memberId, billable: filters.billable };
  const query: TimeReportRequest = { ...range, groupBy: level === 'entries' ? 'task' : level, ...narrowed };
  const report = useQuery({ ...timeReportQuery(query), enabled: level !== 'entries' });
  const entries = useQuery({ ...timeReportEntriesQuery({ ...range, ...narrowed, taskId: drill.taskId }), enabled: level === 'entries' });
  const weeks = useQuery(timeReportWeeksQuery({ ...range, ...narrowed }));
  const shown = level === 'entries' ? entries : report;
  const scope = shown.data && !shown.isPlaceholderData ? shown.data.scope : null;
  const drilled = Boolean(drill.clientId || drill.projectId || drill.taskId);
  const filtered = Boolean(filters.clientId || filters.projectId || filters.memberId || filters.billable !== 'all');

  return (
    <Card aria-labelledby="time-report-title">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle id="time-report-title">{t(TIME_REPORT_TEXTS.title)}</CardTitle>
          <CardDescription>{t(TIME_REPORT_TEXTS.subtitle)}</CardDescription>
        </div>
        {level === 'entries' ? null : <ExportCsvLink href={timeReportExportUrl(query)} />}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        <ReportFilters page={page} />
        {drilled ? <Breadcrumb page={page} scope={scope} loading={shown.isFetching} /> : null}

        {shown.isPending ? (
          <Skeleton className="h-40" aria-label={t(REPORTS_TEXTS.loadingTimeReport)} data-testid="time-report-skeleton" />
        ) : shown.isError ? (
          // Never an empty table for a report that failed to load.
          <LoadErrorPanel title={t(TIME_REPORT_TEXTS.loadFailed)} error={shown.error} onRetry={() => void shown.refetch()} />
        ) : (
          <>
            {/* Issue 49 item 3: a chart that failed to load is not a range without weeks. */}
            {weeks.isError ? <LoadErrorPanel compact title={t(TIME_REPORT_TEXTS.chartLoadFailed)} error={weeks.error} onRetry={() => void weeks.refetch()} /> : null}
            {weeks.data && weeks.data.weeks.length ? (
              <Suspense fallback={<Skeleton className="h-48" aria-label={t(TIME_REPORT_TEXTS.chartLoading)} />}>
                <HoursPerWeekChart weeks={weeks.data.weeks} />
              </Suspense>
            ) : null}
            {level === 'entries' && entries.data ? (
              <EntriesTable report={entries.data} updating={entries.isPlaceholderData} />
            ) : level !== 'entries' && report.data ? (
              report.data.rows.length === 0 ? (
                <p className="text-sm text-muted-foreground">{filtered || drilled ? t(REPORTS_TEXTS.noTimeFiltered) : t(TIME_REPORT_TEXTS.noTime)}</p>
              ) : (
                <GroupTable
                  report={report.data}
                  level={level}
                  updating={report.isPlaceholderData}
                  // Time on no task opens only where its project is known.
                  open={(row) => nextStep(level, row, drill, narrowed.projectId)}
                  onOpen={page.drillTo}
                />
              )
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The step a row opens, or null where the drill-down ends (members) or cannot go on. */
function nextStep(level: TimeReportGroup, row: TimeReportRow, drill: ReportDrill, projectId: string | undefined): ReportDrill | null {
  switch (level) {
    case 'client':
      return row.key ? { clientId: row.key } : null;
    case 'project':
      return row.key ? { clientId: drill.clientId, projectId: row.key } : null;
    case 'task':
      return row.key || projectId ? { ...drill, taskId: row.key ?? NO_TASK } : null;
    case 'member':
      return null;
  }
}

function ReportFilters({ page }: { page: Page }) {
  const t = useT('reports');
  const options = useQuery(timeReportFilterOptionsQuery);
  const { filters, groupBy } = page.state;
  const projects = (options.data?.projects ?? []).filter((p) => !filters.clientId || p.clientId === filters.clientId);
  const loading = options.isPending;
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="sr-only">{t(REPORTS_TEXTS.filters)}</legend>
      <div className="grid min-w-0 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <FormField label={t(REPORTS_TEXTS.client)} className="min-w-0">
          <NativeSelect value={filters.clientId ?? ''} disabled={loading} onChange={(e) => page.setFilter('client', e.target.value || undefined)}>
            <option value="">{t(REPORTS_TEXTS.allClients)}</option>
            {options.data?.clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t(REPORTS_TEXTS.project)} className="min-w-0">
          <NativeSelect value={filters.projectId ?? ''} disabled={loading} onChange={(e) => page.setFilter('project', e.target.value || undefined)}>
            <option value="">{t(REPORTS_TEXTS.allProjects)}</option>
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t(REPORTS_TEXTS.member)} className="min-w-0">
          <NativeSelect value={filters.memberId ?? ''} disabled={loading} onChange={(e) => page.setFilter('member', e.target.value || undefined)}>
            <option value="">{t(REPORTS_TEXTS.allMembers)}</option>
            {options.data?.members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t(REPORTS_TEXTS.billableFilter)} className="min-w-0">
          <NativeSelect value={filters.billable} onChange={(e) => page.setFilter('billable', e.target.value)}>
            {TIME_REPORT_BILLABLE.map((value) => (
              <option key={value} value={value}>
                {t(REPORTS_TEXTS.billableChoices[value])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t(REPORTS_TEXTS.groupBy)} className="min-w-0">
          <NativeSelect value={groupBy} onChange={(e) => page.setFilter('by', e.target.value)}>
            {TIME_REPORT_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(GROUP_NAMES[g])}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      {/* Issue 49 item 3: the lists failed, not the organization has none. */}
      {options.isError ? <LoadErrorPanel compact title={t(REPORTS_TEXTS.filtersLoadFailed)} error={options.error} onRetry={() => void options.refetch()} /> : null}
    </fieldset>
  );
}

const GROUP_NAMES = { client: REPORTS_TEXTS.client, project: REPORTS_TEXTS.project, member: REPORTS_TEXTS.member, task: REPORTS_TEXTS.task } as const;
const ALL_OF = { client: REPORTS_TEXTS.allClients, project: REPORTS_TEXTS.allProjects, member: REPORTS_TEXTS.allMembers, task: REPORTS_TEXTS.allTasks } as const;

/** All clients › Acme › Website › Design: each step but the last goes back up to it. */
function Breadcrumb({ page, scope, loading }: { page: Page; scope: TimeReportScope | null; loading: boolean }) {
  const t = useT('reports');
  const { drill, groupBy } = page.state;
  const name = (value: string | null | undefined) => value ?? (loading ? '…' : t(REPORTS_TEXTS.unknownStep));
  const steps: { label: string; to: ReportDrill }[] = [{ label: t(ALL_OF[groupBy]), to: {} }];
  if (drill.clientId) steps.push({ label: name(scope?.clientName), to: { clientId: drill.clientId } });
  if (drill.projectId) steps.push({ label: name(scope?.projectName), to: { clientId: drill.clientId, projectId: drill.projectId } });
  if (drill.taskId) steps.push({ label: drill.taskId === NO_TASK ? t(REPORTS_TEXTS.noTask) : name(scope?.taskTitle), to: drill });
  return (
    <nav aria-label={t(REPORTS_TEXTS.breadcrumb)}>
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {steps.map((step, i) => {
          const last = i === steps.length - 1;
          return (
            <li key={i} className="flex min-w-0 items-center gap-1">
              {i > 0 ? <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden /> : null}
              {last ? (
                <span aria-current="page" className="font-medium break-words">
                  {step.label}
                </span>
              ) : (
                <button type="button" className="rounded text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none" onClick={() => page.drillTo(step.to)}>
                  {step.label}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The table's frame: a named region a keyboard reaches (tabIndex 0) and scrolls with the arrow
 * keys should it be wider than the screen (issue 49 item 16, axe's scrollable-region-focusable).
 */
function TableFrame({ label, updating, children }: { label: string; updating: boolean; children: ReactNode }) {
  return (
    <div
      className={cn('overflow-x-auto rounded-md outline-none transition-opacity focus-visible:ring-2 focus-visible:ring-ring', updating && 'opacity-60')}
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-busy={updating}
    >
      {children}
    </div>
  );
}

// A member's row opens nothing (nextStep): its entry here is never shown.
const OPEN_LABEL = { client: REPORTS_TEXTS.showProjects, project: REPORTS_TEXTS.showTasks, task: REPORTS_TEXTS.showEntries, member: REPORTS_TEXTS.showEntries } as const;

/** A grouping's rows with hours, billable hours and billable money; a row's name opens its next step. */
function GroupTable({
  report,
  level,
  updating,
  open,
  onOpen,
}: {
  report: TimeReport;
  level: TimeReportGroup;
  updating: boolean;
  open: (row: TimeReportRow) => ReportDrill | null;
  onOpen: (drill: ReportDrill) => void;
}) {
  const t = useT('reports', 'domain');
  const money = (minor: number | null) => (minor === null ? <NoRateSet /> : formatMoney(minor, report.currency));
  const totals = report.totals;
  const label = (row: TimeReportRow) => (level === 'task' && row.key === null ? t(REPORTS_TEXTS.noTask) : row.label);
  return (
    // Four columns fit 375 px: the page never scrolls sideways (issue 49 item 15).
    <TableFrame label={t(REPORTS_TEXTS.timeTable[level])} updating={updating}>
      {report.truncated ? <p className="mb-2 text-xs text-muted-foreground">{t(TIME_REPORT_TEXTS.truncated, { n: report.rows.length })}</p> : null}
      <table className="w-full text-sm" data-testid="time-report-table">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t(GROUP_NAMES[level])}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t(REPORTS_TEXTS.hours)}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t(REPORTS_TEXTS.billableHours)}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t(REPORTS_TEXTS.billableAmount)}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row, i) => {
            const step = open(row);
            const context = [row.projectName, row.clientName].filter(Boolean).join(' · ');
            return (
              <tr key={`${row.key}-${row.projectName}-${i}`} className="border-b last:border-0" data-testid="time-report-row">
                <th scope="row" className="py-2 pr-3 text-left align-top font-medium break-words">
                  {step ? (
                    <button
                      type="button"
                      className="inline-flex max-w-full items-center gap-1 rounded text-left text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                      aria-label={t(OPEN_LABEL[level], { name: label(row) })}
                      onClick={() => onOpen(step)}
                    >
                      <span className="min-w-0 break-words">{label(row)}</span>
                      <ChevronRight className="size-4 shrink-0" aria-hidden />
                    </button>
                  ) : (
                    label(row)
                  )}
                  {context ? <span className="block text-xs font-normal text-muted-foreground">{context}</span> : null}
                </th>
                <td className="py-2 pr-3 text-right align-top tabular-nums">{formatMinutes(row.billableMinutes + row.nonBillableMinutes)}</td>
                <td className="py-2 pr-3 text-right align-top tabular-nums">{formatMinutes(row.billableMinutes)}</td>
                <td className="py-2 text-right align-top tabular-nums">{money(row.billableMinor)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="border-t font-semibold">
            <th scope="row" className="py-2 pr-3 text-left">
              {t(REPORTS_TEXTS.total)}
            </th>
            <td className="py-2 pr-3 text-right tabular-nums">{formatMinutes(totals.billableMinutes + totals.nonBillableMinutes)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{formatMinutes(totals.billableMinutes)}</td>
            <td className="py-2 text-right tabular-nums">{money(totals.billableMinor)}</td>
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}

/** The drill-down's last step: each entry's date, member, hours, billable flag, note and money. */
function EntriesTable({ report, updating }: { report: TimeReportEntries; updating: boolean }) {
  const t = useT('reports', 'domain');
  const money = (minor: number | null) => (minor === null ? <NoRateSet /> : formatMoney(minor, report.currency));
  const totals = report.totals;
  if (report.entries.length === 0) return <p className="text-sm text-muted-foreground">{t(REPORTS_TEXTS.noEntries)}</p>;
  return (
    // At 375 px the member and the note go under the date, so four columns fit and the page never
    // scrolls sideways; wider screens give each its column.
    <TableFrame label={t(REPORTS_TEXTS.entriesTable)} updating={updating}>
      {report.truncated ? <p className="mb-2 text-xs text-muted-foreground">{t(REPORTS_TEXTS.entriesTruncated, { count: report.entries.length })}</p> : null}
      <table className="w-full text-sm" data-testid="time-entries-table">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t(REPORTS_TEXTS.date)}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
              {t(REPORTS_TEXTS.member)}
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              {t(REPORTS_TEXTS.hours)}
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              {t(REPORTS_TEXTS.billable)}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
              {t(REPORTS_TEXTS.note)}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t(REPORTS_TEXTS.amount)}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.entries.map((entry) => (
            <tr key={entry.id} className="border-b last:border-0" data-testid="time-entry-row">
              <th scope="row" className="py-2 pr-3 text-left align-top font-medium">
                <span className="whitespace-nowrap">{formatDate(entry.workDate)}</span>
                <span className="block text-xs font-normal text-muted-foreground sm:hidden">{entry.memberName}</span>
                {entry.note ? <span className="block text-xs font-normal break-words whitespace-pre-line sm:hidden">{entry.note}</span> : null}
              </th>
              <td className="hidden py-2 pr-3 align-top sm:table-cell">{entry.memberName}</td>
              <td className="py-2 pr-3 text-right align-top tabular-nums">{formatMinutes(entry.minutes)}</td>
              <td className="py-2 pr-3 align-top">{t(entry.billable ? REPORTS_TEXTS.yes : REPORTS_TEXTS.no)}</td>
              <td className="hidden py-2 pr-3 align-top break-words whitespace-pre-line sm:table-cell">{entry.note}</td>
              <td className="py-2 text-right align-top tabular-nums">{money(entry.amountMinor)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-semibold">
            <th scope="row" className="py-2 pr-3 text-left">
              {t(REPORTS_TEXTS.total)}
            </th>
            <td className="hidden sm:table-cell" />
            <td className="py-2 pr-3 text-right tabular-nums">{formatMinutes(totals.billableMinutes + totals.nonBillableMinutes)}</td>
            <td />
            <td className="hidden sm:table-cell" />
            <td className="py-2 text-right tabular-nums">{money(
                sumPricedMinor([
                  { minutes: totals.billableMinutes, minor: totals.billableMinor },
                  { minutes: totals.nonBillableMinutes, minor: totals.nonBillableMinor },
                ]),
              )}</td>
          </tr>
        </tfoot>
      </table>
    </TableFrame>
  );
}

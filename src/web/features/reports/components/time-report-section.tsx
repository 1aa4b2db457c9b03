import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns/format';
import { startOfYear } from 'date-fns/startOfYear';
import { Suspense, useState } from 'react';
import { formatMoney, hoursValue } from '@/domain/budgets';
import { TIME_REPORT_GROUPS, TIME_REPORT_TEXTS, timeReportRangeSchema, timeReportRowLabel, type TimeReportGroup, type TimeReport } from '@/domain/time-reports';
import { ExportCsvLink } from '@/web/components/export-csv-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/class-names';
import { useT } from '@/web/lib/i18n';
import { lazyComponent } from '@/web/lib/lazy-component';
import { timeReportExportUrl, timeReportQuery, timeReportWeeksQuery } from '../api';
import { REPORTS_TEXTS } from '../texts';

// The chart's code downloads only when a report with hours shows it.
const HoursPerWeekChart = lazyComponent(async () => (await import('./hours-per-week-chart')).HoursPerWeekChart);

/** Issue 32 item 4: time by client, project, member or task, billable and not, hours and money. */
export function TimeReportSection({ today }: { today: Date }) {
  const [from, setFrom] = useState(() => format(startOfYear(today), 'yyyy-MM-dd'));
  const [to, setTo] = useState(() => format(today, 'yyyy-MM-dd'));
  const [groupBy, setGroupBy] = useState<TimeReportGroup>('client');
  const range = timeReportRangeSchema.safeParse({ from, to });
  const rangeError = range.success ? undefined : range.error.issues[0]?.message;
  const query = { from, to, groupBy };
  const report = useQuery({ ...timeReportQuery(query), enabled: range.success });
  const weeks = useQuery({ ...timeReportWeeksQuery({ from, to }), enabled: range.success });

  return (
    <Card aria-labelledby="time-report-title">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle id="time-report-title">{TIME_REPORT_TEXTS.title}</CardTitle>
          <CardDescription>{TIME_REPORT_TEXTS.subtitle}</CardDescription>
        </div>
        {range.success ? <ExportCsvLink href={timeReportExportUrl(query)} /> : null}
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label={TIME_REPORT_TEXTS.from}>
            <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </FormField>
          <FormField label={TIME_REPORT_TEXTS.to} error={rangeError}>
            <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </FormField>
          <FormField label={TIME_REPORT_TEXTS.groupBy}>
            <Select value={groupBy} onValueChange={(value) => setGroupBy(value as TimeReportGroup)}>
              <SelectTrigger aria-label={TIME_REPORT_TEXTS.groupBy}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TIME_REPORT_GROUPS.map((g) => (
                  <SelectItem key={g} value={g}>
                    {TIME_REPORT_TEXTS.groups[g]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FormField>
        </div>

        {!range.success ? null : report.isPending ? (
          <Skeleton className="h-40" />
        ) : report.isError ? (
          <LoadErrorPanel title={TIME_REPORT_TEXTS.loadFailed} error={report.error} onRetry={() => void report.refetch()} />
        ) : report.data.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TIME_REPORT_TEXTS.noTime}</p>
        ) : (
          <>
            {/* Issue 49 item 3: a chart that failed to load is not a range without weeks. */}
            {weeks.isError ? <LoadErrorPanel compact title={TIME_REPORT_TEXTS.chartLoadFailed} error={weeks.error} onRetry={() => void weeks.refetch()} /> : null}
            {weeks.data && weeks.data.weeks.length ? (
              <Suspense fallback={<Skeleton className="h-48" aria-label={TIME_REPORT_TEXTS.chartLoading} />}>
                <HoursPerWeekChart weeks={weeks.data.weeks} />
              </Suspense>
            ) : null}
            <TimeReportTable report={report.data} updating={report.isPlaceholderData} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TimeReportTable({ report, updating }: { report: TimeReport; updating: boolean }) {
  const t = useT('reports');
  const money = (minor: number) => formatMoney(minor, report.currency);
  const withProject = report.groupBy === 'task';
  const withClient = report.groupBy === 'project' || report.groupBy === 'task';
  const totals = report.totals;
  return (
    // At 375 px the table scrolls sideways: its scroller is a named region a keyboard can reach and
    // scroll with the arrow keys (issue 49 item 16, axe's scrollable-region-focusable), as the
    // timesheet's week is.
    <div
      className={cn('overflow-x-auto rounded-md outline-none transition-opacity focus-visible:ring-2 focus-visible:ring-ring', updating && 'opacity-60')}
      tabIndex={0}
      role="region"
      aria-label={t(REPORTS_TEXTS.timeTable[report.groupBy])}
      aria-busy={updating}
    >
      {report.truncated ? <p className="mb-2 text-xs text-muted-foreground">{TIME_REPORT_TEXTS.truncated(report.rows.length)}</p> : null}
      <table className="w-full min-w-[720px] text-sm" data-testid="time-report-table">
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">{TIME_REPORT_TEXTS.groups[report.groupBy]}</th>
            {withProject ? <th scope="col" className="py-2 pr-3 font-medium">{TIME_REPORT_TEXTS.project}</th> : null}
            {withClient ? <th scope="col" className="py-2 pr-3 font-medium">{TIME_REPORT_TEXTS.client}</th> : null}
            <th scope="col" className="py-2 pr-3 text-right font-medium">{TIME_REPORT_TEXTS.billableHours}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{TIME_REPORT_TEXTS.nonBillableHours}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{TIME_REPORT_TEXTS.totalHours}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{TIME_REPORT_TEXTS.billableAmount}</th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">{TIME_REPORT_TEXTS.nonBillableAmount}</th>
            <th scope="col" className="py-2 text-right font-medium">{TIME_REPORT_TEXTS.totalAmount}</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row, i) => (
            <tr key={`${row.key}-${row.projectName}-${i}`} className="border-b last:border-0" data-testid="time-report-row">
              <th scope="row" className="py-2 pr-3 text-left font-medium">{timeReportRowLabel(row, report.groupBy)}</th>
              {withProject ? <td className="py-2 pr-3">{row.projectName}</td> : null}
              {withClient ? <td className="py-2 pr-3">{row.clientName}</td> : null}
              <td className="py-2 pr-3 text-right tabular-nums">{hoursValue(row.billableMinutes)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{hoursValue(row.nonBillableMinutes)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{hoursValue(row.billableMinutes + row.nonBillableMinutes)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{money(row.billableMinor)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{money(row.nonBillableMinor)}</td>
              <td className="py-2 text-right tabular-nums">{money(row.billableMinor + row.nonBillableMinor)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-semibold">
            <th scope="row" className="py-2 pr-3 text-left" colSpan={1 + (withProject ? 1 : 0) + (withClient ? 1 : 0)}>
              {TIME_REPORT_TEXTS.total}
            </th>
            <td className="py-2 pr-3 text-right tabular-nums">{hoursValue(totals.billableMinutes)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{hoursValue(totals.nonBillableMinutes)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{hoursValue(totals.billableMinutes + totals.nonBillableMinutes)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{money(totals.billableMinor)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{money(totals.nonBillableMinor)}</td>
            <td className="py-2 text-right tabular-nums">{money(totals.billableMinor + totals.nonBillableMinor)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

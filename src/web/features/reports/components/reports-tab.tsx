import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckSquare, FolderKanban, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { REPORT_MESSAGES, type Report } from '@/domain/reports';
import { isAdmin, type Role } from '@/domain/roles';
import { REPORT_RANGE_PRESETS, type ReportRangePreset } from '@/domain/time-reports';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { errorMessage } from '@/web/lib/api-client';
import { cn } from '@/web/lib/class-names';
import { formatDate, todayIso } from '@/web/lib/format-date';
import { formatNumber, formatPercent } from '@/web/lib/format-number';
import { reportQuery, type DateRange } from '../api';
import { useReportPageState } from '../report-page-state';
import { TimeReportSection } from './time-report-section';
import { REPORTS_TEXTS } from '../texts';

/**
 * Spec 2 "Reports tab": the time report first, then the organization's numbers, all of the one
 * date range the page's control sets (issue 49 item 15), kept in the URL.
 */
export function ReportsTab({ role }: { role: Role }) {
  const [today] = useState(todayIso);
  const page = useReportPageState(today);
  const t = useT('domain');

  return (
    <section className="space-y-6" aria-label={t(REPORT_MESSAGES.title)}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 className="text-xl font-semibold">{t(REPORT_MESSAGES.title)}</h2>
          <p className="text-sm text-muted-foreground">{t(isAdmin(role) ? REPORT_MESSAGES.adminSubtitle : REPORT_MESSAGES.staffSubtitle)}</p>
        </div>
        <DateRangeControl page={page} />
      </div>
      {page.state.range ? (
        <>
          <TimeReportSection page={page} range={page.state.range} />
          <Overview range={page.state.range} />
        </>
      ) : null}
    </section>
  );
}

/** The page's one date range: a preset, or custom days from–to. */
function DateRangeControl({ page }: { page: ReturnType<typeof useReportPageState> }) {
  // domain: the range's validation messages (time-reports.ts), which the To field shows.
  const t = useT('reports', 'domain');
  const { preset, typed, rangeError } = page.state;
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
      <FormField label={t(REPORTS_TEXTS.dateRange)} hint={preset === 'custom' ? undefined : t(REPORTS_TEXTS.rangeDays, { from: formatDate(typed.from), to: formatDate(typed.to) })}>
        <NativeSelect value={preset} onChange={(e) => page.setPreset(e.target.value as ReportRangePreset)} className="sm:w-44">
          {REPORT_RANGE_PRESETS.map((value) => (
            <option key={value} value={value}>
              {t(REPORTS_TEXTS.presets[value])}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {preset === 'custom' ? (
        <div className="grid grid-cols-2 gap-3">
          <FormField label={t(REPORTS_TEXTS.from)}>
            <Input type="date" value={typed.from} onChange={(e) => page.setCustom({ from: e.target.value })} />
          </FormField>
          <FormField label={t(REPORTS_TEXTS.to)} error={rangeError}>
            <Input type="date" value={typed.to} onChange={(e) => page.setCustom({ to: e.target.value })} />
          </FormField>
        </div>
      ) : null}
    </div>
  );
}

/** The counts of projects, clients and tasks created in the range (spec 2's cards and bars). */
function Overview({ range }: { range: DateRange }) {
  const t = useT('reports', 'domain');
  const report = useQuery(reportQuery(range));
  return (
    <section className="space-y-4" aria-labelledby="reports-overview-title">
      <h3 id="reports-overview-title" className="text-lg font-semibold">
        {t(REPORTS_TEXTS.overview)}
      </h3>
      {report.isPending ? (
        // Spec 2/9: 8 skeleton placeholders while loading.
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label={t(REPORTS_TEXTS.loadingReports)}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-32 rounded-xl" data-testid="report-skeleton" />
          ))}
        </div>
      ) : report.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-sm">
          <p className="font-medium text-destructive">{t(REPORT_MESSAGES.fetchFailed)}</p>
          <p className="text-muted-foreground">{errorMessage(report.error)}</p>
          <Button variant="outline" size="sm" className="mt-3" loading={report.isFetching} loadingText={t(UI_TEXTS.retrying)} onClick={() => void report.refetch()}>
            {t(UI_TEXTS.retry)}
          </Button>
        </div>
      ) : (
        <ReportBody report={report.data} updating={report.isPlaceholderData} />
      )}
    </section>
  );
}

function ReportBody({ report, updating }: { report: Report; updating: boolean }) {
  const t = useT('reports');
  return (
    <div className={cn('space-y-6 transition-opacity', updating && 'opacity-60')} aria-busy={updating}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title={t(REPORTS_TEXTS.totalProjects)}
          value={report.totalProjects}
          icon={<FolderKanban aria-hidden />}
          tone="bg-sky-50 text-sky-700"
          detail={t(REPORTS_TEXTS.projectsDetail, { active: report.activeProjects, completed: report.completedProjects })}
        />
        <StatCard
          title={t(REPORTS_TEXTS.totalClients)}
          value={report.totalClients}
          icon={<Users aria-hidden />}
          tone="bg-violet-50 text-violet-700"
          detail={t(
            report.range === null ? REPORTS_TEXTS.clientsAddedInRange : report.range === 'all' ? REPORTS_TEXTS.clientsAcrossOrganization : REPORTS_TEXTS.clientsAddedIn[report.range],
          )}
        />
        <StatCard
          title={t(REPORTS_TEXTS.totalTasks)}
          value={report.totalTasks}
          icon={<CheckSquare aria-hidden />}
          tone="bg-emerald-50 text-emerald-700"
          detail={t(report.inProgressTasks ? REPORTS_TEXTS.tasksDetailInProgress : REPORTS_TEXTS.tasksDetail, {
            completed: report.completedTasks,
            pending: report.pendingTasks,
            inProgress: report.inProgressTasks,
          })}
        />
        <StatCard
          title={t(REPORTS_TEXTS.overdueProjects)}
          value={report.overdueProjects}
          icon={<AlertTriangle aria-hidden />}
          tone={report.overdueProjects ? 'bg-red-50 text-red-700' : 'bg-muted text-muted-foreground'}
          valueClassName={report.overdueProjects ? 'text-red-700' : undefined}
          detail={t(report.overdueProjects ? REPORTS_TEXTS.overdueDetail : REPORTS_TEXTS.nothingOverdue)}
        />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <RateCard
          title={t(REPORTS_TEXTS.projectCompletionRate)}
          rate={report.projectCompletionRate}
          detail={t(REPORTS_TEXTS.projectsCompleted, { completed: report.completedProjects, total: report.totalProjects })}
        />
        <RateCard
          title={t(REPORTS_TEXTS.taskCompletionRate)}
          rate={report.taskCompletionRate}
          detail={t(REPORTS_TEXTS.tasksCompleted, { completed: report.completedTasks, total: report.totalTasks })}
        />
      </div>
    </div>
  );
}

type StatCardProps = { title: string; value: number; detail: string; icon: ReactNode; tone: string; valueClassName?: string };

function StatCard({ title, value, detail, icon, tone, valueClassName }: StatCardProps) {
  return (
    <Card className="p-5" role="group" aria-label={title}>
      <div className="flex items-start justify-between gap-3">
        <h4 className="text-sm font-medium text-muted-foreground">{title}</h4>
        <span className={cn('grid size-9 shrink-0 place-items-center rounded-lg [&_svg]:size-5', tone)}>{icon}</span>
      </div>
      <p className={cn('mt-1 text-3xl font-semibold tabular-nums', valueClassName)} data-testid="report-value">
        {formatNumber(value)}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{detail}</p>
    </Card>
  );
}

function RateCard({ title, rate, detail }: { title: string; rate: number; detail: string }) {
  return (
    <Card className="space-y-3 p-5">
      <div className="flex items-baseline justify-between gap-3">
        <h4 className="font-semibold">{title}</h4>
        <span className="text-2xl font-semibold tabular-nums">{formatPercent(rate)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rate}
        aria-valuetext={formatPercent(rate)}
        className="h-2.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${rate}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">{detail}</p>
    </Card>
  );
}

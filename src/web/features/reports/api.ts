import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Report, ReportRange } from '@/domain/reports';
import type { TimeReport, TimeReportGroup, TimeReportWeeks } from '@/domain/time-reports';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import type { LiveRefresh } from '@/web/lib/realtime';

export const reportKeys = {
  all: [QUERY_ROOTS.reports] as const,
  range: (range: ReportRange) => [QUERY_ROOTS.reports, range] as const,
};

/** Live updates: the reports count projects, their tasks and clients. */
const refreshReports = () => [reportKeys.all];
export const reportsLive: LiveRefresh = { project: refreshReports, projects: refreshReports, clients: refreshReports };

export function reportQuery(range: ReportRange) {
  return queryOptions({
    queryKey: reportKeys.range(range),
    queryFn: () => api.get<Report>(`/api/reports?range=${range}`),
    // Opening the tab again shows the cached numbers at once and refreshes them.
    staleTime: 0,
    // Switching the range keeps the previous numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Issue 32: the time report of a range, grouped (staff, like the tab). */
export function timeReportQuery(query: { from: string; to: string; groupBy: TimeReportGroup }) {
  const params = new URLSearchParams(query);
  return queryOptions({
    queryKey: [...reportKeys.all, 'time', query.from, query.to, query.groupBy] as const,
    queryFn: () => api.get<TimeReport>(`/api/reports/time?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function timeReportWeeksQuery(range: { from: string; to: string }) {
  return queryOptions({
    queryKey: [...reportKeys.all, 'time-weeks', range.from, range.to] as const,
    queryFn: () => api.get<TimeReportWeeks>(`/api/reports/time/weeks?${new URLSearchParams(range)}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same report (the shared streamed export). */
export function timeReportExportUrl(query: { from: string; to: string; groupBy: TimeReportGroup }): string {
  return `/api/reports/time/export?${new URLSearchParams(query)}`;
}

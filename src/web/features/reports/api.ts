import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Report } from '@/domain/reports';
import type { TimeReport, TimeReportEntries, TimeReportFilterOptions, TimeReportFilters, TimeReportGroup, TimeReportWeeks } from '@/domain/time-reports';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import type { LiveRefresh } from '@/web/lib/realtime';

export type DateRange = { from: string; to: string };

export const reportKeys = {
  all: [QUERY_ROOTS.reports] as const,
  range: (range: DateRange) => [QUERY_ROOTS.reports, range.from, range.to] as const,
};

/** Live updates: the reports count projects, their tasks and clients. */
const refreshReports = () => [reportKeys.all];
export const reportsLive: LiveRefresh = { project: refreshReports, projects: refreshReports, clients: refreshReports };

/** A query string of the set values only (an unset filter is no parameter, not an empty one). */
function queryString(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  return params.toString();
}

/** The overview's counts, of the page's date range (issue 49 item 15). */
export function reportQuery(range: DateRange) {
  return queryOptions({
    queryKey: reportKeys.range(range),
    queryFn: () => api.get<Report>(`/api/reports?${queryString(range)}`),
    // Opening the tab again shows the cached numbers at once and refreshes them.
    staleTime: 0,
    // Switching the range keeps the previous numbers on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export type TimeReportRequest = DateRange & Omit<TimeReportFilters, 'taskId'> & { groupBy: TimeReportGroup };

/** Issue 32: the time report of a range, grouped (staff, like the tab); issue 49 item 15: filtered. */
export function timeReportQuery(query: TimeReportRequest) {
  const search = queryString(query);
  return queryOptions({
    queryKey: [...reportKeys.all, 'time', search] as const,
    queryFn: () => api.get<TimeReport>(`/api/reports/time?${search}`),
    placeholderData: keepPreviousData,
  });
}

/** Issue 49 item 15: the drill-down's last step, a task's entries. */
export function timeReportEntriesQuery(query: DateRange & TimeReportFilters) {
  const search = queryString(query);
  return queryOptions({
    queryKey: [...reportKeys.all, 'time-entries', search] as const,
    queryFn: () => api.get<TimeReportEntries>(`/api/reports/time/entries?${search}`),
    placeholderData: keepPreviousData,
  });
}

/** What the filters offer; names change rarely, so a minute's cache. */
export const timeReportFilterOptionsQuery = queryOptions({
  queryKey: [...reportKeys.all, 'time-filters'] as const,
  queryFn: () => api.get<TimeReportFilterOptions>('/api/reports/time/filters'),
  staleTime: 60_000,
});

export function timeReportWeeksQuery(query: DateRange & Omit<TimeReportFilters, 'taskId'>) {
  const search = queryString(query);
  return queryOptions({
    queryKey: [...reportKeys.all, 'time-weeks', search] as const,
    queryFn: () => api.get<TimeReportWeeks>(`/api/reports/time/weeks?${search}`),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of the same report (the shared streamed export). */
export function timeReportExportUrl(query: TimeReportRequest): string {
  return `/api/reports/time/export?${queryString(query)}`;
}

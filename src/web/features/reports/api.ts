import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Report, ReportRange } from '@/domain/reports';
import { api } from '@/web/lib/api-client';
import type { LiveRefresh } from '@/web/lib/realtime';

export const reportKeys = {
  all: ['reports'] as const,
  range: (range: ReportRange) => ['reports', range] as const,
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

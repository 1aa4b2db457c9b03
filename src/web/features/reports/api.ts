import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Report, ReportRange } from '@/domain/reports';
import { api } from '@/web/lib/api-client';

export const reportKeys = {
  all: ['reports'] as const,
  range: (range: ReportRange) => ['reports', range] as const,
};

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

import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ActivityFilter, activityPageSchema } from '@/domain/activity';
import { api } from '@/web/lib/api-client';

type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityKeys = {
  all: ['activities'] as const,
  list: (search: string, action: ActivityFilter) => ['activities', 'list', search, action] as const,
};

/** The CSV download of every entry the log shows for this search and action filter. */
export function activityExportUrl(search: string, action: ActivityFilter): string {
  return `/api/activities/export?${new URLSearchParams({ search, action })}`;
}

export function activityListQuery(search: string, action: ActivityFilter) {
  return infiniteQueryOptions({
    queryKey: activityKeys.list(search, action),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ search, action });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<ActivityPage>(`/api/activities?${params}`);
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The log is "what just happened": opening the tab again refreshes it.
    staleTime: 0,
  });
}

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ActivityFilter, activityPageSchema } from '@/domain/activity';
import { RECENT_ACTIVITY_LIMIT } from '@/domain/activity-rules';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import type { LiveRefresh } from '@/web/lib/realtime';

type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityKeys = {
  all: [QUERY_ROOTS.activities] as const,
  list: (search: string, action: ActivityFilter) => [QUERY_ROOTS.activities, 'list', search, action] as const,
  recent: (scope: RecentScope) => [QUERY_ROOTS.activities, 'recent', scope] as const,
};

/** Live updates: every logged action is on one of these topics (server: topicForAction). */
const refreshLog = () => [activityKeys.all];
export const activityLive: LiveRefresh = { project: refreshLog, projects: refreshLog, clients: refreshLog, templates: refreshLog, team: refreshLog };

/** Whose recent entries: one project's, or one member's (by profile id). */
export type RecentScope = { projectId: string } | { userId: string };

/** The latest few entries of a project or a member (issue 14), for a page's Recent Activity. */
export function recentActivityQuery(scope: RecentScope) {
  return queryOptions({
    queryKey: activityKeys.recent(scope),
    queryFn: () => {
      const params = new URLSearchParams({ ...scope, limit: String(RECENT_ACTIVITY_LIMIT) });
      return api.get<ActivityPage>(`/api/activities?${params}`);
    },
    staleTime: 0,
  });
}

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

// The in-app inbox (issue 16; src/domain/inbox.ts).
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxPage } from '@/domain/inbox';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import type { LiveRefresh } from '@/web/lib/realtime';

export const inboxKeys = { all: [QUERY_ROOTS.inbox] as const };

/** Live updates: a notification for this member (the server sends it to them alone). */
export const inboxLive: LiveRefresh = { inbox: () => [inboxKeys.all] };

export const inboxQuery = infiniteQueryOptions({
  queryKey: inboxKeys.all,
  queryFn: ({ pageParam }) => api.get<InboxPage>(`/api/inbox${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
  initialPageParam: '' as string,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { ids: string[] } | { all: true }) => api.post<{ unread: number }>('/api/inbox/read', target),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}

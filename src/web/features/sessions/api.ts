// Settings -> Sessions (issue 31 item 5): where the member is signed in.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberSession } from '@/domain/sessions';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';

const sessionsKey = [QUERY_ROOTS.settings, 'sessions'] as const;

export const sessionsQuery = queryOptions({
  queryKey: sessionsKey,
  queryFn: () => api.get<MemberSession[]>('/api/settings/sessions'),
});

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.delete<void>(`/api/settings/sessions/${encodeURIComponent(sessionId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ended: number }>('/api/settings/sessions/end-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

// Settings -> Calendar feed (issue 30 item 4, decision 023): the member's own feed. The address
// comes only in the create answer; the card keeps it in its state, never in the query cache.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedStatus, CreatedCalendarFeed } from '@/domain/calendar-feed';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';

export const calendarFeedKey = [QUERY_ROOTS.settings, 'calendar'] as const;

export const calendarFeedQuery = queryOptions({
  queryKey: calendarFeedKey,
  queryFn: () => api.get<CalendarFeedStatus>('/api/settings/calendar'),
});

/** Makes the feed, or a new address for it (the old one stops at once). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CreatedCalendarFeed>('/api/settings/calendar'),
    onSuccess: (created) => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, { feed: created.feed }),
  });
}

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/settings/calendar'),
    onSuccess: () => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKey, { feed: null }),
  });
}

// The organization's search (issue 34; src/domain/search.ts).
import { queryOptions } from '@tanstack/react-query';
import type { SearchAnswer } from '@/domain/search';
import { api } from '@/web/lib/api-client';

export const searchKeys = { all: ['search'] as const };

export function searchQuery(query: string) {
  return queryOptions({
    queryKey: [...searchKeys.all, query],
    queryFn: () => api.get<SearchAnswer>(`/api/search?q=${encodeURIComponent(query)}`),
    enabled: query !== '',
    staleTime: 30_000,
  });
}

// The organization's search (issue 34; src/domain/search.ts).
import { queryOptions } from '@tanstack/react-query';
import type { SearchAnswer } from '@/domain/search';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';

export const searchKeys = { all: [QUERY_ROOTS.search] as const };

export function searchQuery(query: string) {
  return queryOptions({
    queryKey: [...searchKeys.all, query],
    queryFn: () => api.get<SearchAnswer>(`/api/search?q=${encodeURIComponent(query)}`),
    enabled: query !== '',
    staleTime: 30_000,
  });
}

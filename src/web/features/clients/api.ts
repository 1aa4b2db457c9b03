import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { clientOptionPageSchema, clientPageSchema, Client, createClientSchema, updateClientSchema } from '@/domain/clients';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { readEveryPage } from '@/web/lib/every-page';
import type { LiveRefresh } from '@/web/lib/realtime';

type ClientPage = z.infer<typeof clientPageSchema>;
type ClientOptionPage = z.infer<typeof clientOptionPageSchema>;

export const clientKeys = {
  all: [QUERY_ROOTS.clients] as const,
  list: (search: string) => [QUERY_ROOTS.clients, 'list', search] as const,
  options: [QUERY_ROOTS.clients, 'options'] as const,
};

/** Live updates: the Clients tab and the client pickers. */
export const clientsLive: LiveRefresh = { clients: () => [clientKeys.all] };

/** The CSV download of every client the list shows for this search. */
export function clientsExportUrl(search: string): string {
  return `/api/clients/export?${new URLSearchParams({ search })}`;
}

export function clientListQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: clientKeys.list(search),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ search });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<ClientPage>(`/api/clients?${params}`);
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Every client's name, for the project forms' select: it reads page after page to the last
 * (issue 36), so a client is never missing from the select however many there are.
 */
export const clientOptionsQuery = queryOptions({
  queryKey: clientKeys.options,
  queryFn: () => readEveryPage<ClientOptionPage['items'][number]>('/api/clients/options'),
});

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createClientSchema>) => api.post<Client>('/api/clients', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: z.output<typeof updateClientSchema> & { id: string }) =>
      api.patch<Client>(`/api/clients/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}

// Settings -> API tokens (issue 30): the member's own tokens.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from '@/domain/api-tokens';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';

const apiTokensKey = [QUERY_ROOTS.settings, 'api-tokens'] as const;

export const apiTokensQuery = queryOptions({
  queryKey: apiTokensKey,
  queryFn: () => api.get<ApiToken[]>('/api/settings/api-tokens'),
});

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => api.post<CreatedApiToken>('/api/settings/api-tokens', input),
    // The dialog shows the server's message itself and keeps what was typed.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => api.delete<void>(`/api/settings/api-tokens/${encodeURIComponent(tokenId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

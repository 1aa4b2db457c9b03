// The Me query drives the whole app's auth state: `null` means signed out (the server answered
// 401), a Me means signed in. Every feature that changes the user or organization updates it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@/domain/auth';
import { api, ApiError } from './api-client';

export const meQueryKey = ['me'] as const;

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api.get<Me>('/api/me');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** The signed-in user; only for components rendered behind the signed-in gate. */
export function useSignedInMe(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useSignedInMe used while signed out');
  return data;
}

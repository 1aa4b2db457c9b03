import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { notifyError } from './notify';
import { meQueryKey } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The caller shows its own message (spec 8 has a specific text for this failure). */
      handlesErrors?: boolean;
    };
  }
}

export function createQueryClient(): QueryClient {
  // A 401 from any call means the session ended (expired, signed out elsewhere): the app falls
  // back to the sign-in screen instead of showing stale data.
  const endSessionOn401 = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(meQueryKey, null);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: endSessionOn401 }),
    // Spec 8: a failed mutation shows the server's message in an 'Error' toast.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        endSessionOn401(error);
        if (!mutation.meta?.handlesErrors) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; network and 5xx failures get two more tries.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
    },
  });
  return queryClient;
}

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { SERVER_BUSY_CODE } from '@/domain/server-busy';
import { SHARED_LINK_ERRORS } from '@/domain/shared-link-errors';
import { TWO_FACTOR_ENROLMENT_REQUIRED } from '@/domain/two-factor-policy-rules';
import type { Me } from '@/domain/auth';
import { ApiError } from './api-client';
import { setMemberRegion } from './formats';
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

const LINK_PASSWORD_CODES = new Set<string>([SHARED_LINK_ERRORS.passwordRequired, SHARED_LINK_ERRORS.invalidPassword]);

export function createQueryClient(): QueryClient {
  // A 401 from any call means the session ended (expired, signed out elsewhere): the app falls
  // back to the sign-in screen instead of showing stale data. A share link's password answers
  // are 401s too, but they say nothing about the user's own session.
  // A 403 two_factor_enrolment_required means the organization's two-factor deadline passed while
  // the page was open (issue 31 item 2): Me, read again, says so and the gate shows only the
  // set-up. Several refusals at once read it once (a read under way is not restarted).
  const followSession = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 401 && !LINK_PASSWORD_CODES.has(error.code)) {
      queryClient.setQueryData(meQueryKey, null);
    } else if (error.status === 403 && error.code === TWO_FACTOR_ENROLMENT_REQUIRED) {
      void queryClient.invalidateQueries({ queryKey: meQueryKey }, { cancelRefetch: false });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: followSession }),
    // Spec 8: a failed mutation shows the server's message in an 'Error' toast.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        followSession(error);
        if (!mutation.meta?.handlesErrors) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change on retry; network and 5xx failures get two more tries, except a
        // busy server's 503, which the API client already tried once more when it advised.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.code === SERVER_BUSY_CODE)) && failureCount < 2,
      },
    },
  });
  // Issue 48 item 3: the member's region, as soon as any answer changes the Me (the first read, a
  // sign-in, Settings), before the pages render with it; none when signed out.
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== meHash) return;
    setMemberRegion((event.query.state.data as Me | null | undefined)?.profile.region ?? null);
  });
  return queryClient;
}

const meHash = JSON.stringify(meQueryKey);

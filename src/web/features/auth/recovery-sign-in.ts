// Issue 49 item 21: after a sign-in with a recovery code, how many codes are left, for the notice
// on the next page. The sign-in (api.ts) writes it under its root in the query cache; it is never
// fetched, and sign-out clears it with the rest of the cache. Apart from api.ts, which the
// sign-in page downloads: only the signed-in shell reads it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QUERY_ROOTS } from '@/web/lib/query-keys';

const recoverySignInKey = [QUERY_ROOTS.recoverySignIn] as const;

/** How many recovery codes the sign-in left, or null when there is no notice to show; and its dismissal. */
export function useRecoverySignIn(): { codesLeft: number | null; dismiss: () => void } {
  const queryClient = useQueryClient();
  const { data } = useQuery<number | null>({ queryKey: recoverySignInKey, queryFn: () => null, enabled: false, staleTime: Infinity, gcTime: Infinity });
  return { codesLeft: data ?? null, dismiss: () => queryClient.setQueryData(recoverySignInKey, null) };
}

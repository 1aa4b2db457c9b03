// Account calls: sign in/up/out and password reset. The session itself is lib/session.ts.
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  completePasswordResetSchema,
  Me,
  requestPasswordResetSchema,
  SignInResult,
  sendCodeSchema,
  signInSchema,
  signUpSchema,
  verifyCodeSchema,
} from '@/domain/auth';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { meQueryKey } from '@/web/lib/session';

/**
 * The member a sign-in answered becomes the signed-in one. Issue 49 item 21: after a recovery
 * code, how many are left waits for the next page's notice (recovery-sign-in.ts reads it).
 */
function takeSignIn(queryClient: QueryClient, { recoveryCodesLeft, ...me }: SignInResult): void {
  if (recoveryCodesLeft !== undefined) queryClient.setQueryData([QUERY_ROOTS.recoverySignIn], recoveryCodesLeft);
  queryClient.setQueryData(meQueryKey, me);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof signInSchema>) => api.post<SignInResult>('/api/auth/sign-in', input),
    onSuccess: (result) => takeSignIn(queryClient, result),
    // The forms show the failures; the code step (issue 26) is not an error to toast.
    meta: { handlesErrors: true },
  });
}

/**
 * Issue 31 item 4: the second factor after an organization's provider signed the person in (the
 * server holds which account, by a cookie of the browser's). Answers Me, as sign-in does.
 */
export function useSsoTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { twoFactorCode?: string; recoveryCode?: string }) => api.post<SignInResult>('/api/auth/sso/two-factor', input),
    onSuccess: (result) => takeSignIn(queryClient, result),
    meta: { handlesErrors: true },
  });
}

/** The passkey sign-in's code (issue 31 item 3): its own chunk, with the browser's WebAuthn library. */
export const loadPasskeySignIn = () => import('./passkey-sign-in');

/** Signs in with a passkey: no email or password, and no two-factor step after it. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await loadPasskeySignIn()).signInWithPasskey(),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
    meta: { handlesErrors: true },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>('/api/auth/sign-out'),
    onSuccess: () => {
      // Nothing of the previous user may stay cached.
      queryClient.clear();
      queryClient.setQueryData(meQueryKey, null);
    },
  });
}

export function useSendVerificationCode() {
  return useMutation({
    mutationFn: (input: z.output<typeof sendCodeSchema>) => api.post<{ ok: true }>('/api/auth/sign-up/send-code', input),
    meta: { handlesErrors: true },
  });
}

export function useVerifyCode() {
  return useMutation({
    mutationFn: (input: z.output<typeof verifyCodeSchema>) => api.post<{ valid: boolean }>('/api/auth/sign-up/verify-code', input),
    meta: { handlesErrors: true },
  });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof signUpSchema>) => api.post<Me>('/api/auth/sign-up', input),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: z.output<typeof requestPasswordResetSchema>) =>
      api.post<{ ok: true }>('/api/auth/password-reset/request', input),
    meta: { handlesErrors: true },
  });
}

export function resetTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.passwordReset, token],
    queryFn: () => api.post<{ valid: boolean }>('/api/auth/password-reset/validate', { token }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: (input: z.output<typeof completePasswordResetSchema>) =>
      api.post<{ ok: true }>('/api/auth/password-reset/complete', input),
    meta: { handlesErrors: true },
  });
}

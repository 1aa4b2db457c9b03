// Two-factor sign-in (issue 31 item 1): Settings -> the member's own, and Team -> a member's for
// those who outrank them (decision 006); the organization's requirement (issue 31 item 2).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  TWO_FACTOR_ERRORS,
  type disableTwoFactorSchema,
  type enableTwoFactorSchema,
  type newRecoveryCodesSchema,
  type recoveryCodesSchema,
  type startTwoFactorSetupSchema,
  type TwoFactorSetup,
  type TwoFactorPolicy,
  type TwoFactorPolicyState,
  type TwoFactorStatus,
} from '@/domain/two-factor';
import { api, ApiError } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { meQueryKey } from '@/web/lib/session';

type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
/** What Team -> a member is told: only whether it is on. */
export type MemberTwoFactor = Pick<TwoFactorStatus, 'enabled'>;

const twoFactorKey = [QUERY_ROOTS.settings, 'two-factor'] as const;
const twoFactorPolicyKey = [QUERY_ROOTS.organization, 'two-factor-policy'] as const;
/** Under the member's Team key: removing the member drops it, and a change to the team reads it again. */
const memberTwoFactorKey = (memberId: string) => [QUERY_ROOTS.team, 'detail', memberId, 'two-factor'] as const;

export const twoFactorStatusQuery = queryOptions({
  queryKey: twoFactorKey,
  queryFn: () => api.get<TwoFactorStatus>('/api/settings/two-factor'),
});

/**
 * Whether a refusal says the card is behind (another tab turned two-factor on or off): 409 when it
 * is on already, 400 two_factor_off when it is off. The card then reads it again.
 */
export function isStaleTwoFactorStatus(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.code === TWO_FACTOR_ERRORS.notOn);
}

// The dialogs show a wrong password or code under its field, and the rest in a toast themselves.
export function useStartTwoFactorSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof startTwoFactorSetupSchema>) => api.post<TwoFactorSetup>('/api/settings/two-factor/setup', input),
    meta: { handlesErrors: true },
    onError: (error) => isStaleTwoFactorStatus(error) && queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof enableTwoFactorSchema>) => api.post<RecoveryCodes>('/api/settings/two-factor/enable', input),
    meta: { handlesErrors: true },
    onError: (error) => isStaleTwoFactorStatus(error) && queryClient.invalidateQueries({ queryKey: twoFactorKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof newRecoveryCodesSchema>) => api.post<RecoveryCodes>('/api/settings/two-factor/recovery-codes', input),
    meta: { handlesErrors: true },
    onError: (error) => isStaleTwoFactorStatus(error) && queryClient.invalidateQueries({ queryKey: twoFactorKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof disableTwoFactorSchema>) => api.post<void>('/api/settings/two-factor/disable', input),
    meta: { handlesErrors: true },
    onError: (error) => isStaleTwoFactorStatus(error) && queryClient.invalidateQueries({ queryKey: twoFactorKey }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKey }),
  });
}

/** Whether a member has two-factor sign-in on: asked only by those who may reset it. */
export function memberTwoFactorQuery(memberId: string) {
  return queryOptions({
    queryKey: memberTwoFactorKey(memberId),
    queryFn: () => api.get<MemberTwoFactor>(`/api/team/${encodeURIComponent(memberId)}/two-factor`),
    retry: false,
  });
}

/** Turns a member's two-factor sign-in off: the server ends their sessions and emails them. */
export function useResetMemberTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.post<void>(`/api/team/${encodeURIComponent(memberId)}/two-factor/reset`),
    onSuccess: (_data, memberId) => queryClient.setQueryData<MemberTwoFactor>(memberTwoFactorKey(memberId), { enabled: false }),
  });
}

/** The organization's requirement, with the members it applies to who lack it: its admins read it. */
export const twoFactorPolicyQuery = queryOptions({
  queryKey: twoFactorPolicyKey,
  queryFn: () => api.get<TwoFactorPolicyState>('/api/organization/two-factor-policy'),
});

/** Sets the requirement (the organization admin): Me is read again, as it may now ask the owner too. */
export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: TwoFactorPolicy) => api.put<TwoFactorPolicyState>('/api/organization/two-factor-policy', { policy }),
    onSuccess: (state) => {
      queryClient.setQueryData(twoFactorPolicyKey, state);
      return queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

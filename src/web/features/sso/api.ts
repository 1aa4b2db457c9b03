// Single sign-on (issue 31 item 4): the organization's settings (Settings card) and the sign-in
// page's lookup. Zod-free: the sign-in page imports the lookup on its first download (decision 013).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SsoLookupResult, SsoSettingsInput, SsoSettingsState } from '@/domain/sso';
import { SSO_START_PATH } from '@/domain/sso-rules';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';

const ssoSettingsKey = [QUERY_ROOTS.organization, 'sso'] as const;

/** The organization's single sign-on: its admins read it. */
export const ssoSettingsQuery = queryOptions({
  queryKey: ssoSettingsKey,
  queryFn: () => api.get<SsoSettingsState>('/api/organization/sso'),
});

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SsoSettingsInput) => api.put<SsoSettingsState>('/api/organization/sso', input),
    onSuccess: (state) => queryClient.setQueryData(ssoSettingsKey, state),
    // The form shows a refused issuer or domain under its field.
    meta: { handlesErrors: true },
  });
}

/** Issue 46: look for a domain's TXT record now; the answer is the settings with its proof. */
export function useCheckSsoDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => api.post<SsoSettingsState>(`/api/organization/sso/domains/${encodeURIComponent(domain)}/check`),
    onSuccess: (state) => queryClient.setQueryData(ssoSettingsKey, state),
  });
}

export function useRemoveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/api/organization/sso'),
    onSuccess: () => queryClient.setQueryData<SsoSettingsState>(ssoSettingsKey, (state) => (state ? { ...state, settings: null } : state)),
  });
}

/** Which sign-in applies to an email: whether its domain uses single sign-on (never whether it has an account). */
export function lookUpSignIn(email: string): Promise<SsoLookupResult> {
  return api.post<SsoLookupResult>('/api/auth/sso/lookup', { email });
}

/** Where the browser goes to sign in through the email's organization's provider. */
export function ssoStartUrl(email: string): string {
  return `${SSO_START_PATH}?email=${encodeURIComponent(email)}`;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Me, renameOrganizationSchema } from '@/domain/auth';
import type { Locale } from '@/domain/locales';
import { api } from '@/web/lib/api-client';
import { meQueryKey } from '@/web/lib/session';

export function useRenameOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof renameOrganizationSchema>) =>
      api.patch<{ id: string; name: string }>('/api/organization', input),
    onSuccess: (organization) =>
      queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, organization: { ...me.organization, ...organization } } : me)),
  });
}

/** Issue 32: the organization's currency (its admins, in Settings). */
export function useChangeCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currency: string }) => api.put<{ currency: string }>('/api/organization/currency', input),
    onSuccess: ({ currency }) =>
      queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, organization: { ...me.organization, currency } } : me)),
  });
}

/** Issue 48: the organization's language, which its emails speak (its admins, in Settings). */
export function useSetOrganizationLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale) => api.put<{ locale: Locale }>('/api/organization/locale', { locale }),
    onSuccess: ({ locale }) =>
      queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, organization: { ...me.organization, locale } } : me)),
  });
}

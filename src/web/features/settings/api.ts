import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema, Me, updateProfileSchema } from '@/domain/auth';
import type { Locale } from '@/domain/locales';
import type { Region } from '@/domain/region-rules';
import type { NotificationSettings, UpdateNotificationSettings } from '@/domain/notification-settings';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { meQueryKey } from '@/web/lib/session';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof updateProfileSchema>) => api.patch<Me>('/api/settings/profile', input),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** Issue 48: the member's language, kept on the server; null follows the browser. */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale | null) => api.put<Me>('/api/settings/language', { locale }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** Issue 48 item 3: the member's region (the conventions of dates and numbers); null follows the browser. */
export function useSetRegion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (region: Region | null) => api.put<Me>('/api/settings/region', { region }),
    // The Me's new region reaches the formatters at once (query-client.ts).
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

/** Issue 49 item 22: the member's time zone (an IANA name), which their daily digest follows. */
export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => api.put<Me>('/api/settings/time-zone', { timeZone }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: z.output<typeof changePasswordSchema>) => api.post<void>('/api/settings/password', input),
  });
}

export const notificationSettingsKey = [QUERY_ROOTS.settings, 'notifications'] as const;

/** Issue 29: the member's notification settings. */
export const notificationSettingsQuery = queryOptions({
  queryKey: notificationSettingsKey,
  queryFn: () => api.get<NotificationSettings>('/api/settings/notifications'),
});

/**
 * A change saves at once and shows at once; a failed save puts the settings back as the server
 * has them (the caller tells the user).
 */
export function useChangeNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateNotificationSettings) => api.patch<NotificationSettings>('/api/settings/notifications', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKey });
      const before = queryClient.getQueryData<NotificationSettings>(notificationSettingsKey);
      if (before) {
        queryClient.setQueryData<NotificationSettings>(notificationSettingsKey, {
          levels: { ...before.levels, ...change.levels },
          digest: change.digest ?? before.digest,
        });
      }
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(notificationSettingsKey, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsKey, settings),
  });
}

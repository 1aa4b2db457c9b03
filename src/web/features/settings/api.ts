import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordSchema, Me, updateProfileSchema } from '@/domain/auth';
import { api } from '@/web/lib/api-client';
import { meQueryKey } from '@/web/lib/session';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof updateProfileSchema>) => api.patch<Me>('/api/settings/profile', input),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: z.output<typeof changePasswordSchema>) => api.post<void>('/api/settings/password', input),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Me, renameOrganizationSchema } from '@/domain/auth';
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

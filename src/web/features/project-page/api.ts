import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProjectDetail, updateProjectResultSchema, updateProjectSchema } from '@/domain/project-details';
import { api } from '@/web/lib/api-client';

export const projectDetailKeys = {
  detail: (projectId: string) => ['projects', 'detail', projectId] as const,
};

export function projectDetailQuery(projectId: string) {
  return queryOptions({
    queryKey: projectDetailKeys.detail(projectId),
    queryFn: () => api.get<ProjectDetail>(`/api/projects/${projectId}`),
    // A missing project stays missing: no retries on 404.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof updateProjectSchema>) =>
      api.patch<z.infer<typeof updateProjectResultSchema>>(`/api/projects/${projectId}`, input),
    onSuccess: (result) => {
      queryClient.setQueryData(projectDetailKeys.detail(projectId), result.project);
      // The overdue reset may have changed other projects' cards too.
      return queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createProjectSchema, ProjectCard, ProjectFilter, projectPageSchema } from '@/domain/projects';
import { api } from '@/web/lib/api-client';

type ProjectPage = z.infer<typeof projectPageSchema>;

export const projectKeys = {
  all: ['projects'] as const,
  list: (search: string, status: ProjectFilter) => ['projects', 'list', search, status] as const,
};

/** The CSV download of every project the list shows for this search and filter (staff). */
export function projectsExportUrl(search: string, status: ProjectFilter): string {
  return `/api/projects/export?${new URLSearchParams({ search, status })}`;
}

export function projectListQuery(search: string, status: ProjectFilter) {
  return infiniteQueryOptions({
    queryKey: projectKeys.list(search, status),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ search, status });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<ProjectPage>(`/api/projects?${params}`);
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createProjectSchema>) => api.post<ProjectCard>('/api/projects', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useChangeProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'completed' | 'on_hold' }) =>
      api.patch<ProjectCard>(`/api/projects/${id}/status`, { status }),
    // The card shows spec 8's 'Failed to update project status'.
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/projects/${id}`),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** The client select of the Create Project dialog. */
export const clientChoicesQuery = {
  queryKey: ['clients', 'options'] as const,
  queryFn: () => api.get<{ items: { id: string; name: string }[] }>('/api/clients/options').then((r) => r.items),
};

import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProjectDetail, updateProjectResultSchema, updateProjectSchema } from '@/domain/project-details';
import type { CardStatus, createProjectSchema, ProjectCard, ProjectFilter, projectPageSchema } from '@/domain/projects';
import type { ApprovalFilter } from '@/domain/approvals';
import type { ProjectBudgetDetail, projectBudgetSchema } from '@/domain/budgets';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import type { LiveRefresh } from '@/web/lib/realtime';

type ProjectPage = z.infer<typeof projectPageSchema>;

export const projectKeys = {
  all: [QUERY_ROOTS.projects] as const,
  list: (search: string, status: ProjectFilter, approval: ApprovalListFilter) => [QUERY_ROOTS.projects, 'list', search, status, approval] as const,
  detail: (projectId: string) => [QUERY_ROOTS.projects, 'detail', projectId] as const,
};

/** Live updates: the cards and the project page's header and info (a card shows its client's name). */
export const projectsLive: LiveRefresh = {
  project: () => [projectKeys.all],
  projects: () => [projectKeys.all],
  clients: () => [projectKeys.all],
};

/** The CSV download of every project the list shows for this search and filter (staff). */
/** The Projects tab's approval filter (issue 33): every project, or those with such files. */
export type ApprovalListFilter = 'all' | ApprovalFilter;

function listParams(search: string, status: ProjectFilter, approval: ApprovalListFilter): URLSearchParams {
  const params = new URLSearchParams({ search, status });
  if (approval !== 'all') params.set('approval', approval);
  return params;
}

export function projectsExportUrl(search: string, status: ProjectFilter, approval: ApprovalListFilter = 'all'): string {
  return `/api/projects/export?${listParams(search, status, approval)}`;
}

export function projectListQuery(search: string, status: ProjectFilter, approval: ApprovalListFilter = 'all') {
  return infiniteQueryOptions({
    queryKey: projectKeys.list(search, status, approval),
    queryFn: ({ pageParam }) => {
      const params = listParams(search, status, approval);
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
    mutationFn: ({ id, status }: { id: string; status: CardStatus }) =>
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


export function projectDetailQuery(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.detail(projectId),
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
      queryClient.setQueryData(projectKeys.detail(projectId), result.project);
      // The overdue reset may have changed other projects' cards too.
      return queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

/** Issue 32: the project's rate and budget with what is spent (staff; a developer never asks). */
export function projectBudgetQuery(projectId: string) {
  return queryOptions({
    queryKey: [...projectKeys.all, 'budget', projectId] as const,
    queryFn: () => api.get<ProjectBudgetDetail>(`/api/projects/${projectId}/budget`),
  });
}

export function useSetProjectBudget(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof projectBudgetSchema>) => api.put<ProjectBudgetDetail>(`/api/projects/${projectId}/budget`, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(projectBudgetQuery(projectId).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

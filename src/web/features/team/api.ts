import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  createTeamMemberSchema,
  TeamMember,
  TeamMemberDetail,
  teamPageSchema,
  updateTeamMemberSchema,
} from '@/domain/team';
import { api } from '@/web/lib/api-client';
import type { LiveRefresh } from '@/web/lib/realtime';

type TeamPage = z.infer<typeof teamPageSchema>;

export const teamKeys = {
  all: ['team'] as const,
  list: (search: string, tags: string[]) => ['team', 'list', search, tags] as const,
  tags: ['team', 'tags'] as const,
  detail: (id: string) => ['team', 'detail', id] as const,
};

/** Live updates: the Team tab and member pages. */
export const teamLive: LiveRefresh = { team: () => [teamKeys.all] };

export function teamListQuery(search: string, tags: string[]) {
  return infiniteQueryOptions({
    queryKey: teamKeys.list(search, tags),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ search });
      for (const tag of tags) params.append('tag', tag);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<TeamPage>(`/api/team?${params}`);
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export const teamTagsQuery = queryOptions({
  queryKey: teamKeys.tags,
  queryFn: () => api.get<{ tags: string[] }>('/api/team/tags').then((r) => r.tags),
});

export function teamMemberQuery(id: string) {
  return queryOptions({
    queryKey: teamKeys.detail(id),
    queryFn: () => api.get<TeamMemberDetail>(`/api/team/${id}`),
    retry: false,
  });
}

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createTeamMemberSchema>) => api.post<TeamMember>('/api/team', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useUpdateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: z.output<typeof updateTeamMemberSchema> & { id: string }) =>
      api.patch<TeamMember>(`/api/team/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/team/${id}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: teamKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

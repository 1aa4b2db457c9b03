import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createTeamMemberSchema, MemberProjectPage, TeamMember, teamPageSchema, updateTeamMemberSchema } from '@/domain/team';
import { mergeTagSuggestions } from '@/domain/team-rules';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { readEveryPage } from '@/web/lib/every-page';
import type { LiveRefresh } from '@/web/lib/realtime';

type TeamPage = z.infer<typeof teamPageSchema>;

export const teamKeys = {
  all: [QUERY_ROOTS.team] as const,
  list: (search: string, tags: string[]) => [QUERY_ROOTS.team, 'list', search, tags] as const,
  tags: [QUERY_ROOTS.team, 'tags'] as const,
  detail: (id: string) => [QUERY_ROOTS.team, 'detail', id] as const,
  projects: (id: string) => [QUERY_ROOTS.team, 'detail', id, 'projects'] as const,
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

/**
 * The skill tags to offer (spec 3): the suggested ones first, then every tag the organization's
 * members use, read page after page to the last (issue 36: none left out).
 */
export const teamTagsQuery = queryOptions({
  queryKey: teamKeys.tags,
  queryFn: async () => mergeTagSuggestions(await readEveryPage<string>('/api/team/tags')),
});

export function teamMemberQuery(id: string) {
  return queryOptions({
    queryKey: teamKeys.detail(id),
    queryFn: () => api.get<TeamMember>(`/api/team/${id}`),
    retry: false,
  });
}

/** A developer member's assigned projects, by name, a page at a time (issue 36). */
export function memberProjectsQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: teamKeys.projects(id),
    queryFn: ({ pageParam }) => api.get<MemberProjectPage>(`/api/team/${id}/projects${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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

// Share links, developer assignment and opening a link (the API in src/domain/sharing.ts).
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AccessLink,
  AccessLinkPage,
  AccessOpenPage,
  AssignmentResult,
  assignDeveloperSchema,
  createAccessLinkSchema,
  AssignedDeveloperPage,
  Developer,
  SharedProject,
} from '@/domain/sharing';
import type { IntakeView } from '@/domain/intake';
import type { IntakeState } from '@/domain/intake-state';
import type { FormData } from '@/domain/template-field';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { readEveryPage } from '@/web/lib/every-page';
import type { LiveRefresh } from '@/web/lib/realtime';

const projectPath = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;
const accessPath = (token: string) => `/api/project-access/${encodeURIComponent(token)}`;

export const sharingKeys = {
  all: [QUERY_ROOTS.sharing] as const,
  project: (projectId: string) => [QUERY_ROOTS.sharing, projectId] as const,
  links: (projectId: string) => [QUERY_ROOTS.sharing, projectId, 'links'] as const,
  opens: (projectId: string, linkId: string) => [QUERY_ROOTS.sharing, projectId, 'links', linkId, 'opens'] as const,
  assignedDevelopers: (projectId: string) => [QUERY_ROOTS.sharing, projectId, 'developers', 'assigned'] as const,
  availableDevelopers: (projectId: string) => [QUERY_ROOTS.sharing, projectId, 'developers', 'available'] as const,
  /** Per viewer: signing in on the shared page opens the link again as that user. */
  session: (token: string, viewerId: string | null) => [QUERY_ROOTS.projectAccess, token, viewerId ?? 'anonymous', 'session'] as const,
  intake: (token: string, viewerId: string | null) => [QUERY_ROOTS.projectAccess, token, viewerId ?? 'anonymous', 'intake'] as const,
};

/** Live updates: a project's links and developers; a member's change may change who can be assigned. */
export const sharingLive: LiveRefresh = {
  project: (projectId) => [projectId ? sharingKeys.project(projectId) : sharingKeys.all],
  team: () => [sharingKeys.all],
};

/** The project's active share links, a page at a time, newest first (issue 36: every link reachable). */
export function accessLinksQuery(projectId: string) {
  return infiniteQueryOptions({
    queryKey: sharingKeys.links(projectId),
    queryFn: ({ pageParam }) => api.get<AccessLinkPage>(`${projectPath(projectId)}/access-links${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A link's access log, a page at a time, newest first (issue 36: every entry reachable). */
export function accessOpensQuery(projectId: string, linkId: string) {
  return infiniteQueryOptions({
    queryKey: sharingKeys.opens(projectId, linkId),
    queryFn: ({ pageParam }) =>
      api.get<AccessOpenPage>(`${projectPath(projectId)}/access-links/${linkId}/opens${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The developers assigned to the project, a page at a time, in the order they were assigned. */
export function assignedDevelopersQuery(projectId: string) {
  return infiniteQueryOptions({
    queryKey: sharingKeys.assignedDevelopers(projectId),
    queryFn: ({ pageParam }) => api.get<AssignedDeveloperPage>(`${projectPath(projectId)}/developers${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every developer who could be assigned, by name: the select reads every page (issue 36). */
export function availableDevelopersQuery(projectId: string) {
  return queryOptions({
    queryKey: sharingKeys.availableDevelopers(projectId),
    queryFn: () => readEveryPage<Developer>(`${projectPath(projectId)}/developers/available`),
  });
}

export function useCreateAccessLink(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createAccessLinkSchema>) =>
      api.post<AccessLink>(`${projectPath(projectId)}/access-links`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingKeys.links(projectId) }),
  });
}

export function useRevokeAccessLink(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.post<{ revoked: true }>(`${projectPath(projectId)}/access-links/${linkId}/revoke`),
    // Not awaited: the refetch removes the link's row, and with it the caller's success toast.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharingKeys.links(projectId) }),
  });
}

export function useAssignDeveloper(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof assignDeveloperSchema>) =>
      api.post<AssignmentResult>(`${projectPath(projectId)}/developers`, input),
    // The assignment also made the developer a link of their own.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingKeys.project(projectId) }),
  });
}

export function useUnassignDeveloper(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: string) => api.delete<void>(`${projectPath(projectId)}/developers/${profileId}`),
    // Removing a developer also revokes their link. Not awaited: the refetch removes the
    // developer's row, and with it the caller's success toast.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharingKeys.project(projectId) }),
  });
}

/** Opens the link without a password: granted when unprotected or when the grant cookie is set. */
export function sharedSessionQuery(token: string, viewerId: string | null) {
  return queryOptions({
    queryKey: sharingKeys.session(token, viewerId),
    queryFn: () => openSharedLink(token, null),
    // Each call records an open; the answer (granted, password required, invalid) stays put.
    staleTime: Infinity,
    retry: false,
  });
}

function openSharedLink(token: string, password: string | null): Promise<SharedProject> {
  return api.post<SharedProject>(`${accessPath(token)}/session`, { password });
}

/** The password form: the answer becomes the session query's data, so the page shows the project. */
export function useOpenProtectedLink(token: string, viewerId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => openSharedLink(token, password),
    // The form shows spec 8's 'Invalid Password' itself.
    meta: { handlesErrors: true },
    onSuccess: (project) => queryClient.setQueryData(sharingKeys.session(token, viewerId), project),
  });
}

// Intake links (issue 15): staff reopen or lock; the link's viewer answers on the shared page.

export function useChangeIntake(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, action }: { linkId: string; action: 'reopen' | 'lock' }) =>
      api.post<{ state: IntakeState }>(`${projectPath(projectId)}/access-links/${linkId}/intake`, { action }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingKeys.links(projectId) }),
  });
}

/** Under the shared page's source key: a change to the project refreshes it live. */
export function intakeQuery(token: string, viewerId: string | null) {
  return queryOptions({
    queryKey: sharingKeys.intake(token, viewerId),
    queryFn: () => api.get<IntakeView>(`${accessPath(token)}/intake`),
  });
}

export function useIntakeAnswers(token: string, viewerId: string | null, step: 'draft' | 'submit') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: FormData) =>
      step === 'draft'
        ? api.put<IntakeView>(`${accessPath(token)}/intake/draft`, { answers })
        : api.post<IntakeView>(`${accessPath(token)}/intake/submit`, { answers }),
    onSuccess: (view) => queryClient.setQueryData(sharingKeys.intake(token, viewerId), view),
  });
}

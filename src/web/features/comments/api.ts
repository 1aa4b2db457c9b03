// A task's comments (issue 29; the API in src/domain/comments.ts). The same sub-paths on the
// project page (/api/projects/:projectId) and through a share link (/api/project-access/:token):
// the source says which.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CommentPage, Mentionable } from '@/domain/comments';
import type { TaskFollow } from '@/domain/notification-settings';
import { api } from '@/web/lib/api-client';
import { projectListPageUrl, type ProjectSource } from '@/web/lib/project-source';

const taskPath = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}/comments`;

/**
 * Under the source's key, which the pages refresh on the project's live events (the project
 * page: project-source.ts's projectDataLive; the shared page: everything of its link), so the
 * comments and who can be mentioned follow the project without a declaration of their own here:
 * one would bring this module into every signed-in page's first download (decision 013).
 */
export const commentKeys = {
  list: (source: ProjectSource, taskId: string) => [...source.queryKey, 'comments', taskId] as const,
  mentionable: (source: ProjectSource) => [...source.queryKey, 'mentionable'] as const,
  follow: (source: ProjectSource, taskId: string) => [...source.queryKey, 'follow', taskId] as const,
};

/** The comments a page at a time, newest first (the panel shows them oldest first). */
export function commentListQuery(source: ProjectSource, taskId: string) {
  return infiniteQueryOptions({
    queryKey: commentKeys.list(source, taskId),
    queryFn: ({ pageParam }) => api.get<CommentPage>(projectListPageUrl(source, taskPath(taskId), pageParam)),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The loaded comments, oldest first: the pages come newest first. */
export function commentsOldestFirst(pages: readonly CommentPage[] | undefined): Comment[] {
  return (pages ?? []).flatMap((page) => page.items).reverse();
}

/**
 * Who a comment on the project can mention: its staff and developers (the project page only: a
 * link cannot mention). Read again after a minute at most: a member renamed or removed is a
 * team change, which the project's events do not carry.
 */
export function mentionableQuery(source: ProjectSource) {
  return queryOptions({
    queryKey: commentKeys.mentionable(source),
    queryFn: () => api.get<Mentionable[]>(`${source.basePath}/mentionable`),
    staleTime: 60_000,
  });
}

// The form shows the server's message itself and keeps what was typed (handlesErrors): a toast
// would say it once and then be gone.

export function useAddComment(source: ProjectSource, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<Comment>(`${source.basePath}${taskPath(taskId)}`, { body }),
    meta: { handlesErrors: true },
    // Commenting follows the task (issue 49 item 9): the Follow button says so at once, without
    // waiting for the project's live event (a link's page has no follow to read again).
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: commentKeys.list(source, taskId) }), queryClient.invalidateQueries({ queryKey: commentKeys.follow(source, taskId) })]),
  });
}

export function useEditComment(source: ProjectSource, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, body }: { commentId: string; body: string }) =>
      api.patch<Comment>(`${source.basePath}${taskPath(taskId)}/${encodeURIComponent(commentId)}`, { body }),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.list(source, taskId) }),
  });
}

export function useDeleteComment(source: ProjectSource, taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.delete<void>(`${source.basePath}${taskPath(taskId)}/${encodeURIComponent(commentId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.list(source, taskId) }),
  });
}

/** Whether the signed-in member follows the task (the project page only: link viewers do not follow). */
export function followQuery(source: ProjectSource, taskId: string) {
  return queryOptions({
    queryKey: commentKeys.follow(source, taskId),
    queryFn: () => api.get<TaskFollow>(`${source.basePath}/tasks/${encodeURIComponent(taskId)}/follow`),
  });
}

/** Follow or stop following: shown at once, put back if refused. */
export function useSetFollow(source: ProjectSource, taskId: string) {
  const queryClient = useQueryClient();
  const key = followQuery(source, taskId).queryKey;
  return useMutation({
    mutationFn: (following: boolean) => api.put<TaskFollow>(`${source.basePath}/tasks/${encodeURIComponent(taskId)}/follow`, { following }),
    onMutate: async (following) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TaskFollow>(key);
      queryClient.setQueryData<TaskFollow>(key, { following });
      return { before };
    },
    onError: (_error, _following, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
}

import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Note, NotePage } from '@/domain/notes';
import { api } from '@/web/lib/api-client';
import { projectListPageUrl, type ProjectSource } from '@/web/lib/project-source';

export const noteKeys = {
  list: (source: ProjectSource) => [...source.queryKey, 'notes'] as const,
};

/** The notes, newest first, a page at a time (issue 36); each page carries the count of all. */
export function noteListQuery(source: ProjectSource) {
  return infiniteQueryOptions({
    queryKey: noteKeys.list(source),
    queryFn: ({ pageParam }) => api.get<NotePage>(projectListPageUrl(source, '/notes', pageParam)),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAddNote(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<Note>(`${source.basePath}/notes`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(source) }),
  });
}

export function useEditNote(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, content }: { noteId: string; content: string }) =>
      api.patch<Note>(`${source.basePath}/notes/${noteId}`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(source) }),
  });
}

export function useDeleteNote(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => api.delete<void>(`${source.basePath}/notes/${noteId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(source) }),
  });
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Note } from '@/domain/notes';
import { api } from '@/web/lib/api-client';
import type { ProjectSource } from '@/web/lib/project-source';

export const noteKeys = {
  list: (source: ProjectSource) => [...source.queryKey, 'notes'] as const,
};

export function noteListQuery(source: ProjectSource) {
  return queryOptions({
    queryKey: noteKeys.list(source),
    queryFn: () => api.get<{ items: Note[] }>(`${source.basePath}/notes`).then((r) => r.items),
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

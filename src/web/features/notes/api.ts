import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Note } from '@/domain/notes';
import { api } from '@/web/lib/api-client';

export const noteKeys = {
  list: (projectId: string) => ['notes', projectId] as const,
};

export function noteListQuery(projectId: string) {
  return queryOptions({
    queryKey: noteKeys.list(projectId),
    queryFn: () => api.get<{ items: Note[] }>(`/api/projects/${projectId}/notes`).then((r) => r.items),
  });
}

export function useAddNote(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<Note>(`/api/projects/${projectId}/notes`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(projectId) }),
  });
}

export function useEditNote(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ noteId, content }: { noteId: string; content: string }) =>
      api.patch<Note>(`/api/projects/${projectId}/notes/${noteId}`, { content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(projectId) }),
  });
}

export function useDeleteNote(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => api.delete<void>(`/api/projects/${projectId}/notes/${noteId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noteKeys.list(projectId) }),
  });
}

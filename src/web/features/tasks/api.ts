import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createTaskSchema, Task } from '@/domain/tasks';
import { api } from '@/web/lib/api-client';

export const taskKeys = {
  list: (projectId: string) => ['tasks', projectId] as const,
};

export function taskListQuery(projectId: string) {
  return queryOptions({
    queryKey: taskKeys.list(projectId),
    queryFn: () => api.get<{ items: Task[] }>(`/api/projects/${projectId}/tasks`).then((r) => r.items),
  });
}

export function useCreateTask(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createTaskSchema>) => api.post<Task>(`/api/projects/${projectId}/tasks`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.list(projectId) }),
  });
}

export function useSetTaskStatus(projectId: string) {
  const queryClient = useQueryClient();
  const key = taskKeys.list(projectId);
  return useMutation({
    mutationFn: ({ taskId, status }: { taskId: string; status: 'pending' | 'completed' }) =>
      api.patch<Task>(`/api/projects/${projectId}/tasks/${taskId}`, { status }),
    // Spec 8: 'Failed to update task' is shown by the tab.
    meta: { handlesErrors: true },
    // The checkbox follows the click at once; a failure puts it back.
    onMutate: async ({ taskId, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Task[]>(key);
      queryClient.setQueryData<Task[]>(key, (tasks) => tasks?.map((t) => (t.id === taskId ? { ...t, status } : t)));
      return { previous };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

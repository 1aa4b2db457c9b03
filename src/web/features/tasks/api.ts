import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createTaskSchema, Task } from '@/domain/tasks';
import { api } from '@/web/lib/api-client';
import type { ProjectSource } from '@/web/lib/project-source';

export const taskKeys = {
  list: (source: ProjectSource) => [...source.queryKey, 'tasks'] as const,
};

export function taskListQuery(source: ProjectSource) {
  return queryOptions({
    queryKey: taskKeys.list(source),
    queryFn: () => api.get<{ items: Task[] }>(`${source.basePath}/tasks`).then((r) => r.items),
  });
}

export function useCreateTask(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createTaskSchema>) => api.post<Task>(`${source.basePath}/tasks`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.list(source) }),
  });
}

export function useSetTaskStatus(source: ProjectSource) {
  const queryClient = useQueryClient();
  const key = taskKeys.list(source);
  return useMutation({
    mutationFn: ({ taskId, status }: { taskId: string; status: 'pending' | 'completed' }) =>
      api.patch<Task>(`${source.basePath}/tasks/${taskId}`, { status }),
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

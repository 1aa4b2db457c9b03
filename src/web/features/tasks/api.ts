import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { placeAfter, positionAtEnd } from '@/domain/task-order';
import type { createTaskSchema, MyWorkItem, Task, updateTaskSchema } from '@/domain/tasks';
import { api } from '@/web/lib/api-client';
import type { ProjectSource } from '@/web/lib/project-source';
import type { LiveRefresh } from '@/web/lib/realtime';

export const taskKeys = {
  list: (source: ProjectSource) => [...source.queryKey, 'tasks'] as const,
  assignees: (source: ProjectSource) => [...source.queryKey, 'assignees'] as const,
  myWork: ['my-work'] as const,
};

/** Live updates: any project's change may be a task of the caller's (My Work); the project's own lists hang off its source. */
export const tasksLive: LiveRefresh = {
  project: () => [taskKeys.myWork],
  projects: () => [taskKeys.myWork],
  team: () => [taskKeys.myWork],
};

export function taskListQuery(source: ProjectSource) {
  return queryOptions({
    queryKey: taskKeys.list(source),
    queryFn: () => api.get<{ items: Task[] }>(`${source.basePath}/tasks`).then((r) => r.items),
  });
}

export type Assignee = { id: string; fullName: string; role: string };

/** Who a task may be assigned to (staff on the project page). */
export function assigneesQuery(source: ProjectSource) {
  return queryOptions({
    queryKey: taskKeys.assignees(source),
    queryFn: () => api.get<{ items: Assignee[] }>(`${source.basePath}/assignees`).then((r) => r.items),
  });
}

export function useCreateTask(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createTaskSchema>) => api.post<Task>(`${source.basePath}/tasks`, input),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: taskKeys.list(source) }), queryClient.invalidateQueries({ queryKey: taskKeys.myWork })]),
  });
}

type TaskChange = { taskId: string } & z.input<typeof updateTaskSchema>;

/**
 * The list as the server will have it once the change is made, shown while it is sent: the
 * fields, and the board's order by the same rule the server applies (decision 016).
 */
export function withChange(tasks: readonly Task[], taskId: string, { afterTaskId, ...fields }: Omit<TaskChange, 'taskId'>): Task[] {
  const task = tasks.find((t) => t.id === taskId);
  if (!task) return [...tasks];
  const status = fields.status ?? task.status;
  const column = tasks.filter((t) => t.status === status);
  const positions =
    afterTaskId !== undefined
      ? (placeAfter(column, task, afterTaskId) ?? [])
      : status !== task.status
        ? [{ id: task.id, position: positionAtEnd(column, task) }]
        : [];
  const moved = new Map(positions.map((p) => [p.id, p.position]));
  return tasks.map((t) => {
    const position = moved.get(t.id) ?? t.position;
    if (t.id === taskId) return { ...t, ...fields, position } as Task;
    return position === t.position ? t : { ...t, position };
  });
}

/**
 * Any change to a task (the checkbox, the menu, the board, an edit): shown at once, put back if
 * it fails, then the list is fetched again.
 */
export function useUpdateTask(source: ProjectSource) {
  const queryClient = useQueryClient();
  const key = taskKeys.list(source);
  return useMutation({
    mutationFn: ({ taskId, ...change }: TaskChange) => api.patch<Task>(`${source.basePath}/tasks/${taskId}`, change),
    // Spec 8: 'Failed to update task' is shown by the tab.
    meta: { handlesErrors: true },
    onMutate: async ({ taskId, ...change }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Task[]>(key);
      queryClient.setQueryData<Task[]>(key, (tasks) => tasks && withChange(tasks, taskId, change));
      return { previous };
    },
    onError: (_error, _input, context) => queryClient.setQueryData(key, context?.previous),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: taskKeys.myWork })]),
  });
}

/** The checkbox (spec 4): pending and completed. */
export function useSetTaskStatus(source: ProjectSource) {
  return useUpdateTask(source);
}

type MyWorkPage = { items: MyWorkItem[]; nextCursor: string | null };

export const myWorkQuery = infiniteQueryOptions({
  queryKey: taskKeys.myWork,
  queryFn: ({ pageParam }) => api.get<MyWorkPage>(`/api/my-work${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
  initialPageParam: '' as string,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

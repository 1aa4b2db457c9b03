import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { z } from 'zod';
import { compareTaskListOrder, placeAfter, positionAtEnd } from '@/domain/task-order';
import type { activityPageSchema } from '@/domain/activity';
import { RECENT_ACTIVITY_LIMIT } from '@/domain/activity-rules';
import type { Assignee, createTaskSchema, MyWorkItem, Task, TaskPage, updateTaskSchema } from '@/domain/tasks';
import { api } from '@/web/lib/api-client';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { readEveryPage } from '@/web/lib/every-page';
import { projectListPageUrl, type ProjectSource } from '@/web/lib/project-source';
import type { LiveRefresh } from '@/web/lib/realtime';

type ActivityPage = z.infer<typeof activityPageSchema>;

export const taskKeys = {
  list: (source: ProjectSource) => [...source.queryKey, 'tasks'] as const,
  /**
   * Under the list's key: whatever refreshes the list (a change to a task, a live event)
   * refreshes the task's panel too, and its activity.
   */
  detail: (source: ProjectSource, taskId: string) => [...source.queryKey, 'tasks', taskId] as const,
  activity: (source: ProjectSource, taskId: string) => [...source.queryKey, 'tasks', taskId, 'activity'] as const,
  assignees: (source: ProjectSource) => [...source.queryKey, 'assignees'] as const,
  myWork: [QUERY_ROOTS.myWork] as const,
};

/** Live updates: any project's change may be a task of the caller's (My Work); the project's own lists hang off its source. */
export const tasksLive: LiveRefresh = {
  project: () => [taskKeys.myWork],
  projects: () => [taskKeys.myWork],
  team: () => [taskKeys.myWork],
};

/**
 * The tasks a page at a time (issue 36), in the board's order (issue 27): To Do, In Progress,
 * Completed, each column in its order. The list and the board read the same pages.
 */
export function taskListQuery(source: ProjectSource) {
  return infiniteQueryOptions({
    queryKey: taskKeys.list(source),
    queryFn: ({ pageParam }) => api.get<TaskPage>(projectListPageUrl(source, '/tasks', pageParam)),
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The loaded tasks in list order (the pages hold them so; a change shown early may move one). */
export function loadedTasks(data: InfiniteData<TaskPage> | undefined): Task[] {
  return data ? data.pages.flatMap((page) => page.items).sort(compareTaskListOrder) : [];
}

/** withChange over the loaded pages: each task stays on its page, the list re-sorts them. */
export function withChangeInPages(data: InfiniteData<TaskPage>, taskId: string, change: Omit<TaskChange, 'taskId'>): InfiniteData<TaskPage> {
  const changed = new Map(withChange(loadedTasks(data), taskId, change).map((task) => [task.id, task]));
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((task) => changed.get(task.id) ?? task) })) };
}

export const taskPath = (source: ProjectSource, taskId: string) => `${source.basePath}/tasks/${encodeURIComponent(taskId)}`;

/** One task, for its panel (issue 29); the list's copy shows meanwhile (TaskPanel). */
export function taskQuery(source: ProjectSource, taskId: string) {
  return queryOptions({
    queryKey: taskKeys.detail(source, taskId),
    queryFn: () => api.get<Task>(taskPath(source, taskId)),
  });
}

/** The task as the loaded list has it, if it is there: the panel shows it while its own copy loads. */
export function taskFromList(data: InfiniteData<TaskPage> | undefined, taskId: string): Task | undefined {
  return data?.pages.flatMap((page) => page.items).find((task) => task.id === taskId);
}

/**
 * A task's activity, newest first (staff and the project's developers; the panel shows it to
 * staff), a page at a time (issue 36): the latest few first, then pages of the server's usual
 * size (no limit named: the zod-free page does not import the query schema's constant).
 */
export function taskActivityQuery(source: ProjectSource, taskId: string) {
  return infiniteQueryOptions({
    queryKey: taskKeys.activity(source, taskId),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(pageParam ? { cursor: pageParam } : { limit: String(RECENT_ACTIVITY_LIMIT) });
      return api.get<ActivityPage>(`${taskPath(source, taskId)}/activity?${params}`);
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export type { Assignee } from '@/domain/tasks';

/**
 * Who a task may be assigned to (staff on the project page), those on the project first: the
 * picker reads every page (issue 36).
 */
export function assigneesQuery(source: ProjectSource) {
  return queryOptions({
    queryKey: taskKeys.assignees(source),
    queryFn: () => readEveryPage<Assignee>(`${source.basePath}/assignees`),
  });
}

export function useCreateTask(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof createTaskSchema>) => api.post<Task>(`${source.basePath}/tasks`, input),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: taskKeys.list(source) }), queryClient.invalidateQueries({ queryKey: taskKeys.myWork })]),
  });
}

type TaskChange = {
  taskId: string;
  /** Shown until the server answers, not sent: the new assignee's name (the change names their id). */
  assigneeName?: string | null;
} & z.input<typeof updateTaskSchema>;

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
    mutationFn: ({ taskId, assigneeName: _shown, ...change }: TaskChange) => api.patch<Task>(taskPath(source, taskId), change),
    // Spec 8: 'Failed to update task' is shown by the tab.
    meta: { handlesErrors: true },
    onMutate: async ({ taskId, ...change }) => {
      // The list's key covers the task's own (its panel) too.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<InfiniteData<TaskPage>>(key);
      queryClient.setQueryData<InfiniteData<TaskPage>>(key, (data) => data && withChangeInPages(data, taskId, change));
      const detail = taskKeys.detail(source, taskId);
      const previousTask = queryClient.getQueryData<Task>(detail);
      const { afterTaskId: _place, ...fields } = change;
      queryClient.setQueryData<Task>(detail, (task) => task && ({ ...task, ...fields } as Task));
      return { previous, previousTask, detail };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(key, context?.previous);
      if (context) queryClient.setQueryData(context.detail, context.previousTask);
    },
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

// Issue 51's changes to a task's plan (staff): its rule, an occurrence skipped, its blockers and
// its dependents moved. Apart from api.ts: only the panel and the task menu, which load when staff
// open them, use these, so a share link's first download leaves them out (issue 17's budget).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '@/domain/tasks';
import { api } from '@/web/lib/api-client';
import type { ProjectSource } from '@/web/lib/project-source';
import { taskKeys, taskPath } from './api';

/**
 * Issue 51 item 4: a task's rule set (an RRULE) or cleared (null); staff. The task comes back with
 * it, into the list and the panel.
 */
export function useSetRecurrence(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, rule }: { taskId: string; rule: string | null }) =>
      rule === null ? api.delete<Task>(`${taskPath(source, taskId)}/recurrence`) : api.put<Task>(`${taskPath(source, taskId)}/recurrence`, { rule }),
    meta: { handlesErrors: true },
    onSuccess: (task) => queryClient.setQueryData<Task>(taskKeys.detail(source, task.id), task),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.list(source) }),
  });
}

/** "Skip this one": the occurrence moves to its rule's next date (staff). */
export function useSkipOccurrence(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api.post<Task>(`${taskPath(source, taskId)}/skip`),
    meta: { handlesErrors: true },
    onSuccess: (task) => queryClient.setQueryData<Task>(taskKeys.detail(source, task.id), task),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: taskKeys.list(source) }), queryClient.invalidateQueries({ queryKey: taskKeys.myWork })]),
  });
}

// Issue 51: "blocked by" (staff), and moving the dependents after a blocker's dates changed.

/** Marks the task as blocked by another of the project; a loop is refused (409, its path in the message). */
export function useAddBlocker(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, blockedByTaskId }: { taskId: string; blockedByTaskId: string }) => api.post<Task>(`${taskPath(source, taskId)}/dependencies`, { blockedByTaskId }),
    // The section says a refusal where it was made.
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.list(source) }),
  });
}

export function useRemoveBlocker(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, blockedByTaskId }: { taskId: string; blockedByTaskId: string }) =>
      api.delete<void>(`${taskPath(source, taskId)}/dependencies/${encodeURIComponent(blockedByTaskId)}`),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.list(source) }),
  });
}

/** Moves every task waiting on this one to start after its blockers' due dates; answers those moved. */
export function useShiftDependents(source: ProjectSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => api.post<{ items: Task[] }>(`${taskPath(source, taskId)}/shift-dependents`),
    meta: { handlesErrors: true },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: taskKeys.list(source) }), queryClient.invalidateQueries({ queryKey: taskKeys.myWork })]),
  });
}

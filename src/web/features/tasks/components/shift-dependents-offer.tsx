// After staff move a task's due date later (issue 51 item 2): when tasks wait on it (by the loaded
// list's blockers, directly or through others), an offer to shift them to start after it; the
// server moves those that start too early (shiftDependents) and says how many it moved. The
// count is not the domain's rule run here: importing it regroups the bundle's shared chunks and
// puts the time rules on a share link's first load (over its budget). Shown in the
// panel where the date was changed, as a status (read out, not stealing the focus), until taken
// or declined; nothing moves unless asked.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Task } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { loadedTasks, taskListQuery } from '../api';
import { useShiftDependents } from '../plan-api';
import { TASK_TEXTS } from '../texts';

export function ShiftDependentsOffer({ source, task, onDone }: { source: ProjectSource; task: Task; onDone: () => void }) {
  const t = useT('tasks', 'domain-shared');
  const list = useInfiniteQuery(taskListQuery(source));
  const shift = useShiftDependents(source);
  const count = dependentCount(loadedTasks(list.data), task.id);
  if (count === 0) return null;
  return (
    <div role="status" className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p>{t(TASK_TEXTS.blockers.shiftOffer, { count })}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={shift.isPending}
          onClick={() =>
            shift.mutate(task.id, {
              onSuccess: (moved) => {
                notifySuccess(t(TASK_TEXTS.blockers.shifted, { count: moved.items.length }));
                onDone();
              },
              onError: (error) => notifyError(error, t(TASK_TEXTS.blockers.shiftFailed)),
            })
          }
        >
          {t(TASK_TEXTS.blockers.shift, { count })}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          {t(TASK_TEXTS.blockers.notNow)}
        </Button>
      </div>
    </div>
  );
}

/** How many tasks wait, directly or through others, on `taskId`, by the loaded tasks' blockers. */
export function dependentCount(tasks: readonly Task[], taskId: string): number {
  const seen = new Set<string>();
  const stack = [taskId];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const task of tasks) {
      if (task.id !== taskId && !seen.has(task.id) && task.blockedBy.some((blocker) => blocker.id === current)) {
        seen.add(task.id);
        stack.push(task.id);
      }
    }
  }
  return seen.size;
}

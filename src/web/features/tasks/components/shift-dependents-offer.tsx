// After staff move a task's due date (issue 51 item 2): when tasks waiting on it (by the loaded
// list's blockers, directly or through others) would now start before their blockers are due, an
// offer to shift them to start after (as many as the server's rule would move). Shown in the
// panel where the date was changed, as a status (read out, not stealing the focus), until taken
// or declined; nothing moves unless asked.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Task } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { shiftDependents } from '@/domain/task-dependencies';
import { loadedTasks, taskListQuery, useShiftDependents } from '../api';
import { TASK_TEXTS } from '../texts';

export function ShiftDependentsOffer({ source, task, onDone }: { source: ProjectSource; task: Task; onDone: () => void }) {
  const t = useT('tasks', 'domain-shared');
  const list = useInfiniteQuery(taskListQuery(source));
  const shift = useShiftDependents(source);
  const count = dependentsToShift(loadedTasks(list.data), task.id);
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

/**
 * How many of the tasks waiting on `taskId` (directly or through others) would move to start
 * after their blockers' due dates, by the loaded tasks' dates and blockers: the server's own rule
 * (shiftDependents, Monday to Friday), so the offer names what the shift will do.
 */
export function dependentsToShift(tasks: readonly Task[], taskId: string): number {
  const edges = tasks.flatMap((task) => task.blockedBy.map((blocker) => ({ taskId: task.id, blockedById: blocker.id })));
  return shiftDependents({ tasks, edges, movedTaskId: taskId }).length;
}

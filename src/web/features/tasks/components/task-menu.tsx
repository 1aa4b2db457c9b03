// A task's '…' menu on the project page (issue 16): move it to another status (in progress is
// set here or on the board), and for staff, Edit (the row becomes its form) and a recurring
// task's Skip this one (issue 51 item 4).
import { MoreHorizontal } from 'lucide-react';
import { TASK_STATUSES, type TaskStatus } from '@/domain/project-status';
import { TASK_STATUS_TITLES, type Task } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { formatDate } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { useSkipOccurrence } from '../plan-api';
import { TASK_TEXTS } from '../texts';

type TaskMenuProps = {
  task: Task;
  canEdit: boolean;
  onMove: (status: TaskStatus) => void;
  onEdit: () => void;
  /** Where the task is: a recurring task's "Skip this one" (issue 51 item 4) is saved there. */
  source: ProjectSource;
};

export function TaskMenu({ task, canEdit, onMove, onEdit, source }: TaskMenuProps) {
  const t = useT('tasks', 'domain-shared');
  // "Skip this one" moves a recurring task to its rule's next date (staff, an open occurrence).
  const skip = useSkipOccurrence(source);
  const skipOccurrence = () =>
    skip.mutate(task.id, {
      onSuccess: (moved) => notifySuccess(t(TASK_TEXTS.repeat.skipped, { date: moved.dueDate ? formatDate(moved.dueDate) : '—' }), t(TASK_TEXTS.repeat.skippedTitle)),
      onError: (error) => notifyError(error, t(TASK_TEXTS.repeat.skipFailed)),
    });
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t(TASK_TEXTS.taskActions, { title: task.title })} data-task-menu={task.id}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {TASK_STATUSES.filter((status) => status !== task.status).map((status) => (
          <DropdownMenuItem key={status} onSelect={() => onMove(status)}>
            {t(TASK_TEXTS.moveTo, { status: t(TASK_STATUS_TITLES[status]) })}
          </DropdownMenuItem>
        ))}
        {canEdit ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onEdit}>{t(TASK_TEXTS.edit)}</DropdownMenuItem>
            {task.recurrence && task.status !== 'completed' ? <DropdownMenuItem onSelect={skipOccurrence}>{t(TASK_TEXTS.repeat.skip)}</DropdownMenuItem> : null}
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

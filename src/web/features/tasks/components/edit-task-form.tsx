// Edit a task in its row (issue 16): staff change its title, description, priority, due date
// and assignee; a new assignee is emailed and notified by the server.
import { useQuery } from '@tanstack/react-query';
import { formatMinutes } from '@/domain/time-rules';
import { TASK_MESSAGES, taskFormSchema, type Task } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { assigneesQuery, useUpdateTask } from '../api';
import { TASK_TEXTS } from '../texts';
import { TaskFields, type TaskForm } from './task-fields';

/**
 * The task's row turned into its form (issue 16: inline edit by staff). Escape or Cancel leaves
 * it as it was; Save keeps the form as typed when the server refuses, with its message.
 */
export function EditTaskForm({ source, task, onDone }: { source: ProjectSource; task: Task; onDone: () => void }) {
  const t = useT('tasks', 'domain-shared');
  const update = useUpdateTask(source);
  const assignees = useQuery(assigneesQuery(source));
  const form: TaskForm = useSchemaForm({
    schema: taskFormSchema,
    defaultValues: {
      title: task.title,
      description: task.description ?? '',
      priority: task.priority,
      startDate: task.startDate ?? '',
      dueDate: task.dueDate ?? '',
      estimate: task.estimateMinutes === null ? '' : formatMinutes(task.estimateMinutes),
      assigneeId: task.assigneeId,
    },
  });

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { taskId: task.id, ...values },
      {
        onSuccess: () => {
          notifySuccess(t(TASK_TEXTS.saved));
          onDone();
        },
        // The form stays as typed; the server's message says why.
        onError: (error) => notifyError(error, t(TASK_MESSAGES.updateFailed)),
      },
    ),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t(TASK_TEXTS.editTitle)}
      className="grid gap-4 sm:grid-cols-2"
      onKeyDown={(event) => {
        // Escape inside an open select closes the select only (Radix stops it there).
        if (event.key === 'Escape' && !update.isPending) {
          event.preventDefault();
          onDone();
        }
      }}
    >
      <TaskFields
        form={form}
        assignees={assignees.data}
        assigneesFailed={assignees.isError ? { error: assignees.error, onRetry: () => void assignees.refetch() } : undefined}
        wideClassName="sm:col-span-2"
        source={source}
      />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" disabled={update.isPending} onClick={onDone}>
          {t(UI_TEXTS.cancel)}
        </Button>
        <Button type="submit" loading={update.isPending} loadingText={t(TASK_TEXTS.saving)}>
          {t(TASK_TEXTS.save)}
        </Button>
      </div>
    </form>
  );
}

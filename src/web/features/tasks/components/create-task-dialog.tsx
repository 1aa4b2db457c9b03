// Create Task (spec 2 "Tasks"; issue 16 adds the assignee): a dialog on the project page.
import { useQuery } from '@tanstack/react-query';
import { TASK_MESSAGES, taskFormSchema } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { useSchemaForm } from '@/web/components/ui/schema-form';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { notifySuccess } from '@/web/lib/notify';
import { refusingPastDueDate } from '@/web/lib/past-due-date';
import type { ProjectSource } from '@/web/lib/project-source';
import { assigneesQuery, useCreateTask } from '../api';
import { TASK_TEXTS } from '../texts';
import { TaskFields, type TaskForm, type TaskFormValues } from './task-fields';

const emptyValues: TaskFormValues = { title: '', description: '', priority: 'medium', startDate: '', dueDate: '', estimate: '', assigneeId: null };

export function CreateTaskDialog({
  source,
  open,
  onOpenChange,
}: {
  source: ProjectSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('tasks', 'domain-shared');
  const createTask = useCreateTask(source);
  const assignees = useQuery({ ...assigneesQuery(source), enabled: open });
  const form: TaskForm = useSchemaForm({
    schema: taskFormSchema,
    defaultValues: emptyValues,
    wrapResolver: (resolver) => refusingPastDueDate(resolver, TASK_MESSAGES.dueDateInPast.id),
  });

  const onSubmit = form.handleSubmit((values) => {
    createTask.mutate(values, {
      onSuccess: () => {
        notifySuccess(t(TASK_MESSAGES.created));
        form.reset(emptyValues);
        onOpenChange(false);
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !createTask.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-[500px]">
        <DialogHeader>
          <DialogTitle>{t(TASK_MESSAGES.dialogTitle)}</DialogTitle>
          <DialogDescription>{t(TASK_TEXTS.createDescription)}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <TaskFields
            form={form}
            assignees={assignees.data}
            assigneesFailed={assignees.isError ? { error: assignees.error, onRetry: () => void assignees.refetch() } : undefined}
            source={source}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={createTask.isPending} onClick={() => onOpenChange(false)}>
              {t(UI_TEXTS.cancel)}
            </Button>
            <Button type="submit" loading={createTask.isPending} loadingText={t(TASK_MESSAGES.creating)}>
              {t(TASK_MESSAGES.create)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

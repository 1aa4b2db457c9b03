// Edit a task in its row (issue 16): staff change its title, description, priority, due date
// and assignee; a new assignee is emailed and notified by the server.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TASK_PRIORITIES } from '@/domain/project-status';
import { createTaskSchema, TASK_MESSAGES, type Task } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { assigneesQuery, useUpdateTask } from '../api';
import { TASK_TEXTS } from '../texts';
import { AssigneeSelect } from './assignee-select';

const PRIORITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High' } as const;
type Values = z.input<typeof createTaskSchema>;

/**
 * The task's row turned into its form (issue 16: inline edit by staff). Escape or Cancel leaves
 * it as it was; Save keeps the form as typed when the server refuses, with its message.
 */
export function EditTaskForm({ source, task, onDone }: { source: ProjectSource; task: Task; onDone: () => void }) {
  const update = useUpdateTask(source);
  const assignees = useQuery(assigneesQuery(source));
  const form = useForm<Values, unknown, z.output<typeof createTaskSchema>>({
    resolver: zodResolver(createTaskSchema),
    defaultValues: { title: task.title, description: task.description ?? '', priority: task.priority, dueDate: task.dueDate ?? '', assigneeId: task.assigneeId },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(
      { taskId: task.id, ...values },
      {
        onSuccess: () => {
          notifySuccess(TASK_TEXTS.saved);
          onDone();
        },
        // The form stays as typed; the server's message says why.
        onError: (error) => notifyError(error, TASK_MESSAGES.updateFailed),
      },
    ),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={TASK_TEXTS.editTitle}
      className="grid gap-4 sm:grid-cols-2"
      onKeyDown={(event) => {
        // Escape inside an open select closes the select only (Radix stops it there).
        if (event.key === 'Escape' && !update.isPending) {
          event.preventDefault();
          onDone();
        }
      }}
    >
      <FormField label="Task Title" error={errors.title?.message} className="sm:col-span-2">
        <Input autoFocus {...form.register('title')} />
      </FormField>
      <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <FormField label="Priority" error={errors.priority?.message}>
        <Controller
          control={form.control}
          name="priority"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger onBlur={field.onBlur} aria-label="Priority">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TASK_PRIORITIES.map((priority) => (
                  <SelectItem key={priority} value={priority}>
                    {PRIORITY_LABELS[priority]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField label="Due Date" error={errors.dueDate?.message}>
        <Input type="date" {...form.register('dueDate')} />
      </FormField>
      <FormField label={TASK_TEXTS.assignee} error={errors.assigneeId?.message}>
        <Controller
          control={form.control}
          name="assigneeId"
          render={({ field }) => <AssigneeSelect value={(field.value as string | null) ?? null} assignees={assignees.data} onChange={field.onChange} />}
        />
      </FormField>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" disabled={update.isPending} onClick={onDone}>
          {TASK_TEXTS.cancel}
        </Button>
        <Button type="submit" loading={update.isPending} loadingText={TASK_TEXTS.saving}>
          {TASK_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}

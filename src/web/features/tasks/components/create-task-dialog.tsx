import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Controller, useForm } from 'react-hook-form';
import { TASK_PRIORITIES } from '@/domain/project-status';
import { createTaskSchema, TASK_MESSAGES } from '@/domain/tasks';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { assigneesQuery, useCreateTask } from '../api';
import { TASK_TEXTS } from '../texts';
import { AssigneeSelect } from './assignee-select';

type CreateTaskValues = z.input<typeof createTaskSchema>;
const emptyValues: CreateTaskValues = { title: '', description: '', priority: 'medium', dueDate: '', assigneeId: null };
const PRIORITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High' } as const;

export function CreateTaskDialog({
  source,
  open,
  onOpenChange,
}: {
  source: ProjectSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const createTask = useCreateTask(source);
  const assignees = useQuery({ ...assigneesQuery(source), enabled: open });
  const form = useForm<CreateTaskValues, unknown, z.output<typeof createTaskSchema>>({ resolver: zodResolver(createTaskSchema), defaultValues: emptyValues });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    createTask.mutate(values, {
      onSuccess: () => {
        notifySuccess(TASK_MESSAGES.created);
        form.reset(emptyValues);
        onOpenChange(false);
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !createTask.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-[500px]">
        <DialogHeader>
          <DialogTitle>{TASK_MESSAGES.dialogTitle}</DialogTitle>
          <DialogDescription>Add a task to this project.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <FormField label="Task Title" error={errors.title?.message}>
            <Input autoFocus {...form.register('title')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
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
              render={({ field }) => (
                <AssigneeSelect value={(field.value as string | null) ?? null} assignees={assignees.data} onChange={field.onChange} />
              )}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={createTask.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={createTask.isPending} loadingText={TASK_MESSAGES.creating}>
              {TASK_MESSAGES.create}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// The fields of a task's form, shared by Create Task (a dialog) and the row's edit form (issue 16).
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { TASK_PRIORITIES } from '@/domain/project-status';
import { TASK_PRIORITY_LABELS } from '@/domain/task-rules';
import type { taskFormSchema } from '@/domain/tasks';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import { useT } from '@/web/lib/i18n';
import type { ProjectSource } from '@/web/lib/project-source';
import type { Assignee } from '../api';
import { TASK_TEXTS } from '../texts';
import { AssigneeSelect } from './assignee-select';

export type TaskFormValues = z.input<typeof taskFormSchema>;
export type TaskForm = UseFormReturn<TaskFormValues, unknown, z.output<typeof taskFormSchema>>;

type TaskFieldsProps = {
  form: TaskForm;
  /** Undefined while they load, or when they failed to (`assigneesFailed`). */
  assignees: Assignee[] | undefined;
  /** The assignees failed to load (issue 49 item 3): said under the picker, with Retry. */
  assigneesFailed?: { error: unknown; onRetry: () => void };
  /** Title and description across both columns of a two-column form. */
  wideClassName?: string;
  source: ProjectSource;
};

export function TaskFields({ form, assignees, assigneesFailed, wideClassName, source }: TaskFieldsProps) {
  const t = useT('tasks');
  const { errors } = form.formState;
  return (
    <>
      <FormField label={t(TASK_TEXTS.fields.title)} error={errors.title?.message} className={wideClassName}>
        <Input autoFocus {...form.register('title')} />
      </FormField>
      <FormField label={t(TASK_TEXTS.fields.description)} error={errors.description?.message} className={wideClassName}>
        <Textarea rows={3} {...form.register('description')} />
      </FormField>
      <FormField label={t(TASK_TEXTS.fields.priority)} error={errors.priority?.message}>
        <Controller
          control={form.control}
          name="priority"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger onBlur={field.onBlur} aria-label={t(TASK_TEXTS.fields.priority)}>
                <SelectValue />
              </SelectTrigger>
              <PriorityOptions />
            </Select>
          )}
        />
      </FormField>
      <FormField label={t(TASK_TEXTS.fields.startDate)} error={errors.startDate?.message}>
        <Input type="date" {...form.register('startDate')} />
      </FormField>
      <FormField label={t(TASK_TEXTS.fields.dueDate)} error={errors.dueDate?.message}>
        <Input type="date" {...form.register('dueDate')} />
      </FormField>
      <FormField label={t(TASK_TEXTS.fields.estimate)} error={errors.estimate?.message} hint={t(TASK_TEXTS.estimateHint)}>
        <Input inputMode="text" autoComplete="off" {...form.register('estimate')} />
      </FormField>
      <FormField label={t(TASK_TEXTS.assignee)} error={errors.assigneeId?.message}>
        <Controller
          control={form.control}
          name="assigneeId"
          render={({ field }) => <AssigneeSelect value={(field.value as string | null) ?? null} assignees={assignees} onChange={field.onChange} source={source} />}
        />
      </FormField>
      {assigneesFailed ? (
        <div className={wideClassName}>
          <LoadErrorPanel compact title={t(TASK_TEXTS.assigneesLoadFailed)} error={assigneesFailed.error} onRetry={assigneesFailed.onRetry} />
        </div>
      ) : null}
    </>
  );
}

/** The priorities as a Select's options, in their order: the edit form's and the task panel's. */
export function PriorityOptions() {
  const t = useT('domain-shared');
  return (
    <SelectContent>
      {TASK_PRIORITIES.map((priority) => (
        <SelectItem key={priority} value={priority}>
          {t(TASK_PRIORITY_LABELS[priority])}
        </SelectItem>
      ))}
    </SelectContent>
  );
}

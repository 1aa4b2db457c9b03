// The task's assignee, priority, dates and estimate changed in its panel where they are shown (issue 49
// item 9), as its status is: each saves on its own when changed, through the same update as the
// edit form (useUpdateTask: shown at once, put back if refused) and the server's own validation;
// a refusal says why in an error toast. Staff only, as the edit form (the server refuses others).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { TaskPriority } from '@/domain/project-status';
import { TASK_MESSAGES } from '@/domain/task-rules';
import type { Task } from '@/domain/tasks';
import { Input } from '@/web/components/ui/input';
import { Select, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/class-names';
import { translate, useT } from '@/web/lib/i18n';
import { notifyError } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { assigneesQuery, useUpdateTask } from '../api';
import { TASK_TEXTS } from '../texts';
import { AssigneeSelect } from './assignee-select';
import { PriorityOptions } from './task-fields';

export type FieldProps = { source: ProjectSource; task: Task };

/**
 * One field's saving: its own mutation, so that two fields changed in quick succession each say
 * their own failure (mutateAsync's promise settles whichever change the hook shows last).
 */
export function useSaveField(source: ProjectSource, taskId: string, onSaved?: (change: { dueDate?: unknown }) => void) {
  const update = useUpdateTask(source);
  return (change: Omit<Parameters<typeof update.mutate>[0], 'taskId'>) =>
    void update
      .mutateAsync({ taskId, ...change })
      .then(() => onSaved?.(change))
      .catch((error: unknown) => notifyError(error, translate(TASK_MESSAGES.updateFailed)));
}

/** The assignee picker (staff and the project's developers; a developer elsewhere is asked to join first). */
export function AssigneeInPlace({ source, task }: FieldProps) {
  const t = useT('tasks', 'domain-shared');
  const assignees = useQuery(assigneesQuery(source));
  const save = useSaveField(source, task.id);
  // Until the people are read, the name as it is: a picker without them could not show it.
  if (!assignees.data) return <span className="break-words">{task.assigneeName ?? <span className="text-muted-foreground">{t(TASK_TEXTS.unassigned)}</span>}</span>;
  const people = assignees.data;
  return (
    <AssigneeSelect
      className="h-9 w-full max-w-64"
      value={task.assigneeId}
      assignees={people}
      source={source}
      onChange={(assigneeId) => {
        if (assigneeId === task.assigneeId) return;
        save({ assigneeId, assigneeName: people.find((person) => person.id === assigneeId)?.fullName ?? null });
      }}
    />
  );
}

export function PriorityInPlace({ source, task }: FieldProps) {
  const t = useT('tasks', 'domain-shared');
  const save = useSaveField(source, task.id);
  return (
    <Select value={task.priority} onValueChange={(priority) => priority !== task.priority && save({ priority: priority as TaskPriority })}>
      <SelectTrigger aria-label={t(TASK_TEXTS.fields.priority)} className="h-9 w-44">
        <SelectValue />
      </SelectTrigger>
      <PriorityOptions />
    </Select>
  );
}

/** A whole date whose year is typed out: the browser's field passes through 0002, 0020, 0202 on the way to 2026. */
const TYPED_DATE = /^[1-9]\d{3}-\d{2}-\d{2}$/;
/** How long a typed date rests before it is saved: the day's two digits are one change, not two. */
const DATE_SETTLE_MS = 700;

/**
 * A date of the task (its due date; its start, issue 51): a date picked or typed saves once it has
 * settled (or at once on Enter or on leaving the field); an emptied field clears it on leaving or
 * Enter only, as a half-typed date reads empty too.
 */
function DateInPlace({
  source,
  task,
  field,
  label,
  className,
  onSaved,
}: FieldProps & { field: 'dueDate' | 'startDate'; label: string; className?: string; onSaved?: (change: { dueDate?: unknown }) => void }) {
  const save = useSaveField(source, task.id, onSaved);
  const stored = task[field];
  const [draft, setDraft] = useState(stored ?? '');
  // The task's date changed elsewhere (saved, put back, live): the field shows it.
  const [shown, setShown] = useState(stored);
  if (shown !== stored) {
    setShown(stored);
    setDraft(stored ?? '');
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The save waiting for the date to settle, run early when the panel closes. */
  const waiting = useRef<(() => void) | null>(null);

  const commit = (value: string) => {
    clearTimeout(timer.current);
    waiting.current = null;
    const date = value === '' ? null : value;
    if (date === stored) return;
    // The browser's field answers a whole date or nothing; nothing while half typed is no change.
    if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    save({ [field]: date });
  };

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      waiting.current?.();
    },
    [],
  );

  return (
    <Input
      type="date"
      aria-label={label}
      className={cn('h-9 w-44', className)}
      value={draft}
      onChange={(event) => {
        const value = event.target.value;
        setDraft(value);
        clearTimeout(timer.current);
        waiting.current = null;
        if (!TYPED_DATE.test(value)) return;
        waiting.current = () => commit(value);
        timer.current = setTimeout(() => waiting.current?.(), DATE_SETTLE_MS);
      }}
      onBlur={() => commit(draft)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
    />
  );
}

/**
 * The due date. `onMovedLater`: a later date was stored (the panel then offers to shift the tasks
 * waiting on this one, issue 51; an earlier one leaves them where they are).
 */
export function DueDateInPlace({ source, task, overdue, onMovedLater }: FieldProps & { overdue: boolean; onMovedLater?: () => void }) {
  const t = useT('tasks', 'domain-shared');
  const previous = task.dueDate;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <DateInPlace
        source={source}
        task={task}
        field="dueDate"
        label={t(TASK_TEXTS.fields.dueDate)}
        className={overdue ? 'border-red-300 text-red-700' : undefined}
        onSaved={({ dueDate }) => {
          if (typeof dueDate === 'string' && (previous === null || dueDate > previous)) onMovedLater?.();
        }}
      />
      {overdue ? <span className="font-medium text-red-700">{t(TASK_MESSAGES.overdue)}</span> : null}
    </span>
  );
}

/** Issue 51: when work on the task starts; the server refuses one after the due date (said in a toast). */
export function StartDateInPlace({ source, task }: FieldProps) {
  const t = useT('tasks', 'domain-shared');
  return <DateInPlace source={source} task={task} field="startDate" label={t(TASK_TEXTS.fields.startDate)} />;
}

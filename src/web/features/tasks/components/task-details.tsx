// A task's fields in its panel (issue 29): status, assignee, priority, start and due dates,
// estimate (issue 51), description.
// Who may change what is as on the list (issue 16): anyone on the project page sets the status
// (any of the three, as the task's menu does), a link's contributors toggle it (spec 4), staff
// change the assignee, priority and due date where they are shown (issue 49 item 9) and the
// title and description with the row's own form (edit-task-form.tsx).
import { Pencil } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { TASK_STATUSES, type TaskStatus } from '@/domain/project-status';
import { isTaskOverdue, TASK_MESSAGES, TASK_STATUS_TITLES, type Task } from '@/domain/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/class-names';
import { formatDate, todayIso } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { lazyComponent, preloadOnIntent } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { useUpdateTask } from '../api';
import { TASK_TEXTS } from '../texts';
import { PriorityBadge } from './priority-badge';
import { AssigneeInPlace, DueDateInPlace, PriorityInPlace, StartDateInPlace } from './task-fields-in-place';
import { BlockedBy } from './blocked-by';
import { ShiftDependentsOffer } from './shift-dependents-offer';

// Staff's Repeat control (issue 51 item 4) loads with the panel's first use of it.
const RepeatControl = lazyComponent(async () => (await import('./repeat-control')).RepeatControl);
// Members who may not change the rule read it in words.
const RecurrenceText = lazyComponent(async () => (await import('./recurrence-words')).RecurrenceText);

// The form (react-hook-form, zod) loads when staff first choose Edit, or on the button's hover.
const EditTaskForm = lazyComponent(async () => (await import('./edit-task-form')).EditTaskForm);
// The estimate reads durations as time entries do: loaded when shown (a share link's page stays light).
const EstimateInPlace = lazyComponent(async () => (await import('./estimate-in-place')).EstimateInPlace);
const EstimateText = lazyComponent(async () => (await import('./estimate-in-place')).EstimateText);

/** How the status may be changed here: any status (the project page), a toggle (a link's contributor), or not. */
export type StatusControl = { kind: 'select' } | { kind: 'toggle'; nextStatus: (status: TaskStatus) => 'pending' | 'completed' } | { kind: 'none' };

type TaskDetailsProps = {
  source: ProjectSource;
  task: Task;
  status: StatusControl;
  /** Staff: title, description, priority, due date and assignee. */
  canEditFields: boolean;
  /** The project page names who does the task; the shared page does not (as its list). */
  showAssignee: boolean;
};

export function TaskDetails({ source, task, status, canEditFields, showAssignee }: TaskDetailsProps) {
  const t = useT('tasks', 'domain-shared');
  const update = useUpdateTask(source);
  const [editing, setEditing] = useState(false);
  // Issue 51: after staff move the due date, the offer to move the tasks waiting on this one.
  const [offerShift, setOfferShift] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // Back from the form, Edit takes the focus the form had.
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const overdue = isTaskOverdue(task, todayIso());

  const setStatus = (next: TaskStatus) => {
    if (next === task.status) return;
    update.mutate(
      { taskId: task.id, status: next },
      {
        onSuccess: () => notifySuccess(t(TASK_MESSAGES.updated, { status: t(TASK_STATUS_TITLES[next]) }), t(TASK_MESSAGES.updatedTitle)),
        onError: (error) => notifyError(error, t(TASK_MESSAGES.updateFailed)),
      },
    );
  };

  if (editing) {
    return (
      // The form's Escape cancels the edit, not the panel around it.
      <div data-keeps-escape="" className="rounded-lg border bg-card p-4">
        <Suspense fallback={<Skeleton className="h-72" />}>
          <EditTaskForm
            source={source}
            task={task}
            onDone={() => {
              refocus.current = true;
              setEditing(false);
            }}
          />
        </Suspense>
      </div>
    );
  }

  const shownStatus = update.isPending && update.variables?.status ? update.variables.status : task.status;
  return (
    <section aria-label={t(TASK_TEXTS.panel.details)} className="grid gap-4">
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] items-center gap-x-4 gap-y-3 text-sm">
        <dt className="text-muted-foreground">{t(TASK_TEXTS.panel.status)}</dt>
        <dd>
          {status.kind === 'select' ? (
            <Select value={shownStatus} onValueChange={(value) => setStatus(value as TaskStatus)} disabled={update.isPending}>
              <SelectTrigger aria-label={t(TASK_TEXTS.panel.status)} className="h-9 w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TASK_STATUSES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {t(TASK_STATUS_TITLES[value])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : (
            <span className="flex items-center gap-2">
              {status.kind === 'toggle' ? (
                <input
                  type="checkbox"
                  className="size-4 accent-emerald-600"
                  checked={shownStatus === 'completed'}
                  disabled={update.isPending}
                  onChange={() => setStatus(status.nextStatus(task.status))}
                  aria-label={t(TASK_TEXTS.markAs, { task: task.title, status: t(TASK_STATUS_TITLES[status.nextStatus(task.status)]) })}
                />
              ) : null}
              <Badge variant="outline" className={shownStatus === 'completed' ? 'border-emerald-200 bg-emerald-50 text-emerald-800' : undefined}>
                {t(TASK_STATUS_TITLES[shownStatus])}
              </Badge>
            </span>
          )}
        </dd>
        {showAssignee ? (
          <>
            <dt className="text-muted-foreground">{t(TASK_TEXTS.assignee)}</dt>
            <dd className="break-words">
              {canEditFields ? (
                <AssigneeInPlace source={source} task={task} />
              ) : (
                (task.assigneeName ?? <span className="text-muted-foreground">{t(TASK_TEXTS.unassigned)}</span>)
              )}
            </dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{t(TASK_TEXTS.fields.priority)}</dt>
        <dd>{canEditFields ? <PriorityInPlace source={source} task={task} /> : <PriorityBadge priority={task.priority} />}</dd>
        <dt className="text-muted-foreground">{t(TASK_TEXTS.fields.startDate)}</dt>
        <dd>
          {canEditFields ? (
            <StartDateInPlace source={source} task={task} />
          ) : task.startDate ? (
            formatDate(task.startDate)
          ) : (
            <span className="text-muted-foreground">—</span>
          )}
        </dd>
        <dt className="text-muted-foreground">{t(TASK_TEXTS.fields.dueDate)}</dt>
        {canEditFields ? (
          <dd>
            <DueDateInPlace source={source} task={task} overdue={overdue} onMovedLater={() => setOfferShift(true)} />
          </dd>
        ) : (
          <dd className={cn(overdue && 'font-medium text-red-700')}>
            {task.dueDate ? formatDate(task.dueDate) : <span className="text-muted-foreground">—</span>}
            {overdue ? ` ${t(TASK_MESSAGES.overdue)}` : null}
          </dd>
        )}
        {/* A share link's reader is not told the agency's estimate (the server sends none). */}
        {canEditFields || task.estimateMinutes !== null ? (
          <>
            <dt className="text-muted-foreground">{t(TASK_TEXTS.fields.estimate)}</dt>
            <dd>
              <Suspense fallback={<Skeleton className={canEditFields ? 'h-9 w-44' : 'h-5 w-12'} />}>
                {canEditFields ? <EstimateInPlace source={source} task={task} /> : <EstimateText minutes={task.estimateMinutes ?? 0} />}
              </Suspense>
            </dd>
          </>
        ) : null}
        {/* Issue 51 item 4: how the task repeats, on the project page (a link shows no rule). */}
        {showAssignee && (canEditFields || task.recurrence) ? (
          <>
            <dt className="self-start pt-2 text-muted-foreground">{t(TASK_TEXTS.repeat.label)}</dt>
            {canEditFields ? (
              <dd>
                <Suspense fallback={<Skeleton className="h-9 w-64" />}>
                  <RepeatControl source={source} task={task} />
                </Suspense>
              </dd>
            ) : (
              <Suspense fallback={<dd />}>
                <RecurrenceText task={task} />
              </Suspense>
            )}
          </>
        ) : null}
        <dt className="text-muted-foreground">{t(TASK_TEXTS.panel.created)}</dt>
        <dd>{formatDate(task.createdAt)}</dd>
        {task.completedAt ? (
          <>
            <dt className="text-muted-foreground">{t(TASK_TEXTS.panel.completed)}</dt>
            <dd>{formatDate(task.completedAt)}</dd>
          </>
        ) : null}
      </dl>
      {canEditFields && offerShift ? (
        <ShiftDependentsOffer source={source} task={task} onDone={() => setOfferShift(false)} />
      ) : null}
      <div className="grid gap-1.5">
        <h3 className="text-sm font-semibold">{t(TASK_TEXTS.fields.description)}</h3>
        {task.description ? (
          <p className="text-sm break-words whitespace-pre-wrap">{task.description}</p>
        ) : (
          <p className="text-sm text-muted-foreground italic">{t(TASK_TEXTS.panel.noDescription)}</p>
        )}
      </div>
      <BlockedBy source={source} task={task} canEdit={canEditFields} />
      {canEditFields ? (
        <Button ref={editButton} variant="outline" size="sm" className="justify-self-start" onClick={() => setEditing(true)} {...preloadOnIntent(EditTaskForm)}>
          <Pencil aria-hidden />
          {t(TASK_TEXTS.panel.edit)}
        </Button>
      ) : null}
    </section>
  );
}

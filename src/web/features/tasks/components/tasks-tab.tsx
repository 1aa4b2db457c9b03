import { useInfiniteQuery } from '@tanstack/react-query';
import { Columns3, List, Plus } from 'lucide-react';
import { Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { TaskStatus } from '@/domain/project-status';
import { isTaskOverdue, TASK_MESSAGES, TASK_STATUS_TITLES, toggledTaskStatus, type Task } from '@/domain/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { LoadMore } from '@/web/components/ui/load-more';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/class-names';
import { formatDate, todayIso } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import type { ProjectSource } from '@/web/lib/project-source';
import { loadedTasks, taskListQuery, useSetTaskStatus } from '../api';
import { TASK_TEXTS } from '../texts';
import { PriorityBadge } from './priority-badge';
import { BlockedBadge } from './blocked-badge';
import { TaskTitle, type TaskLinks } from './task-title';
import { useCreateRequest } from '@/web/lib/create-request';

// The dialog (a form, zod, the dialog primitive) downloads when first opened or on the button's hover.
const CreateTaskDialog = lazyComponent(async () => (await import('./create-task-dialog')).CreateTaskDialog);
const EditTaskForm = lazyComponent(async () => (await import('./edit-task-form')).EditTaskForm);
// The board (dnd-kit) downloads when chosen, or on the switch's hover.
const TaskBoard = lazyComponent(async () => (await import('./task-board')).TaskBoard);
// The timeline (issue 51 item 3, plain SVG) likewise: staff and developers only, never a share link's first load.
const TaskTimeline = lazyComponent(async () => (await import('./task-timeline')).TaskTimeline);
// The task's '…' menu (a Radix dropdown) is the project page's only: the shared page never loads it.
const TaskMenu = lazyComponent(async () => (await import('./task-menu')).TaskMenu);
// A recurring task's rule in words (issue 51 item 4): the project page's only, like the menu.
const RecurrenceLine = lazyComponent(async () => (await import('./recurrence-words')).RecurrenceLine);

/** Holds the menu button's place while its code arrives, so the row does not shift. */
function TaskMenuPlaceholder() {
  return <span aria-hidden className="size-10 shrink-0" />;
}

type TaskItemProps = {
  task: Task;
  /** The project page's extras (issue 16): who does it, and the task's menu. */
  showAssignee?: boolean;
  menu?: ReactNode;
  /** The status just clicked, shown until the request settles. */
  clicked: TaskStatus | null;
  onToggle: () => void;
  pending: boolean;
  canToggle: boolean;
  nextStatus: (status: TaskStatus) => ToggleStatus;
  /** The task the page was opened for: outlined, and focusable so it can take the focus. */
  highlighted?: boolean;
  links?: TaskLinks;
};

function TaskItem({ task, clicked, onToggle, pending, canToggle, nextStatus, showAssignee, menu, highlighted, links }: TaskItemProps) {
  const t = useT('tasks', 'domain-shared');
  const completed = (clicked ?? task.status) === 'completed';
  const overdue = isTaskOverdue(task, todayIso());
  return (
    <li
      id={`task-${task.id}`}
      tabIndex={highlighted ? -1 : undefined}
      aria-current={highlighted ? 'true' : undefined}
      className={cn(
        'flex scroll-mt-24 gap-3 rounded-lg border bg-card p-4',
        completed && 'border-emerald-200 bg-emerald-50/60',
        overdue && 'border-red-200 bg-red-50/60',
        highlighted && 'ring-2 ring-primary ring-offset-2 outline-none',
      )}
    >
      <input
        type="checkbox"
        className="mt-1 size-4 accent-emerald-600"
        checked={completed}
        disabled={pending || !canToggle}
        onChange={onToggle}
        aria-label={
          canToggle
            ? t(TASK_TEXTS.markAs, { task: task.title, status: t(TASK_STATUS_TITLES[nextStatus(task.status)]) })
            : t(TASK_TEXTS.statusOf, { task: task.title, status: t(TASK_STATUS_TITLES[task.status]) })
        }
      />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          {/* The title's own element carries its state: the link, where the page opens the task's panel. */}
          <p className="font-medium">
            <TaskTitle task={task} links={links} className={cn(completed && 'text-emerald-700 line-through', overdue && 'text-red-700')} />
          </p>
          <PriorityBadge priority={task.priority} />
          <Badge variant="outline" className={completed ? 'border-emerald-200 bg-emerald-50 text-emerald-800' : undefined}>
            {t(TASK_STATUS_TITLES[task.status])}
          </Badge>
          <BlockedBadge task={task} />
        </div>
        {task.description ? <p className="text-sm whitespace-pre-wrap text-muted-foreground">{task.description}</p> : null}
        <p className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
          <span>{t(TASK_TEXTS.created, { date: formatDate(task.createdAt) })}</span>
          {task.dueDate ? (
            <span className={overdue ? 'font-medium text-red-700' : undefined}>
              {t(TASK_TEXTS.due, { date: formatDate(task.dueDate) })}
              {overdue ? ` ${t(TASK_MESSAGES.overdue)}` : null}
            </span>
          ) : null}
          {task.completedAt ? <span>{t(TASK_TEXTS.completedOn, { date: formatDate(task.completedAt) })}</span> : null}
          {showAssignee && task.assigneeName ? <span>{t(TASK_TEXTS.assignedTo, { name: task.assigneeName })}</span> : null}
          {showAssignee && task.recurrence ? (
            <Suspense fallback={null}>
              <RecurrenceLine task={task} />
            </Suspense>
          ) : null}
        </p>
      </div>
      {menu}
    </li>
  );
}

type ToggleStatus = 'pending' | 'completed';

/** Spec 4: the project page switches pending and completed. */
const memberToggleStatus = (status: TaskStatus) => toggledTaskStatus(status) as ToggleStatus;

type TasksTabProps = {
  source: ProjectSource;
  canAddTasks: boolean;
  /** Signed-out link viewers see the tasks but cannot tick them (spec 6). */
  canToggle?: boolean;
  /** The status a click sets; the shared page passes its own rule (spec 4). */
  nextStatus?: (status: TaskStatus) => ToggleStatus;
  /**
   * The project page's member tools (issue 16): assignees, the task menu, staff edits, and the
   * board beside the list, the choice remembered per user.
   */
  member?: { viewerId: string; canEdit: boolean };
  /** A task to show (issue 27: an inbox notification opens it): scrolled to, outlined and focused. */
  focusTaskId?: string | null;
  /** Titles open the task's panel (issue 29). */
  taskLinks?: TaskLinks;
};

type TaskView = 'list' | 'board' | 'timeline';
const viewKey = (viewerId: string) => `brieflane:task-view:${viewerId}`;

function rememberedView(viewerId: string | undefined): TaskView {
  if (!viewerId) return 'list';
  try {
    const stored = window.localStorage.getItem(viewKey(viewerId));
    return stored === 'board' || stored === 'timeline' ? stored : 'list';
  } catch {
    return 'list';
  }
}

export function TasksTab({ source, canAddTasks, canToggle = true, nextStatus = memberToggleStatus, member, focusTaskId = null, taskLinks }: TasksTabProps) {
  const t = useT('tasks', 'domain-shared');
  const tasks = useInfiniteQuery(taskListQuery(source));
  // Every loaded page in list order, which is the board's (issue 27).
  const loaded = useMemo(() => loadedTasks(tasks.data), [tasks.data]);
  const setStatus = useSetTaskStatus(source);
  const listRef = useRef<HTMLUListElement>(null);
  // A task to show opens the list, where every task has its row.
  const [view, setView] = useState<TaskView>(() => (focusTaskId ? 'list' : rememberedView(member?.viewerId)));
  const onBoard = member !== undefined && view === 'board';
  const onTimeline = member !== undefined && view === 'timeline';
  // The board needs every task in its column: it loads the pages one after another (open
  // columns first, as the order puts them) instead of a Load more button (decision 021). A task
  // asked for by the inbox is looked for the same way until it is loaded.
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = tasks;
  const focusTarget = focusTaskId && loaded.some((task) => task.id === focusTaskId) ? focusTaskId : null;
  const seekingFocus = focusTaskId !== null && focusTarget === null;
  useEffect(() => {
    if ((onBoard || onTimeline || seekingFocus) && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [onBoard, onTimeline, seekingFocus, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  // Once its row is in the list, the task asked for is scrolled to the middle and takes the focus.
  useEffect(() => {
    if (!focusTarget) return;
    const row = document.getElementById(`task-${focusTarget}`);
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [focusTarget]);
  // The task being edited in its row (staff), and giving focus back to its menu afterwards.
  const [editingId, setEditingId] = useState<string | null>(null);
  const returnFocusTo = useRef<string | null>(null);
  const finishEditing = (taskId: string) => {
    returnFocusTo.current = taskId;
    setEditingId(null);
  };
  // Once the row is back (committed), its menu button takes the focus the form had.
  useEffect(() => {
    if (editingId !== null || returnFocusTo.current === null) return;
    document.querySelector<HTMLElement>(`[data-task-menu="${returnFocusTo.current}"]`)?.focus();
    returnFocusTo.current = null;
  }, [editingId]);
  const chooseView = (next: TaskView) => {
    setView(next);
    try {
      if (member) window.localStorage.setItem(viewKey(member.viewerId), next);
    } catch {
      // Private mode without storage: the choice lasts for this visit.
    }
  };
  const move = (task: Task, status: TaskStatus, afterTaskId?: string | null) =>
    setStatus.mutate(
      { taskId: task.id, status, ...(afterTaskId === undefined ? {} : { afterTaskId }) },
      {
        onSuccess: () => notifySuccess(t(TASK_MESSAGES.updated, { status: t(TASK_STATUS_TITLES[status]) }), t(TASK_MESSAGES.updatedTitle)),
        onError: (error) => notifyError(error, t(TASK_MESSAGES.updateFailed)),
      },
    );
  const [dialogOpen, setDialogOpen] = useState(false);
  const dialogOpened = useOpenedOnce(dialogOpen);
  useCreateRequest('task', canAddTasks, () => setDialogOpen(true));
  // The box flips in the same frame as the click: the list's optimistic update reaches React a
  // moment later, and a controlled checkbox would spring back until then. Once the request
  // settles, the list (the server's answer, or the old status after a failure) rules again.
  const [clicked, setClicked] = useState<{ taskId: string; status: TaskStatus } | null>(null);

  const toggle = (task: Task) => {
    const status = nextStatus(task.status);
    setClicked({ taskId: task.id, status });
    setStatus.mutate(
      { taskId: task.id, status },
      {
        onSuccess: () => notifySuccess(t(TASK_MESSAGES.updated, { status: t(TASK_STATUS_TITLES[status]) }), t(TASK_MESSAGES.updatedTitle)),
        onError: (error) => notifyError(error, t(TASK_MESSAGES.updateFailed)),
        onSettled: () => setClicked((current) => (current?.taskId === task.id ? null : current)),
      },
    );
  };

  return (
    <section className="space-y-4" aria-label={t(TASK_TEXTS.title)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t(TASK_TEXTS.title)}</h2>
        {member ? (
          <div role="group" aria-label={t(TASK_TEXTS.view)} className="ml-auto inline-flex rounded-md border p-0.5">
            {(['list', 'board', 'timeline'] as const).map((option) => (
              <Button
                key={option}
                size="sm"
                variant={view === option ? 'secondary' : 'ghost'}
                aria-pressed={view === option}
                onClick={() => chooseView(option)}
                {...(option === 'list' ? {} : preloadOnIntent(option === 'board' ? TaskBoard : TaskTimeline))}
              >
                {option === 'list' ? <List aria-hidden /> : option === 'board' ? <Columns3 aria-hidden /> : null}
                {t(TASK_TEXTS[option])}
              </Button>
            ))}
          </div>
        ) : null}
        {canAddTasks ? (
          <Button onClick={() => setDialogOpen(true)} {...preloadOnIntent(CreateTaskDialog)}>
            <Plus aria-hidden />
            {t(TASK_MESSAGES.addTask)}
          </Button>
        ) : null}
      </div>
      {tasks.isPending ? (
        // As tall as one task, or as 'No tasks yet': the page below moves least either way.
        <Skeleton className="h-[5.5rem]" />
      ) : tasks.isError ? (
        <LoadErrorPanel title={t(TASK_TEXTS.loadFailed)} error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : loaded.length === 0 ? (
        // Issue 27: those who may add tasks get the first action here too.
        <EmptyState
          title={t(TASK_MESSAGES.empty)}
          text={canAddTasks ? t(TASK_TEXTS.noTasksHelp) : undefined}
          action={
            canAddTasks ? (
              <Button onClick={() => setDialogOpen(true)} {...preloadOnIntent(CreateTaskDialog)}>
                <Plus aria-hidden />
                {t(TASK_TEXTS.createFirst)}
              </Button>
            ) : undefined
          }
        />
      ) : onBoard ? (
        <Suspense fallback={<Skeleton className="h-48" />}>
          {tasks.hasNextPage ? (
            <p role="status" className="text-sm text-muted-foreground">
              {t(TASK_TEXTS.loadingBoard, { loaded: loaded.length })}
            </p>
          ) : null}
          <TaskBoard tasks={loaded} onMove={move} links={taskLinks} />
        </Suspense>
      ) : onTimeline ? (
        // Drawn once every page is in: 1,000 bars once, not again with each page (issue 51's number).
        tasks.hasNextPage ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t(TASK_TEXTS.loadingBoard, { loaded: loaded.length })}
          </p>
        ) : (
          <Suspense fallback={<Skeleton className="h-48" />}>
            <TaskTimeline source={source} tasks={loaded} canEdit={member.canEdit} />
          </Suspense>
        )
      ) : (
        <>
          <ul ref={listRef} className="space-y-2">
            {loaded.map((task) =>
              member?.canEdit && editingId === task.id ? (
                <li key={task.id} className="rounded-lg border bg-card p-4">
                  <Suspense fallback={<Skeleton className="h-72" />}>
                    <EditTaskForm source={source} task={task} onDone={() => finishEditing(task.id)} />
                  </Suspense>
                </li>
              ) : (
                <TaskItem
                  key={task.id}
                  task={task}
                  clicked={clicked?.taskId === task.id ? clicked.status : null}
                  pending={setStatus.isPending && setStatus.variables?.taskId === task.id}
                  canToggle={canToggle}
                  nextStatus={nextStatus}
                  onToggle={() => toggle(task)}
                  highlighted={focusTarget === task.id}
                  links={taskLinks}
                  showAssignee={member !== undefined}
                  menu={
                    member ? (
                      <Suspense fallback={<TaskMenuPlaceholder />}>
                        <TaskMenu
                          task={task}
                          canEdit={member.canEdit}
                          onMove={(status) => move(task, status)}
                          onEdit={() => setEditingId(task.id)}
                          source={source}
                        />
                      </Suspense>
                    ) : undefined
                  }
                />
              ),
            )}
          </ul>
          <LoadMore list={tasks} items={listRef} label={t(TASK_TEXTS.loadMoreTasks)} />
        </>
      )}
      {canAddTasks && dialogOpened ? (
        <Suspense fallback={null}>
          <CreateTaskDialog source={source} open={dialogOpen} onOpenChange={setDialogOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}

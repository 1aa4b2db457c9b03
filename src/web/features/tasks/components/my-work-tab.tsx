// My Work (issue 16): the caller's open tasks across the projects they can see, grouped Overdue /
// Today / This week / Later by the viewer's today, with project and client, and the project
// page's checkbox. Live like the rest.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MY_WORK_GROUP_TITLES, MY_WORK_GROUPS, myWorkGroup, TASK_MESSAGES, TASK_STATUS_TITLES, type MyWorkItem } from '@/domain/tasks';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { cn } from '@/web/lib/class-names';
import { formatDate, todayIso } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { memberProjectSource } from '@/web/lib/project-source';
import { myWorkQuery, useUpdateTask } from '../api';
import { TASK_TEXTS } from '../texts';
import { PriorityBadge } from './priority-badge';
import { TaskTitle, type TaskLinks } from './task-title';

/** A task's panel is on its project's page. */
const MY_WORK_LINKS: TaskLinks = { href: (task) => `/project/${task.projectId}/tasks/${task.id}` };

export function MyWorkTab() {
  // `domain`: the groups' titles (MY_WORK_GROUP_TITLES).
  const t = useT('tasks', 'domain-shared', 'domain');
  const work = useInfiniteQuery(myWorkQuery);
  if (work.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label={t(UI_TEXTS.loadingLabel)}>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (work.isError) return <LoadErrorPanel error={work.error} onRetry={() => void work.refetch()} />;
  const items = work.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">{t(TASK_TEXTS.myWorkEmpty)}</p>;
  const today = todayIso();
  return (
    <div className="grid gap-6">
      {MY_WORK_GROUPS.map((group) => {
        const tasks = items.filter((task) => myWorkGroup(task.dueDate, today) === group);
        if (tasks.length === 0) return null;
        return (
          <section key={group} aria-label={t(MY_WORK_GROUP_TITLES[group])} className="grid gap-2">
            <h2 className={cn('text-sm font-semibold', group === 'overdue' && 'text-red-700')}>
              {t(MY_WORK_GROUP_TITLES[group])} <span className="font-normal text-muted-foreground">({tasks.length})</span>
            </h2>
            <ul className="grid gap-2">
              {tasks.map((task) => (
                <MyWorkRow key={task.id} task={task} overdue={group === 'overdue'} />
              ))}
            </ul>
          </section>
        );
      })}
      {work.hasNextPage ? (
        <Button variant="outline" className="justify-self-center" loading={work.isFetchingNextPage} loadingText={t(UI_TEXTS.loading)} onClick={() => void work.fetchNextPage()}>
          {t(TASK_TEXTS.loadMore)}
        </Button>
      ) : null}
    </div>
  );
}

function MyWorkRow({ task, overdue }: { task: MyWorkItem; overdue: boolean }) {
  const t = useT('tasks', 'domain-shared');
  const update = useUpdateTask(memberProjectSource(task.projectId));
  const complete = () =>
    update.mutate(
      { taskId: task.id, status: 'completed' },
      {
        onSuccess: () => notifySuccess(t(TASK_MESSAGES.updated, { status: t(TASK_STATUS_TITLES.completed) }), t(TASK_MESSAGES.updatedTitle)),
        onError: (error) => notifyError(error, t(TASK_MESSAGES.updateFailed)),
      },
    );
  return (
    <li className={cn('flex items-start gap-3 rounded-lg border bg-card p-3', overdue && 'border-red-200 bg-red-50/60')}>
      <input
        type="checkbox"
        className="mt-1 size-4 accent-emerald-600"
        checked={update.isPending}
        disabled={update.isPending}
        onChange={complete}
        aria-label={t(TASK_TEXTS.markAs, { task: task.title, status: t(TASK_STATUS_TITLES.completed) })}
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        {/* Opens the task's panel on its project page (issue 29); closing it leaves the project's Tasks tab. */}
        <TaskTitle task={task} links={MY_WORK_LINKS} className="justify-self-start font-medium break-words" />
        <Link to={`/project/${task.projectId}?tab=tasks`} className="text-xs text-muted-foreground underline-offset-2 hover:underline">
          {t(TASK_TEXTS.inProject, { project: task.projectName, client: task.clientName })}
        </Link>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-xs">
        <span className="flex gap-1">
          <PriorityBadge priority={task.priority} />
          {task.status === 'in_progress' ? <Badge variant="secondary">{t(TASK_STATUS_TITLES.in_progress)}</Badge> : null}
        </span>
        {task.dueDate ? <span className={overdue ? 'font-medium text-red-700' : 'text-muted-foreground'}>{formatDate(task.dueDate)}</span> : null}
      </div>
    </li>
  );
}

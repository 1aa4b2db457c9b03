// A task's activity in its panel (issue 29), for staff: what happened to it, newest first; the
// latest few, older entries a page at a time with Load more (issue 36: none out of reach).
import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { actionLabel } from '@/domain/activity-rules';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { LoadMore } from '@/web/components/ui/load-more';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDateTime } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import type { ProjectSource } from '@/web/lib/project-source';
import { taskActivityQuery } from '../api';
import { TASK_TEXTS } from '../texts';

export function TaskActivity({ source, taskId }: { source: ProjectSource; taskId: string }) {
  // domain: the actions' words (activity-rules.ts).
  const t = useT('tasks', 'domain');
  const activity = useInfiniteQuery(taskActivityQuery(source, taskId));
  const entries = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = `task-activity-${taskId}`;
  const list = useRef<HTMLOListElement>(null);
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {t(TASK_TEXTS.panel.activity)}
      </h3>
      {activity.isPending ? (
        <div className="grid gap-2" aria-hidden>
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
        </div>
      ) : activity.isError ? (
        <LoadErrorPanel title={t(TASK_TEXTS.panel.activityFailed)} error={activity.error} onRetry={() => void activity.refetch()} />
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t(TASK_TEXTS.panel.activityEmpty)}</p>
      ) : (
        <>
          <ol ref={list} className="grid gap-1.5 border-l pl-3 text-sm">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-x-3">
                <span>
                  <span className="font-medium">{actionLabel(entry.action, t)}</span>
                  {entry.user ? <span className="text-muted-foreground"> {t(TASK_TEXTS.panel.activityBy, { who: entry.user.fullName })}</span> : null}
                </span>
                <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                  {formatDateTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ol>
          <LoadMore list={activity} items={list} label={t(TASK_TEXTS.panel.loadMoreActivity)} />
        </>
      )}
    </section>
  );
}

// A task's activity in its panel (issue 29), for staff: what happened to it, newest first; the
// latest few, the rest a click away.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { actionLabel, RECENT_ACTIVITY_LIMIT } from '@/domain/activity-rules';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDateTime } from '@/web/lib/format-date';
import type { ProjectSource } from '@/web/lib/project-source';
import { taskActivityQuery } from '../api';
import { TASK_TEXTS } from '../texts';

export function TaskActivity({ source, taskId }: { source: ProjectSource; taskId: string }) {
  const activity = useQuery(taskActivityQuery(source, taskId));
  const [all, setAll] = useState(false);
  const entries = activity.data ?? [];
  const shown = all ? entries : entries.slice(0, RECENT_ACTIVITY_LIMIT);
  const headingId = `task-activity-${taskId}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {TASK_TEXTS.panel.activity}
      </h3>
      {activity.isPending ? (
        <div className="grid gap-2" aria-hidden>
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
        </div>
      ) : activity.isError ? (
        <p className="text-sm text-muted-foreground">{TASK_TEXTS.panel.activityFailed}</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{TASK_TEXTS.panel.activityEmpty}</p>
      ) : (
        <>
          <ol className="grid gap-1.5 border-l pl-3 text-sm">
            {shown.map((entry) => (
              <li key={entry.id} className="flex flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-x-3">
                <span>
                  <span className="font-medium">{actionLabel(entry.action)}</span>
                  {entry.user ? <span className="text-muted-foreground"> {TASK_TEXTS.panel.activityBy(entry.user.fullName)}</span> : null}
                </span>
                <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
                  {formatDateTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ol>
          {entries.length > RECENT_ACTIVITY_LIMIT ? (
            <Button variant="link" size="sm" className="justify-self-start" aria-expanded={all} onClick={() => setAll(!all)}>
              {all ? TASK_TEXTS.panel.showLessActivity : TASK_TEXTS.panel.showAllActivity(entries.length)}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

// A page's Recent Activity (issue 14): the latest entries of one project or one member, for
// those who may read the activity log (the Activities tab's rule); the full log is a link away.
import { useQuery } from '@tanstack/react-query';
import { Activity } from 'lucide-react';
import { Link } from 'react-router';
import { actionLabel } from '@/domain/activity-rules';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatDate } from '@/web/lib/format-date';
import { useT } from '@/web/lib/i18n';
import { recentActivityQuery, type RecentScope } from '../api';
import { ACTIVITY_TEXTS } from '../texts';

export function RecentActivity({ scope, showProject = false }: { scope: RecentScope; showProject?: boolean }) {
  // domain: the actions' words (activity-rules.ts).
  const t = useT('activity', 'domain');
  const recent = useQuery(recentActivityQuery(scope));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t(ACTIVITY_TEXTS.recent.title)}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {recent.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label={t(ACTIVITY_TEXTS.recent.loading)}>
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
          </div>
        ) : recent.isError ? (
          <LoadErrorPanel title={t(ACTIVITY_TEXTS.recent.failed)} error={recent.error} onRetry={() => void recent.refetch()} />
        ) : recent.data.items.length === 0 ? (
          <p className="flex items-center gap-3 text-muted-foreground">
            <Activity className="size-5 shrink-0" aria-hidden />
            {t(ACTIVITY_TEXTS.recent.empty)}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t(ACTIVITY_TEXTS.recent.title)}>
            {recent.data.items.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span>
                  <span className="font-medium">{actionLabel(entry.action, t)}</span>
                  {showProject && entry.projectName ? <span className="text-muted-foreground"> · {entry.projectName}</span> : null}
                  {!showProject && entry.user ? <span className="text-muted-foreground"> · {entry.user.fullName}</span> : null}
                </span>
                <span className="text-xs text-muted-foreground">{formatDate(entry.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
        <Link to="/?tab=activities" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t(ACTIVITY_TEXTS.recent.all)}
        </Link>
      </CardContent>
    </Card>
  );
}

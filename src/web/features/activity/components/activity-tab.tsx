import { useInfiniteQuery } from '@tanstack/react-query';
import { FolderKanban, History, UserRound } from 'lucide-react';
import { useState } from 'react';
import {
  ACTIVITY_FILTER_LABELS,
  ACTIVITY_FILTERS,
  ACTIVITY_MESSAGES,
  actionLabel,
  activityActorName,
  detailLines,
  type ActivityEntry,
  type ActivityFilter,
} from '@/domain/activity';
import { canManageUsers, type Role } from '@/domain/roles';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { ExportCsvLink } from '@/web/components/export-csv-link';
import { SearchInput } from '@/web/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/class-names';
import { useDebouncedValue } from '@/web/lib/use-debounced-value';
import { activityExportUrl, activityListQuery } from '../api';
import { ACTIVITY_TEXTS } from '../texts';
import { formatDate, formatDateTime, formatTime } from '@/web/lib/format-date';

/** Spec 2 "Activities tab". */
export function ActivityTab({ role }: { role: Role }) {
  if (!canManageUsers(role)) return <NoPermission />;
  return <ActivityLog />;
}

function NoPermission() {
  const t = useT('domain');
  return (
    <div role="alert" className="rounded-xl border border-dashed p-10 text-center text-sm text-muted-foreground">
      {t(ACTIVITY_MESSAGES.forbidden)}
    </div>
  );
}

function ActivityLog() {
  const t = useT('activity', 'domain');
  const [search, setSearch] = useState('');
  const [action, setAction] = useState<ActivityFilter>('all');
  const debounced = useDebouncedValue(search.trim());
  const log = useInfiniteQuery(activityListQuery(debounced, action));
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  const filtering = debounced !== '' || action !== 'all';

  if (log.isError && log.error instanceof ApiError && log.error.status === 403) return <NoPermission />;

  return (
    <section className="space-y-5" aria-label={t(ACTIVITY_MESSAGES.title)}>
      <div>
        <h2 className="text-xl font-semibold">{t(ACTIVITY_MESSAGES.title)}</h2>
        <p className="text-sm text-muted-foreground">{t(ACTIVITY_MESSAGES.subtitle)}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput
          className="flex-1 sm:max-w-md"
          aria-label={t(ACTIVITY_TEXTS.searchLabel)}
          placeholder={t(ACTIVITY_TEXTS.searchPlaceholder)}
          maxLength={100}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select value={action} onValueChange={(value) => setAction(value as ActivityFilter)}>
          <SelectTrigger className="sm:w-44" aria-label={t(ACTIVITY_TEXTS.filterLabel)}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ACTIVITY_FILTERS.map((value) => (
              <SelectItem key={value} value={value}>
                {t(ACTIVITY_FILTER_LABELS[value])}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <ExportCsvLink className="sm:ml-auto" href={activityExportUrl(debounced, action)} />
      </div>

      {log.isPending ? (
        <div className="space-y-3" aria-busy="true" aria-label={t(ACTIVITY_TEXTS.loadingLog)}>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : log.isError ? (
        <LoadErrorPanel title={t(ACTIVITY_MESSAGES.fetchFailed)} error={log.error} onRetry={() => void log.refetch()} />
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed p-10 text-center text-sm text-muted-foreground">
          <History className="size-6" aria-hidden />
          {filtering ? t(ACTIVITY_MESSAGES.noMatches) : t(ACTIVITY_MESSAGES.noActivity)}
        </div>
      ) : (
        <>
          <ul className="space-y-3" aria-label={t(ACTIVITY_TEXTS.entries)}>
            {items.map((entry) => (
              <ActivityItem key={entry.id} entry={entry} />
            ))}
          </ul>
          {log.hasNextPage ? (
            <div className="flex justify-center">
              <Button variant="outline" loading={log.isFetchingNextPage} loadingText={t(UI_TEXTS.loading)} onClick={() => void log.fetchNextPage()}>
                {t(UI_TEXTS.loadMore)}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Badge colours by what the action did; unknown actions get the neutral one. */
function actionTone(action: string): string {
  const a = action.toLowerCase();
  if (/delete|remove|revoke|unassign/.test(a)) return 'border-red-200 bg-red-50 text-red-800';
  if (/complete/.test(a)) return 'border-emerald-200 bg-emerald-50 text-emerald-800';
  if (/create|add|assign/.test(a)) return 'border-sky-200 bg-sky-50 text-sky-800';
  if (/update|edit/.test(a)) return 'border-amber-200 bg-amber-50 text-amber-800';
  if (/upload|link/.test(a)) return 'border-violet-200 bg-violet-50 text-violet-800';
  return 'border-zinc-200 bg-zinc-100 text-zinc-700';
}

/** A detail's dates in the reader's language and region, as the entry's own date. */
const DETAIL_DATES = { date: formatDate, dateTime: formatDateTime };

function ActivityItem({ entry }: { entry: ActivityEntry }) {
  // domain-shared: a client's decision names its link (APPROVAL_TEXTS.deciderViaLink).
  const t = useT('domain', 'domain-shared');
  const lines = detailLines(entry.details, t, DETAIL_DATES);
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            {/* A long action ("Proved an email domain for single sign-on", longer in German) wraps on a phone. */}
            <Badge variant="outline" className={cn('max-w-full whitespace-normal', actionTone(entry.action))}>
              {actionLabel(entry.action, t)}
            </Badge>
            {entry.projectName ? (
              <Badge variant="outline" className="max-w-full">
                <FolderKanban aria-hidden />
                <span className="truncate">{entry.projectName}</span>
              </Badge>
            ) : null}
          </div>
          <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm">
            <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {entry.user ? (
              <>
                <span className="font-medium">{entry.user.fullName}</span>
                {entry.user.email ? <span className="min-w-0 break-all text-muted-foreground">{entry.user.email}</span> : null}
              </>
            ) : (
              <span className="text-muted-foreground italic">{activityActorName(entry, t)}</span>
            )}
          </p>
          {lines.length ? (
            <dl className="space-y-0.5 text-sm">
              {lines.map((line) => (
                <div key={line.label} className="flex min-w-0 flex-wrap gap-x-1">
                  <dt className="min-w-0 break-words text-muted-foreground">{line.label}:</dt>
                  <dd className="min-w-0 break-words [overflow-wrap:anywhere]">{line.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
        <time
          dateTime={entry.createdAt}
          className={cn('flex shrink-0 gap-2 text-xs text-muted-foreground sm:flex-col sm:items-end sm:gap-0 sm:text-right')}
        >
          <span>{formatDate(entry.createdAt)}</span>
          <span>{formatTime(entry.createdAt)}</span>
        </time>
      </Card>
    </li>
  );
}

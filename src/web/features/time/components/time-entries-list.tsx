// The week's entries under the timesheet grid (issue 32): one line each (day, project · task,
// duration, note, billable), with Edit (the entry's form in a dialog) and Delete (asked first)
// where the caller may change it. Both read the grid and this list again (api.ts invalidates the
// time queries), so they stay in step.
import { useQuery } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { addDaysToDate, formatMinutes } from '@/domain/time-entry-rules';
import type { TimeEntry } from '@/domain/time-entries';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useT } from '@/web/lib/i18n';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { timeEntriesQuery, timerPlace, useDeleteTimeEntry } from '../api';
import { TIME_TEXTS } from '../texts';
import { formatDayWithMonth } from '@/web/lib/format-date';

const EditTimeEntryDialog = lazyComponent(async () => (await import('./edit-time-entry-dialog')).EditTimeEntryDialog);
const ConfirmDeleteDialog = lazyComponent(async () => (await import('@/web/components/ui/confirm-delete-dialog')).ConfirmDeleteDialog);

const dayLabel = formatDayWithMonth;
/** How an entry is named to a screen reader and in the delete question. */
const entryName = (entry: TimeEntry) => `${dayLabel(entry.workDate)}, ${timerPlace(entry)}, ${formatMinutes(entry.minutes)}`;

/** `week`: its first day (the member's first day of the week, timesheet-tab.tsx). `profileId`: the member whose entries these are (the caller without it). */
export function TimeEntriesList({ week, profileId }: { week: string; profileId?: string }) {
  const t = useT('time');
  const entries = useQuery(timeEntriesQuery(week, addDaysToDate(week, 6), profileId));
  const remove = useDeleteTimeEntry();
  const [editing, setEditing] = useState<{ open: boolean; entry: TimeEntry | null }>({ open: false, entry: null });
  const [deleting, setDeleting] = useState<{ open: boolean; entry: TimeEntry | null }>({ open: false, entry: null });
  const editOpened = useOpenedOnce(editing.open);
  const deleteOpened = useOpenedOnce(deleting.open);
  const heading = useRef<HTMLHeadingElement>(null);
  const items = entries.data?.items ?? [];

  const confirmDelete = () => {
    const entry = deleting.entry;
    if (!entry) return;
    remove.mutate(entry.id, {
      onSuccess: () => {
        notifySuccess(t(TIME_TEXTS.entryDeleted));
        // Its Delete button is gone: focus goes to the list's heading, not to the page's start.
        heading.current?.focus();
      },
      onError: (error) => notifyError(error),
    });
  };

  return (
    <section className="space-y-3" aria-labelledby="time-entries-heading">
      <div>
        <h2 id="time-entries-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {t(TIME_TEXTS.entries)}
        </h2>
        <p className="text-sm text-muted-foreground">{t(TIME_TEXTS.entriesIntro)}</p>
      </div>
      {entries.isPending ? (
        <div role="status" aria-label={t(TIME_TEXTS.entriesLoading)} className="space-y-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : entries.isError ? (
        <LoadErrorPanel title={t(TIME_TEXTS.entriesLoadFailed)} error={entries.error} onRetry={() => void entries.refetch()} />
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">{t(TIME_TEXTS.noEntries)}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card" aria-label={t(TIME_TEXTS.entries)}>
          {items.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm" data-testid="time-entry">
              <span className="w-24 shrink-0 font-medium">{dayLabel(entry.workDate)}</span>
              <span className="min-w-0 flex-1 basis-48">
                <span className="font-medium">{entry.projectName}</span>
                {entry.taskTitle ? <span className="text-muted-foreground"> · {entry.taskTitle}</span> : null}
                {entry.note ? <span className="block truncate text-muted-foreground">{entry.note}</span> : null}
              </span>
              <span className="w-14 text-right font-medium tabular-nums">{formatMinutes(entry.minutes)}</span>
              <Badge variant={entry.billable ? 'secondary' : 'outline'} className="w-24 justify-center">
                {entry.billable ? t(TIME_TEXTS.billable) : t(TIME_TEXTS.notBillable)}
              </Badge>
              {entry.canEdit ? (
                <span className="ml-auto flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t(TIME_TEXTS.editEntry, { what: entryName(entry) })}
                    onClick={() => setEditing({ open: true, entry })}
                    {...preloadOnIntent(EditTimeEntryDialog)}
                  >
                    <Pencil aria-hidden />
                    {t(TIME_TEXTS.edit)}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-destructive"
                    aria-label={t(TIME_TEXTS.deleteEntry, { what: entryName(entry) })}
                    onClick={() => setDeleting({ open: true, entry })}
                    {...preloadOnIntent(ConfirmDeleteDialog)}
                  >
                    <Trash2 aria-hidden />
                    {t(TIME_TEXTS.delete)}
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {entries.data?.truncated ? <p className="text-sm text-muted-foreground">{t(TIME_TEXTS.entriesTruncated)}</p> : null}
      {editOpened ? (
        <Suspense fallback={null}>
          <EditTimeEntryDialog entry={editing.entry} open={editing.open} onOpenChange={(open) => setEditing((current) => ({ ...current, open }))} />
        </Suspense>
      ) : null}
      {deleteOpened ? (
        <Suspense fallback={null}>
          <ConfirmDeleteDialog
            open={deleting.open}
            onOpenChange={(open) => setDeleting((current) => ({ ...current, open }))}
            onConfirm={confirmDelete}
            title={t(TIME_TEXTS.deleteTitle)}
            question={deleting.entry ? t(TIME_TEXTS.deleteQuestion, { what: entryName(deleting.entry) }) : ''}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

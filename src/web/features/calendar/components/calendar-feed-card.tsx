import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Copy, Link2, PowerOff, RefreshCw } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/web/components/ui/alert-dialog';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { SettingsCardHeader } from '@/web/components/ui/settings-card-header';
import { Input } from '@/web/components/ui/input';
import { LoadErrorPanel } from '@/web/components/ui/load-error-panel';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { copyText } from '@/web/lib/copy-text';
import { formatDateTime } from '@/web/lib/format-date';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { calendarFeedQuery, useCreateCalendarFeed, useTurnOffCalendarFeed } from '../api';
import { CALENDAR_TEXTS as TEXTS } from '../texts';

/**
 * Settings -> Calendar feed (issue 30 item 4): a private iCalendar link with the member's due
 * dates. The server answers the link once, when it is made; the card shows it until the page
 * goes, then only when the feed was made and last read.
 */
export function CalendarFeedCard() {
  const status = useQuery(calendarFeedQuery);
  const create = useCreateCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  // The link just made, and whether it takes the focus (it replaces the button that had it).
  const [shown, setShown] = useState<{ url: string; focus: boolean } | null>(null);

  const makeLink = ({ focus, onDone }: { focus: boolean; onDone?: () => void }) =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setShown({ url: created.url, focus });
        onDone?.();
      },
      onError: (error) => notifyError(error, TEXTS.createFailed, 'calendar-feed'),
    });

  return (
    <Card data-testid="calendar-feed">
      <SettingsCardHeader icon={CalendarDays} title={TEXTS.title} description={TEXTS.description} />
      <CardContent>
        {status.isError ? (
          <LoadErrorPanel title={TEXTS.loadFailed} error={status.error} onRetry={() => void status.refetch()} />
        ) : !status.data ? (
          <div aria-busy="true">
            <Skeleton className="h-20 w-full" />
          </div>
        ) : status.data.feed === null ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">{TEXTS.none}</p>
            <Button loading={create.isPending} loadingText={TEXTS.creating} onClick={() => makeLink({ focus: true })}>
              <Link2 aria-hidden />
              {TEXTS.create}
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            {shown ? <ShownLink url={shown.url} focus={shown.focus} /> : <p className="text-sm text-muted-foreground">{TEXTS.hiddenAddress}</p>}
            <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
              <dt className="text-muted-foreground">{TEXTS.created}</dt>
              <dd>{formatDateTime(status.data.feed.createdAt)}</dd>
              <dt className="text-muted-foreground">{TEXTS.lastFetched}</dt>
              <dd data-testid="calendar-last-fetched">{status.data.feed.lastFetchedAt ? formatDateTime(status.data.feed.lastFetchedAt) : TEXTS.neverFetched}</dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              <ConfirmButton
                label={TEXTS.regenerate}
                icon={<RefreshCw aria-hidden />}
                title={TEXTS.regenerateTitle}
                question={TEXTS.regenerateConfirm}
                pending={create.isPending}
                pendingLabel={TEXTS.regenerating}
                onConfirm={(close) =>
                  makeLink({
                    focus: false,
                    onDone: () => {
                      close();
                      notifySuccess(TEXTS.regenerated);
                    },
                  })
                }
              />
              <ConfirmButton
                label={TEXTS.turnOff}
                icon={<PowerOff aria-hidden />}
                destructive
                title={TEXTS.turnOffTitle}
                question={TEXTS.turnOffConfirm}
                pending={turnOff.isPending}
                pendingLabel={TEXTS.turningOff}
                onConfirm={(close) =>
                  turnOff.mutate(undefined, {
                    onSuccess: () => {
                      setShown(null);
                      close();
                      notifySuccess(TEXTS.turnedOff);
                    },
                    onError: (error) => notifyError(error, TEXTS.turnOffFailed, 'calendar-feed'),
                  })
                }
              />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The link, this once: selectable, with a Copy button and the warning that it goes with the page. */
function ShownLink({ url, focus }: { url: string; focus: boolean }) {
  const inputId = useId();
  const noteId = useId();
  const copy = () =>
    copyText(url).then(
      () => notifySuccess(TEXTS.copied),
      () => notifyError(TEXTS.copyFailed),
    );
  return (
    <div className="grid gap-2 rounded-md border border-primary/30 bg-primary/5 p-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        {TEXTS.address}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          readOnly
          value={url}
          autoFocus={focus}
          aria-describedby={noteId}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button type="button" variant="outline" className="self-start" onClick={() => void copy()}>
          <Copy aria-hidden />
          {TEXTS.copy}
        </Button>
      </div>
      <p id={noteId} className="text-sm text-muted-foreground">
        {TEXTS.shownOnce}
      </p>
    </div>
  );
}

/** A button that asks first; the question stays open until the server has answered. */
function ConfirmButton({
  label,
  icon,
  destructive = false,
  title,
  question,
  pending,
  pendingLabel,
  onConfirm,
}: {
  label: string;
  icon: ReactNode;
  destructive?: boolean;
  title: string;
  question: string;
  pending: boolean;
  pendingLabel: string;
  onConfirm: (close: () => void) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className={destructive ? 'text-destructive hover:bg-destructive/10' : undefined}>
          {icon}
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t(UI_TEXTS.cancel)}</AlertDialogCancel>
          {/* A plain button: the question stays open until the server answers. */}
          <Button variant={destructive ? 'destructive' : 'default'} loading={pending} loadingText={pendingLabel} onClick={() => onConfirm(() => setOpen(false))}>
            {label}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

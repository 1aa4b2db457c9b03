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
  const t = useT('calendar');
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
      onError: (error) => notifyError(error, t(TEXTS.createFailed), 'calendar-feed'),
    });

  return (
    <Card data-testid="calendar-feed">
      <SettingsCardHeader icon={CalendarDays} title={t(TEXTS.title)} description={t(TEXTS.description)} />
      <CardContent>
        {status.isError ? (
          <LoadErrorPanel title={t(TEXTS.loadFailed)} error={status.error} onRetry={() => void status.refetch()} />
        ) : !status.data ? (
          <div aria-busy="true">
            <Skeleton className="h-20 w-full" />
          </div>
        ) : status.data.feed === null ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">{t(TEXTS.none)}</p>
            <Button loading={create.isPending} loadingText={t(TEXTS.creating)} onClick={() => makeLink({ focus: true })}>
              <Link2 aria-hidden />
              {t(TEXTS.create)}
            </Button>
          </div>
        ) : (
          <div className="grid gap-4">
            {shown ? <ShownLink url={shown.url} focus={shown.focus} /> : <p className="text-sm text-muted-foreground">{t(TEXTS.hiddenAddress)}</p>}
            <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
              <dt className="text-muted-foreground">{t(TEXTS.created)}</dt>
              <dd>{formatDateTime(status.data.feed.createdAt)}</dd>
              <dt className="text-muted-foreground">{t(TEXTS.lastFetched)}</dt>
              <dd data-testid="calendar-last-fetched">{status.data.feed.lastFetchedAt ? formatDateTime(status.data.feed.lastFetchedAt) : t(TEXTS.neverFetched)}</dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              <ConfirmButton
                label={t(TEXTS.regenerate)}
                icon={<RefreshCw aria-hidden />}
                title={t(TEXTS.regenerateTitle)}
                question={t(TEXTS.regenerateConfirm)}
                pending={create.isPending}
                pendingLabel={t(TEXTS.regenerating)}
                onConfirm={(close) =>
                  makeLink({
                    focus: false,
                    onDone: () => {
                      close();
                      notifySuccess(t(TEXTS.regenerated));
                    },
                  })
                }
              />
              <ConfirmButton
                label={t(TEXTS.turnOff)}
                icon={<PowerOff aria-hidden />}
                destructive
                title={t(TEXTS.turnOffTitle)}
                question={t(TEXTS.turnOffConfirm)}
                pending={turnOff.isPending}
                pendingLabel={t(TEXTS.turningOff)}
                onConfirm={(close) =>
                  turnOff.mutate(undefined, {
                    onSuccess: () => {
                      setShown(null);
                      close();
                      notifySuccess(t(TEXTS.turnedOff));
                    },
                    onError: (error) => notifyError(error, t(TEXTS.turnOffFailed), 'calendar-feed'),
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
  const t = useT('calendar');
  const inputId = useId();
  const noteId = useId();
  const copy = () =>
    copyText(url).then(
      () => notifySuccess(t(TEXTS.copied)),
      () => notifyError(t(TEXTS.copyFailed)),
    );
  return (
    <div className="grid gap-2 rounded-md border border-primary/30 bg-primary/5 p-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        {t(TEXTS.address)}
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
          {t(TEXTS.copy)}
        </Button>
      </div>
      <p id={noteId} className="text-sm text-muted-foreground">
        {t(TEXTS.shownOnce)}
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

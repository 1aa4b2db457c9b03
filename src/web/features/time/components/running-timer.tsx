// The running timer in the top bar (issue 32): on every signed-in page while a timer runs, with
// the time ticking, where it runs and Stop. It lives in the database, so a reload, another tab or
// a restart shows the same timer; a stop in any tab reaches the others through the 'time' topic.
// A timer that ran past TIMER_CONFIRM_MINUTES asks before saving (the server's 409 timer_long).
import { useQuery } from '@tanstack/react-query';
import { Square, Timer as TimerIcon } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatElapsed, formatMinutes, localDate, TIMER_CONFIRM_MINUTES } from '@/domain/time-entry-rules';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api-client';
import { lazyComponent } from '@/web/lib/lazy-component';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { timerPlace, timerQuery, useStopTimer } from '../api';
import { TIME_TEXTS } from '../texts';

const LongTimerDialog = lazyComponent(async () => (await import('./long-timer-dialog')).LongTimerDialog);

function useNow(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    const tick = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(tick);
  }, [active]);
  return now;
}

export function RunningTimer() {
  const { data } = useQuery(timerQuery);
  const timer = data?.timer ?? null;
  const now = useNow(timer !== null);
  const stop = useStopTimer();
  const [askLong, setAskLong] = useState<string | null>(null);
  if (!timer) return null;

  const startedAt = new Date(timer.startedAt);
  const place = timerPlace(timer);
  const workDate = localDate(startedAt);
  const stopWith = (confirm?: 'save' | 'trim') =>
    stop.mutate(
      { workDate, ...(confirm ? { confirm } : {}) },
      {
        onSuccess: ({ entry }) => {
          setAskLong(null);
          notifySuccess(TIME_TEXTS.stopped(formatMinutes(entry.minutes)));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'timer_long') setAskLong(error.message);
          else notifyError(error);
        },
      },
    );

  return (
    <div role="group" aria-label={TIME_TEXTS.runningTimer} data-testid="running-timer" className="flex min-w-0 shrink-0 items-center gap-1.5 rounded-full border bg-accent/60 py-1 pr-1 pl-2.5 text-sm sm:gap-2 sm:pl-3">
      {/* On a phone the timer is the time and a Stop icon: the bar has no room for more (issue 49). */}
      <TimerIcon aria-hidden className="hidden size-4 shrink-0 text-primary sm:block" />
      <span className="font-mono tabular-nums" data-testid="running-timer-elapsed" aria-live="off">
        {formatElapsed(startedAt, now)}
      </span>
      <Link
        to={timer.taskId ? `/project/${timer.projectId}/tasks/${timer.taskId}` : `/project/${timer.projectId}`}
        className="hidden max-w-56 truncate text-muted-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring lg:inline"
        title={TIME_TEXTS.runningOn(place)}
      >
        {place}
      </Link>
      <Button size="sm" variant="outline" className="h-7 rounded-full" aria-label={TIME_TEXTS.stopTimer(place)} loading={stop.isPending} loadingText={TIME_TEXTS.stopping} onClick={() => stopWith()}>
        <Square aria-hidden className="size-3 fill-current" />
        <span className="hidden sm:inline">{TIME_TEXTS.stop}</span>
      </Button>
      {askLong ? (
        <Suspense fallback={null}>
          <LongTimerDialog
            message={askLong}
            trimTo={formatMinutes(TIMER_CONFIRM_MINUTES)}
            pending={stop.isPending}
            onSave={() => stopWith('save')}
            onTrim={() => stopWith('trim')}
            onCancel={() => setAskLong(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

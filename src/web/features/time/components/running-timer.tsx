// The running timer in the top bar (issue 32): on every signed-in page while a timer runs, with
// the time ticking, where it runs and Stop. It lives in the database, so a reload, another tab or
// a restart shows the same timer; a stop in any tab reaches the others through the 'time' topic.
// A timer that ran past TIMER_CONFIRM_MINUTES asks before saving (the server's 409 timer_long),
// and so does one stopped under TIMER_SHORT_SECONDS (409 timer_short: Discard or Save anyway,
// issue 49 item 14), whether Stop was here or in the command palette (stop-question.ts).
import { useQuery } from '@tanstack/react-query';
import { Square, Timer as TimerIcon } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatElapsed } from '@/domain/time-entry-rules';
import type { Timer } from '@/domain/time-entries';
import { Button } from '@/web/components/ui/button';
import { useT } from '@/web/lib/i18n';
import { lazyComponent } from '@/web/lib/lazy-component';
import { timerPlace, timerQuery, useStopTimerFlow } from '../api';
import { askBeforeStop, useStopQuestion, type StopQuestion } from '../stop-question';
import { TIME_TEXTS } from '../texts';

const StopQuestionDialog = lazyComponent(async () => (await import('./stop-question-dialog')).StopQuestionDialog);

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const tick = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(tick);
  }, []);
  return now;
}

export function RunningTimer() {
  const { data } = useQuery(timerQuery);
  const timer = data?.timer ?? null;
  // Here, mounted with or without a timer: a stop's toast comes after the timer is gone.
  const flow = useStopTimerFlow();
  const question = useStopQuestion(timer?.startedAt);
  if (!timer) return null;
  // Its words load with the first timer (issue 48): a page without one downloads none of them, and
  // the top bar does not wait for them.
  return (
    <Suspense fallback={null}>
      <TimerBar timer={timer} flow={flow} question={question} />
    </Suspense>
  );
}

type TimerBarProps = { timer: Timer; flow: ReturnType<typeof useStopTimerFlow>; question: StopQuestion | null };

function TimerBar({ timer, flow: { stop, discard, pending }, question }: TimerBarProps) {
  const t = useT('time');
  const now = useNow();

  const startedAt = new Date(timer.startedAt);
  const place = timerPlace(timer);
  const stopWith = (confirm?: 'save' | 'trim') => stop(timer, confirm);
  const keepRunning = () => askBeforeStop(null);

  return (
    <div role="group" aria-label={t(TIME_TEXTS.runningTimer)} data-testid="running-timer" className="flex min-w-0 shrink-0 items-center gap-1.5 rounded-full border bg-accent/60 py-1 pr-1 pl-2.5 text-sm sm:gap-2 sm:pl-3">
      {/* On a phone the timer is the time and a Stop icon: the bar has no room for more (issue 49). */}
      <TimerIcon aria-hidden className="hidden size-4 shrink-0 text-primary sm:block" />
      <span className="font-mono tabular-nums" data-testid="running-timer-elapsed" aria-live="off">
        {formatElapsed(startedAt, now)}
      </span>
      <Link
        to={timer.taskId ? `/project/${timer.projectId}/tasks/${timer.taskId}` : `/project/${timer.projectId}`}
        className="hidden max-w-56 truncate text-muted-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring lg:inline"
        title={t(TIME_TEXTS.runningOn, { where: place })}
      >
        {place}
      </Link>
      <Button size="sm" variant="outline" className="h-7 rounded-full" aria-label={t(TIME_TEXTS.stopTimer, { where: place })} loading={pending} loadingText={t(TIME_TEXTS.stopping)} onClick={() => stopWith()}>
        <Square aria-hidden className="size-3 fill-current" />
        <span className="hidden sm:inline">{t(TIME_TEXTS.stop)}</span>
      </Button>
      {question ? (
        <Suspense fallback={null}>
          {/* Keyed by its kind: another question is another dialog, opened (and focused) afresh. */}
          <StopQuestionDialog
            key={question.kind}
            kind={question.kind}
            message={question.message}
            pending={pending}
            onAnswer={(answer) => (answer === 'discard' ? discard() : stopWith(answer))}
            onCancel={keepRunning}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

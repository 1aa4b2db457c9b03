// "Start timer" and "Log time" (issue 32), in a task's panel and on the project page for the
// project itself. The manual entry's dialog loads when first opened.
import { useQuery } from '@tanstack/react-query';
import { Clock, Play } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { loadTexts, useT } from '@/web/lib/i18n';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { notifyError } from '@/web/lib/notify';
import { timerQuery, useStartTimer } from '../api';
import { TIME_TEXTS } from '../texts';

const LogTimeDialog = lazyComponent(async () => (await import('./log-time-dialog')).LogTimeDialog);

// The project page and a task's panel show these buttons: their words start loading with the
// page's code, so the page does not wait for them once its data is there (decision 045).
void loadTexts('time');

export function TimeActions({ projectId, taskId, place }: { projectId: string; taskId: string | null; place: string }) {
  const t = useT('time');
  const timer = useQuery(timerQuery).data?.timer ?? null;
  const start = useStartTimer();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const runningHere = timer !== null && timer.projectId === projectId && timer.taskId === taskId;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="time-actions">
      <Button
        size="sm"
        variant="outline"
        disabled={runningHere}
        loading={start.isPending}
        loadingText={t(TIME_TEXTS.starting)}
        onClick={() => start.mutate({ projectId, taskId }, { onError: (error) => notifyError(error) })}
      >
        <Play aria-hidden className="size-3.5" />
        {t(TIME_TEXTS.startTimer)}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} {...preloadOnIntent(LogTimeDialog)}>
        <Clock aria-hidden className="size-3.5" />
        {t(TIME_TEXTS.logTime)}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <LogTimeDialog open={open} onOpenChange={setOpen} projectId={projectId} taskId={taskId} place={place} />
        </Suspense>
      ) : null}
    </div>
  );
}

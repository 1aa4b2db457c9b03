// Background jobs of an app server (the overdue sweep, the embedded database's ANALYZE, the mail
// worker): one small owner of their start, stop, pacing, overlap and logging (decision 012). A
// job runs, then waits `everyMs` before its next run (a timer chain, so a slow run never
// overlaps the next); `wake()` runs it soon, and a wake during a run makes one more run right
// after it. `stop()` cancels what is scheduled and waits for the run in flight.
import type { FastifyInstance } from 'fastify';

export type JobOptions = {
  /** In the logs as `job`. */
  name: string;
  everyMs: number;
  /** Delay before the first run after start(); 0 runs it at once. */
  firstAfterMs?: number;
  /** One run. Answer 'again' when there is more to do at once (a full batch). */
  run: () => Promise<unknown>;
  log: { error: (obj: object, msg: string) => void };
};

export type Job = {
  /** Starts the schedule; resolves when the first run is done if it runs at once. */
  start: () => Promise<void>;
  /** Runs soon (or once more right after the run in flight). No-op when stopped. */
  wake: () => void;
  stop: () => Promise<void>;
};

/** Runs and failures of each job in this process, by name (read by /metrics). */
export const jobStats = new Map<string, { runs: number; failures: number }>();

export function createJob(options: JobOptions): Job {
  const { name, everyMs, run, log } = options;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let wokenDuringRun = false;

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void runOnce(), delayMs);
    timer.unref();
  };

  const runOnce = (): Promise<void> => {
    if (current) return current;
    timer = undefined;
    current = (async () => {
      let again = false;
      const stats = jobStats.get(name) ?? { runs: 0, failures: 0 };
      jobStats.set(name, stats);
      stats.runs += 1;
      try {
        again = (await run()) === 'again';
      } catch (error) {
        stats.failures += 1;
        // `err`, so the app logger's serializer redacts a failed query's parameters.
        log.error({ err: error, job: name }, 'job failed');
      } finally {
        current = undefined;
      }
      const soon = again || wokenDuringRun;
      wokenDuringRun = false;
      schedule(soon ? 0 : everyMs);
    })();
    return current;
  };

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      const first = options.firstAfterMs ?? 0;
      if (first === 0) await runOnce();
      else schedule(first);
    },
    wake() {
      if (stopped) return;
      if (current) wokenDuringRun = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}

/** Runs the job with the app server: started when it is ready, stopped (waiting for a run in flight) when it closes. */
export function runWithServer(app: Pick<FastifyInstance, 'addHook'>, job: Job): void {
  app.addHook('onReady', () => job.start());
  app.addHook('onClose', () => job.stop());
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJob, jobStats } from './jobs';

/** A run the test finishes by hand, to hold a job mid-run. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createJob', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const log = () => ({ error: vi.fn() });

  it('runs at start, then everyMs after each run ends', async () => {
    const run = vi.fn(async () => {});
    const job = createJob({ name: 't', everyMs: 1000, run, log: log() });
    await job.start();
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it('counts each job\'s runs and failures for /metrics', async () => {
    let fail = true;
    const job = createJob({ name: 'counted', everyMs: 1000, run: async () => { if (fail) throw new Error('x'); }, log: log() });
    await job.start();
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(jobStats.get('counted')).toEqual({ runs: 2, failures: 1 });
    await job.stop();
  });

  it('waits firstAfterMs before the first run', async () => {
    const run = vi.fn(async () => {});
    const job = createJob({ name: 't', everyMs: 10_000, firstAfterMs: 500, run, log: log() });
    await job.start();
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it('never overlaps a slow run, and a wake during a run runs once more right after it', async () => {
    const gate = deferred();
    let active = 0;
    let most = 0;
    const run = vi.fn(async () => {
      active += 1;
      most = Math.max(most, active);
      if (run.mock.calls.length === 2) await gate.promise;
      active -= 1;
    });
    const job = createJob({ name: 't', everyMs: 1000, run, log: log() });
    await job.start();
    await vi.advanceTimersByTimeAsync(1000); // the second run starts and hangs
    job.wake();
    job.wake();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(2);
    gate.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(3);
    expect(most).toBe(1);
    await job.stop();
  });

  it("runs again at once when a run answers 'again'", async () => {
    let left = 3;
    const run = vi.fn(async () => (--left > 0 ? 'again' : undefined));
    const job = createJob({ name: 't', everyMs: 60_000, run, log: log() });
    await job.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(run).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(run).toHaveBeenCalledTimes(3);
    await job.stop();
  });

  it('logs a failed run with the job name and keeps its schedule', async () => {
    const logger = log();
    const failure = new Error('database gone');
    const run = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(undefined);
    const job = createJob({ name: 'overdue-sweep', everyMs: 1000, run, log: logger });
    await job.start();
    expect(logger.error).toHaveBeenCalledWith({ err: failure, job: 'overdue-sweep' }, 'job failed');
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    await job.stop();
  });

  it('stop waits for the run in flight and cancels the next; a wake after stop does nothing', async () => {
    const gate = deferred();
    const run = vi.fn(() => gate.promise);
    const job = createJob({ name: 't', everyMs: 1000, run, log: log() });
    const started = job.start();
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    gate.resolve();
    await Promise.all([started, stopping]);
    expect(stopped).toBe(true);
    job.wake();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

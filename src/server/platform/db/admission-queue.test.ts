import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdmissionQueue, type Refusal } from './admission-queue';

/** A few turns of the event loop: "work" of a given length, measured in turns, not in time. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

type Outcome = { admitted: true; release: () => void } | { admitted: false; refusal: Refusal };

/** Enters the queue; resolves on admission or refusal. */
function enter(queue: AdmissionQueue): { outcome: Promise<Outcome>; cancel: () => void } {
  let cancel = () => {};
  const outcome = new Promise<Outcome>((resolve) => {
    cancel = queue.enter(
      (release) => resolve({ admitted: true, release }),
      (refusal) => resolve({ admitted: false, refusal }),
    );
  });
  return { outcome, cancel };
}

const options = { maxQueued: 100, maxWaitMs: 60_000 };

describe('AdmissionQueue', () => {
  afterEach(() => vi.useRealTimers());

  it('admits in arrival order: a request that arrived first is served first, however short the later ones are', async () => {
    for (const slots of [1, 2]) {
      const queue = new AdmissionQueue({ slots, ...options });
      const admitted: string[] = [];
      const finished: string[] = [];
      // Work in turns of the event loop: the long ones arrive first, the short ones after.
      const requests = [
        ['long 1', 40],
        ['long 2', 30],
        ['long 3', 20],
        ['short 1', 1],
        ['short 2', 1],
        ['short 3', 1],
      ] as const;
      await Promise.all(
        requests.map(async ([name, work]) => {
          const { outcome } = enter(queue);
          const result = await outcome;
          if (!result.admitted) throw new Error(`${name} was refused`);
          admitted.push(name);
          expect(queue.busy).toBeLessThanOrEqual(slots);
          await turns(work);
          finished.push(name);
          result.release();
        }),
      );
      expect(admitted, `${slots} slot(s)`).toEqual(requests.map(([name]) => name));
      // With one slot nobody overtakes anybody, not even on the way out.
      if (slots === 1) expect(finished).toEqual(admitted);
      expect(queue.counts).toEqual({ admitted: 6, queueFull: 0, waitedTooLong: 0, abandoned: 0 });
      expect([queue.busy, queue.waiting]).toEqual([0, 0]);
    }
  });

  it('admits at once while a slot is free and nobody waits, and hands a freed slot to the first in line', async () => {
    const queue = new AdmissionQueue({ slots: 2, ...options });
    const first = await enter(queue).outcome;
    const second = await enter(queue).outcome;
    expect([first.admitted, second.admitted, queue.busy]).toEqual([true, true, 2]);
    const third = enter(queue);
    const fourth = enter(queue);
    expect(queue.waiting).toBe(2);
    if (!first.admitted || !second.admitted) throw new Error('not admitted');
    second.release();
    expect((await third.outcome).admitted).toBe(true);
    expect([queue.busy, queue.waiting]).toEqual([2, 1]);
    // A slot given back twice is given back once.
    second.release();
    expect([queue.busy, queue.waiting]).toEqual([2, 1]);
    first.release();
    expect((await fourth.outcome).admitted).toBe(true);
  });

  it('refuses at once past maxQueued waiting, with a Retry-After of at least a second', async () => {
    const queue = new AdmissionQueue({ slots: 1, maxQueued: 2, maxWaitMs: 60_000 });
    const holder = await enter(queue).outcome;
    const waiting = [enter(queue), enter(queue)];
    const refused = await Promise.all([enter(queue).outcome, enter(queue).outcome]);
    for (const outcome of refused) {
      expect(outcome.admitted).toBe(false);
      if (outcome.admitted) continue;
      expect(outcome.refusal.reason).toBe('queue_full');
      expect(Number.isInteger(outcome.refusal.retryAfterSeconds)).toBe(true);
      expect(outcome.refusal.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(outcome.refusal.retryAfterSeconds).toBeLessThanOrEqual(30);
    }
    expect(queue.counts).toMatchObject({ admitted: 1, queueFull: 2 });
    // Those in line are still served, in order.
    if (holder.admitted) holder.release();
    const next = await waiting[0]!.outcome;
    expect(next.admitted).toBe(true);
    if (next.admitted) next.release();
    expect((await waiting[1]!.outcome).admitted).toBe(true);
  });

  it('refuses a request still waiting after maxWaitMs, which then never takes a slot', async () => {
    vi.useFakeTimers();
    const queue = new AdmissionQueue({ slots: 1, maxQueued: 10, maxWaitMs: 5_000 });
    const holder = await enter(queue).outcome;
    const late = enter(queue);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(queue.waiting).toBe(1);
    const after = enter(queue);
    await vi.advanceTimersByTimeAsync(1);
    const outcome = await late.outcome;
    expect(outcome.admitted).toBe(false);
    if (!outcome.admitted) expect(outcome.refusal.reason).toBe('waited_too_long');
    expect(queue.counts.waitedTooLong).toBe(1);
    // The freed slot goes past the refused request to the one behind it.
    if (holder.admitted) holder.release();
    expect((await after.outcome).admitted).toBe(true);
    expect([queue.busy, queue.waiting]).toEqual([1, 0]);
  });

  it('skips a request whose client left while it waited', async () => {
    const queue = new AdmissionQueue({ slots: 1, ...options });
    const holder = await enter(queue).outcome;
    const gone = enter(queue);
    const next = enter(queue);
    gone.cancel();
    gone.cancel();
    expect(queue.waiting).toBe(1);
    expect(queue.counts.abandoned).toBe(1);
    if (holder.admitted) holder.release();
    expect((await next.outcome).admitted).toBe(true);
    expect([queue.busy, queue.waiting]).toEqual([1, 0]);
  });
});

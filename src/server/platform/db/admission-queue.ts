// Requests take turns on the embedded database in the order they arrived (issue 36, decision
// 025). PGlite has one connection and queues each statement behind every other: a request of
// five statements went to the back of that queue five times, so under load it waited five
// queues' worth while a request of one waited one, and a write's transaction waited behind
// every read that arrived after it. Here a request takes a slot before its first statement and
// keeps it to its answer; at most `slots` requests share the connection, and the rest wait their
// turn in arrival order. Past a bounded queue, or a wait too long, a request is refused instead.

export type AdmissionOptions = {
  /** Requests admitted at once. */
  slots: number;
  /** Requests that may wait for a slot; one more is refused at once. */
  maxQueued: number;
  /** A request still waiting after this long is refused. */
  maxWaitMs: number;
};

export type Refusal = {
  reason: 'queue_full' | 'waited_too_long';
  /** When trying again is likely to be served: the queue's estimated drain time, 1-30 s. */
  retryAfterSeconds: number;
};

export type AdmissionCounts = {
  admitted: number;
  /** Refused on arrival: maxQueued were already waiting. */
  queueFull: number;
  /** Refused after waiting maxWaitMs. */
  waitedTooLong: number;
  /** Gave up while waiting (the client went away). */
  abandoned: number;
};

type Waiter = {
  admit: (release: () => void) => void;
  refuse: (refusal: Refusal) => void;
  timer: NodeJS.Timeout;
  /** Admitted, refused or abandoned: no longer in line (it is skipped where it stands). */
  done: boolean;
};

/** How much the last hold weighs in the average hold time (an exponential moving average). */
const HOLD_AVERAGE_WEIGHT = 0.05;

export class AdmissionQueue {
  readonly options: AdmissionOptions;
  readonly counts: AdmissionCounts = { admitted: 0, queueFull: 0, waitedTooLong: 0, abandoned: 0 };
  #busy = 0;
  /** Waiters in arrival order; those before #head have left the line. */
  #line: Waiter[] = [];
  #head = 0;
  #waiting = 0;
  /** Average time a request holds its slot, for Retry-After. */
  #averageHoldMs = 10;

  constructor(options: AdmissionOptions) {
    if (!Number.isInteger(options.slots) || options.slots < 1) throw new Error('slots must be a whole number of at least 1');
    this.options = options;
  }

  /** Requests holding a slot, and requests waiting for one. */
  get busy(): number {
    return this.#busy;
  }

  get waiting(): number {
    return this.#waiting;
  }

  /**
   * Asks for a slot: `admit(release)` is called once one is this request's (at once when one is
   * free and nobody waits), or `refuse(refusal)` when the queue is full or the wait too long.
   * `release` gives the slot back; calling it again does nothing. The answer cancels the wait
   * (the client went away); after admission or refusal it does nothing.
   */
  enter(admit: (release: () => void) => void, refuse: (refusal: Refusal) => void): () => void {
    if (this.#busy < this.options.slots && this.#waiting === 0) {
      this.#busy += 1;
      admit(this.#releaser());
      return () => {};
    }
    if (this.#waiting >= this.options.maxQueued) {
      this.counts.queueFull += 1;
      refuse({ reason: 'queue_full', retryAfterSeconds: this.retryAfterSeconds() });
      return () => {};
    }
    const waiter: Waiter = {
      admit,
      refuse,
      done: false,
      timer: setTimeout(() => {
        this.#leave(waiter);
        this.counts.waitedTooLong += 1;
        refuse({ reason: 'waited_too_long', retryAfterSeconds: this.retryAfterSeconds() });
      }, this.options.maxWaitMs),
    };
    // A waiting request is kept alive by its connection, not by this timer.
    waiter.timer.unref();
    this.#line.push(waiter);
    this.#waiting += 1;
    return () => {
      if (waiter.done) return;
      this.#leave(waiter);
      this.counts.abandoned += 1;
    };
  }

  /** The queue's estimated drain time in whole seconds, at least 1 and at most 30. */
  retryAfterSeconds(): number {
    const drainMs = ((this.#waiting + this.#busy) / this.options.slots) * this.#averageHoldMs;
    return Math.min(30, Math.max(1, Math.ceil(drainMs / 1000)));
  }

  #leave(waiter: Waiter): void {
    waiter.done = true;
    clearTimeout(waiter.timer);
    this.#waiting -= 1;
  }

  #releaser(): () => void {
    this.counts.admitted += 1;
    const since = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#averageHoldMs += HOLD_AVERAGE_WEIGHT * (performance.now() - since - this.#averageHoldMs);
      this.#handOn();
    };
  }

  /** A slot came free: it goes to the first request still in line, or back to the pool. */
  #handOn(): void {
    while (this.#head < this.#line.length) {
      const waiter = this.#line[this.#head]!;
      this.#line[this.#head] = undefined as unknown as Waiter;
      this.#head += 1;
      if (waiter.done) continue;
      this.#leave(waiter);
      this.#compact();
      waiter.admit(this.#releaser());
      return;
    }
    this.#compact();
    this.#busy -= 1;
  }

  /** Drops the line's front once it is long and mostly gone, so the array does not grow for ever. */
  #compact(): void {
    if (this.#head === this.#line.length) {
      this.#line = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > this.#line.length) {
      this.#line = this.#line.slice(this.#head);
      this.#head = 0;
    }
  }
}

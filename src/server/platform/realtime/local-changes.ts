// Change events inside this process, for caches that must forget what a change made stale
// (decision 014): every event this process publishes (at once, before its transaction commits)
// and every event it hears from the database (after commit, from any app server), and 'resync'
// when the listener may have missed some. Subscribers only drop cached values, so hearing an
// event twice, or one whose transaction rolled back, costs a re-read and nothing else.
import type { ChangeEvent } from './publisher';

/**
 * - published: this process wrote the event in a transaction that has not committed yet (it may
 *   roll back); `id` comes back with the committed notification.
 * - committed: heard from the database, so committed, by this or any other app server; `id` is
 *   the publisher's when the payload carried one.
 * - resync: the listener (re)connected; events may have been missed.
 */
export type LocalChange =
  | { kind: 'published'; event: ChangeEvent; id: string }
  | { kind: 'committed'; event: ChangeEvent; id?: string }
  | { kind: 'resync' };

const subscribers = new Set<(change: LocalChange) => void>();

export function onLocalChange(subscriber: (change: LocalChange) => void): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

export function announceLocalChange(change: LocalChange): void {
  for (const subscriber of subscribers) subscriber(change);
}

// Whether this process hears the database's change notifications for a database (keyed by its
// Drizzle handle): a cache whose entries another server's change must end (the session cache)
// may only answer while it does. Down at first, while a PostgreSQL listener reconnects, and
// after it stops.
const feeds = new WeakMap<object, number>();

/** Called by the changes listener: `live` once it listens, not live when its connection drops. */
export function markChangeFeed(db: object, live: boolean): void {
  // Counted: two apps of one process (tests) may listen on the same handle.
  const listening = (feeds.get(db) ?? 0) + (live ? 1 : -1);
  feeds.set(db, Math.max(0, listening));
}

export function changeFeedIsLive(db: object): boolean {
  return (feeds.get(db) ?? 0) > 0;
}

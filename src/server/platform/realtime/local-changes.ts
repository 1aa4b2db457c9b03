// Change events inside this process, for caches that must forget what a change made stale
// (decision 014): every event this process publishes (at once, before its transaction commits)
// and every event it hears from the database (after commit, from any app server), and 'resync'
// when the listener may have missed some. Subscribers only drop cached values, so hearing an
// event twice, or one whose transaction rolled back, costs a recount and nothing else.
import type { ChangeEvent } from './publisher';

export type LocalChange = ChangeEvent | 'resync';

const subscribers = new Set<(change: LocalChange) => void>();

export function onLocalChange(subscriber: (change: LocalChange) => void): () => void {
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
}

export function announceLocalChange(change: LocalChange): void {
  for (const subscriber of subscribers) subscriber(change);
}

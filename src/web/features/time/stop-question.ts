// The question a stop can answer with (issue 49 item 14): a timer over TIMER_CONFIRM_MINUTES
// (409 timer_long: save all or trim) or under TIMER_SHORT_SECONDS (409 timer_short: discard or
// save anyway) is not saved until the member answers. A stop from the top bar or from the command
// palette (which closes as it runs) puts the question here; the top bar's RunningTimer asks it.
// It names the timer it is about, so a timer stopped or discarded elsewhere is not asked about.
import { useSyncExternalStore } from 'react';

export type StopQuestion = { kind: 'long' | 'short'; message: string; startedAt: string };

let current: StopQuestion | null = null;
const listeners = new Set<() => void>();

/** Asks `question` about a stop (null: no question, as after the stop or discard went through). */
export function askBeforeStop(question: StopQuestion | null): void {
  current = question;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open question about the timer started at `startedAt`, if any. */
export function useStopQuestion(startedAt: string | undefined): StopQuestion | null {
  const question = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return question && question.startedAt === startedAt ? question : null;
}

// "This changed" events (ARCHITECTURE "realtime"): published with pg_notify inside the writing
// transaction, so PostgreSQL delivers one only when the change commits, to every app server
// listening on the channel. The payload names what changed, never its content.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CHANGE_TOPICS, type ChangeTopic } from '../../../domain/change-topics';
import type { Executor } from '../db/client';
import { currentChangeOrigin, isChangeOrigin } from './change-origin';
import { announceLocalChange } from './local-changes';

export const CHANGES_CHANNEL = 'brieflane_changes';

export { CHANGE_TOPICS, type ChangeTopic };

export type ChangeEvent = {
  organizationId: string;
  projectId: string | null;
  topic: ChangeTopic;
  /** The browser tab whose request made the change (change-origin.ts), when it said. */
  origin?: string;
  /** 'inbox': the one member it is for (issue 16). */
  recipientId?: string;
};

/** Publishes `event` when (and only if) the transaction `executor` runs in commits. */
export async function publishChange(
  executor: Executor,
  event: { organizationId: string; topic: ChangeTopic; projectId?: string | null; recipientId?: string },
): Promise<void> {
  const projectId = event.topic === 'project' ? (event.projectId ?? null) : null;
  // A project-level change without a project can only be shown by refreshing the lists.
  const topic = event.topic === 'project' && !projectId ? 'projects' : event.topic;
  const origin = currentChangeOrigin();
  const payload: ChangeEvent = {
    organizationId: event.organizationId,
    projectId,
    topic,
    ...(origin ? { origin } : {}),
    ...(event.recipientId ? { recipientId: event.recipientId } : {}),
  };
  // This process's caches forget at once (before the notification, which an embedded database
  // may deliver as soon as it runs outside a transaction); the notification tells every server
  // after commit, and its id lets this process tell its own from others'.
  const id = randomUUID();
  announceLocalChange({ kind: 'published', event: payload, id });
  await executor.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ ...payload, id })})`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event in a notification's payload, or null for anything malformed. */
export function parseChangeEvent(payload: string): ChangeEvent | null {
  return parseChangeNotification(payload)?.event ?? null;
}

/** The event and the publisher's id (publishChange's, when the payload carries a well-formed one). */
export function parseChangeNotification(payload: string): { event: ChangeEvent; id?: string } | null {
  try {
    const value = JSON.parse(payload) as Partial<ChangeEvent> & { id?: unknown };
    if (typeof value.organizationId !== 'string' || !UUID.test(value.organizationId)) return null;
    if (!CHANGE_TOPICS.includes(value.topic as ChangeTopic)) return null;
    const projectId = typeof value.projectId === 'string' && UUID.test(value.projectId) ? value.projectId : null;
    const origin = isChangeOrigin(value.origin) ? { origin: value.origin } : {};
    const recipient = typeof value.recipientId === 'string' && UUID.test(value.recipientId) ? { recipientId: value.recipientId } : {};
    const event = { organizationId: value.organizationId, projectId, topic: value.topic as ChangeTopic, ...origin, ...recipient };
    return typeof value.id === 'string' && UUID.test(value.id) ? { event, id: value.id } : { event };
  } catch {
    return null;
  }
}

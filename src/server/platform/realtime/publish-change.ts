// Publishing a "this changed" event (publisher.ts has its shape and channel). Modules never call
// it: they emit an event (services/events.ts), whose topics say what changed (issue 47); the
// platform's own facts (sessions ended, a token's member changed) publish here directly.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { currentChangeOrigin } from './change-origin';
import { announceLocalChange } from './local-changes';
import { CHANGES_CHANNEL, type ChangeEvent, type ChangeTopic } from './publisher';

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

// "This changed" events (ARCHITECTURE "realtime"): published with pg_notify inside the writing
// transaction (publish-change.ts), so PostgreSQL delivers one only when the change commits, to
// every app server listening on the channel. The payload names what changed, never its content.
import { CHANGE_TOPICS, type ChangeTopic } from '../../../domain/change-topics';
import { isChangeOrigin } from './change-origin';

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

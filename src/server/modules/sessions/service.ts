// Settings -> Sessions (issue 31 item 5): the member's live sessions, and ending one or all the
// others. Ending deletes the session row and announces it ('sessions' topic), so every server
// drops it from its session cache and closes that browser's live socket at once.
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { SESSION_TEXTS, type MemberSession, type SignInWay } from '../../../domain/sessions';
import type { ActorSession } from '../../platform/auth/session';
import { sessions } from '../../platform/db/schema/auth';
import { badRequest, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { publishSessionsEnded } from '../../platform/auth/session-cache';
import { describeBrowser } from './device';
import { DEFAULT_LOCALE, type Locale } from '../../../domain/locales';

type SessionRow = typeof sessions.$inferSelect;

/** How a session was signed in; null for one made before the sign-in paths recorded it. */
function signInWayOf(row: SessionRow): SignInWay | null {
  if (!row.signInMethod) return null;
  return { method: row.signInMethod, factor: row.signInFactor ?? null, provider: row.signInProvider ?? null };
}

/** The caller's live sessions, this one first, then the most recently used. */
export async function listSessions({ db }: Platform, session: ActorSession, locale: Locale = DEFAULT_LOCALE): Promise<MemberSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, session.actor.userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows
    .map((row) => ({
      id: row.id,
      browser: describeBrowser(row.userAgent, locale),
      address: row.ipAddress || null,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      current: row.id === session.sessionId,
      signIn: signInWayOf(row),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the caller's other sessions; their own is ended by signing out. */
export async function endSession({ db }: Platform, session: ActorSession, sessionId: string): Promise<void> {
  if (sessionId === session.sessionId) throw badRequest(SESSION_TEXTS.endCurrent, 'current_session');
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, session.actor.userId)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw notFound(SESSION_TEXTS.notFound);
    await publishSessionsEnded(tx, session.actor.userId);
  });
}

/** Ends every session of the caller but this one; answers how many. */
export async function endOtherSessions({ db }: Platform, session: ActorSession): Promise<{ ended: number }> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, session.actor.userId), ne(sessions.id, session.sessionId)))
      .returning({ id: sessions.id });
    if (ended.length > 0) await publishSessionsEnded(tx, session.actor.userId);
    return { ended: ended.length };
  });
}

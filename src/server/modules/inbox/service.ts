// The in-app inbox (issue 16): a member reads their own notifications, newest first, and marks
// them read. Written by the features through services/inbox.ts; pruned after 90 days by the
// housekeeping job.
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { INBOX_PAGE_SIZE, type InboxPage } from '../../../domain/inbox';
import type { Actor } from '../../platform/auth/session';
import { afterCursor, decodeCursor, encodeCursor } from '../../platform/db/cursor';
import { notifications } from './schema';
import type { Platform } from '../../platform/platform';

const mine = (actor: Actor) => and(eq(notifications.recipientId, actor.profileId), eq(notifications.organizationId, actor.organizationId));

export async function listInbox({ db }: Platform, actor: Actor, cursor: string | undefined): Promise<InboxPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select()
    .from(notifications)
    .where(and(mine(actor), after ? afterCursor(notifications.createdAt, notifications.id, after) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(INBOX_PAGE_SIZE + 1);
  const [unread] = await db.select({ n: count() }).from(notifications).where(and(mine(actor), isNull(notifications.readAt)));
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  return {
    items: page.map((row) => ({
      id: row.id,
      kind: row.kind,
      projectId: row.projectId,
      taskId: row.taskId,
      commentId: row.commentId,
      title: row.title,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
    nextCursor: rows.length > INBOX_PAGE_SIZE ? encodeCursor(page.at(-1)!) : null,
    unread: unread?.n ?? 0,
  };
}

/** Marks the caller's own notifications read (ids of anyone else's are ignored); returns what is left unread. */
export async function markRead({ db, clock }: Platform, actor: Actor, target: { ids?: string[]; all?: true }): Promise<{ unread: number }> {
  await db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(and(mine(actor), isNull(notifications.readAt), target.ids ? inArray(notifications.id, target.ids) : undefined));
  const [unread] = await db.select({ n: count() }).from(notifications).where(and(mine(actor), isNull(notifications.readAt)));
  return { unread: unread?.n ?? 0 };
}

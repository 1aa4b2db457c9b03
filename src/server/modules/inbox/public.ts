// What other modules may use of the inbox module (decision 012); the lint refuses the rest.
import { lt } from 'drizzle-orm';
import { INBOX_RETENTION_DAYS } from '../../../domain/inbox';
import { DAY_MS, type Prune } from '../../platform/db/housekeeping';
import { notifications } from './schema';

/** Its tables another module may name in its own queries (issue 47, decision 043). */
export { digestItems } from './schema';

/** The inbox keeps 90 days (issue 16): older news goes, for the housekeeping job. */
export const pruneNotifications: Prune = async (db, now) =>
  (await db.delete(notifications).where(lt(notifications.createdAt, new Date(now.getTime() - INBOX_RETENTION_DAYS * DAY_MS))).returning({ id: notifications.id }))
    .length;

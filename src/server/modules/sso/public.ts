// What other modules may use of the sso module (decision 012); the lint refuses the rest.
import { lt } from 'drizzle-orm';
import type { Prune } from '../../platform/db/housekeeping';
import { ssoSignIns } from './schema';

/** Whether an email's domain signs in through its organization's provider (proven domains only, issue 46). */
export { passwordClosedForUser, ssoDomainOf, type SsoDomain } from './policy';

/** Single sign-ons started and never finished (issue 31 item 4: 10 minutes each), for the housekeeping job. */
export const pruneSsoSignIns: Prune = async (db, now) =>
  (await db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, now)).returning({ id: ssoSignIns.id })).length;

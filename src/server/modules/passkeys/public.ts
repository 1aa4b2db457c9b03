// What other modules may use of the passkeys module (decision 012); the lint refuses the rest.
import { lt } from 'drizzle-orm';
import type { Prune } from '../../platform/db/housekeeping';
import { passkeyChallenges } from './schema';

/** WebAuthn challenges nobody answered in time (decision 031), for the housekeeping job. */
export const prunePasskeyChallenges: Prune = async (db, now) =>
  (await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now)).returning({ challenge: passkeyChallenges.challenge })).length;

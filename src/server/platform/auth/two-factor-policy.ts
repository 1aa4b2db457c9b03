// The organization's two-factor requirement as every request sees it (issue 31 item 2): read
// with the session (the session cache keeps it), so asking costs no query. A member it applies to
// who has not set two-factor up may, past the grace period, only set it up.
import { sql } from 'drizzle-orm';
import { twoFactorRequirement, type TwoFactorPolicy } from '../../../domain/two-factor';
import { users } from '../db/schema/auth';
import { organizations } from '../db/schema/tenancy';

/** Read beside the session's user and profile (organizations joined on the profile's). */
export const twoFactorColumns = {
  twoFactorPolicy: organizations.twoFactorPolicy,
  twoFactorPolicySince: organizations.twoFactorPolicySince,
  twoFactorOn: sql<boolean>`exists (select 1 from two_factors where two_factors.user_id = ${users.id} and two_factors.enabled_at is not null)`,
};

export type TwoFactorFacts = { twoFactorPolicy: TwoFactorPolicy; twoFactorPolicySince: Date | null; twoFactorOn: boolean };

export function requirementOf(facts: TwoFactorFacts & { role: Parameters<typeof twoFactorRequirement>[0]['role'] }, now: Date) {
  return twoFactorRequirement(
    { role: facts.role, twoFactorOn: facts.twoFactorOn },
    { policy: facts.twoFactorPolicy, since: facts.twoFactorPolicySince },
    now,
  );
}

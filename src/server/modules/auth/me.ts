// The Me answer (src/domain/auth.ts meSchema) for a signed-in caller.
import { eq } from 'drizzle-orm';
import type { Me } from '../../../domain/auth';
import { isRegion } from '../../../domain/region-rules';
import { twoFactorRequirement } from '../../../domain/two-factor';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { unauthorized } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { Actor } from '../../platform/auth/session';
import { hasTwoFactor } from '../two-factor/public';

/** GET /api/me and every answer that signs someone in. */
export async function loadMe(platform: Platform, actor: Actor): Promise<Me> {
  const [row] = await platform.db
    .select({ id: organizations.id, name: organizations.name, currency: organizations.currency, locale: organizations.locale, policy: organizations.twoFactorPolicy, since: organizations.twoFactorPolicySince })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId))
    .limit(1);
  if (!row) throw unauthorized();
  const [member] = await platform.db.select({ locale: profiles.locale, region: profiles.region, timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, actor.profileId)).limit(1);
  const on = await hasTwoFactor(platform.db, actor.userId);
  const requirement = twoFactorRequirement({ role: actor.role, twoFactorOn: on }, { policy: row.policy, since: row.since }, platform.clock.now());
  return {
    user: { id: actor.userId, email: actor.email },
    profile: {
      id: actor.profileId,
      fullName: actor.fullName,
      email: actor.email,
      role: actor.role,
      organizationId: actor.organizationId,
      locale: member?.locale ?? null,
      // A region since taken off the list (the database checks only its shape) reads as none: the browser's.
      region: isRegion(member?.region) ? member.region : null,
      timeZone: member?.timeZone ?? null,
    },
    organization: { id: row.id, name: row.name, currency: row.currency, locale: row.locale },
    twoFactor: { on, required: requirement.required, deadline: requirement.deadline?.toISOString() ?? null, overdue: requirement.overdue },
  };
}

// The Me answer (src/domain/auth.ts meSchema) for a signed-in caller.
import { eq } from 'drizzle-orm';
import type { Me } from '../../../domain/auth';
import { organizations } from '../db/schema/tenancy';
import { unauthorized } from '../errors';
import type { Platform } from '../platform';
import type { Actor } from './session';

/** GET /api/me and every answer that signs someone in. */
export async function loadMe(platform: Platform, actor: Actor): Promise<Me> {
  const [row] = await platform.db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId))
    .limit(1);
  if (!row) throw unauthorized();
  return {
    user: { id: actor.userId, email: actor.email },
    profile: {
      id: actor.profileId,
      fullName: actor.fullName,
      email: actor.email,
      role: actor.role,
      organizationId: actor.organizationId,
    },
    organization: row,
  };
}

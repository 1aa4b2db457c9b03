// The caller's own organization. Which one always comes from the session, never from the request.
import { eq } from 'drizzle-orm';
import { canRenameOrganization } from '../../../domain/roles';
import type { Actor } from '../../platform/auth/session';
import { organizations } from '../../platform/db/schema/tenancy';
import { forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';

export async function renameOrganization(
  platform: Platform,
  input: { actor: Actor; name: string },
): Promise<{ id: string; name: string }> {
  if (!canRenameOrganization(input.actor.role)) throw forbidden();
  const [row] = await platform.db.transaction(async (tx) => {
    await emit(tx, { type: 'organization.renamed', organizationId: input.actor.organizationId, actorId: input.actor.profileId, at: platform.clock.now() });
    return tx
      .update(organizations)
      .set({ name: input.name, updatedAt: platform.clock.now() })
      .where(eq(organizations.id, input.actor.organizationId))
      .returning({ id: organizations.id, name: organizations.name });
  });
  if (!row) throw notFound('No organization found');
  return row;
}

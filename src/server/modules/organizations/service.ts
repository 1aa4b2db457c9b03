// The caller's own organization. Which one always comes from the session, never from the request.
import { eq } from 'drizzle-orm';
import type { Locale } from '../../../domain/locales';
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

/**
 * Issue 48: the organization's language, set by those who rename it. Its emails speak it to a
 * member with no saved language and to people who are no member; a member's screens still follow
 * their own choice or their browser.
 */
export async function setOrganizationLocale(platform: Platform, actor: Actor, locale: Locale): Promise<{ locale: Locale }> {
  if (!canRenameOrganization(actor.role)) throw forbidden();
  const [row] = await platform.db
    .update(organizations)
    .set({ locale, updatedAt: platform.clock.now() })
    .where(eq(organizations.id, actor.organizationId))
    .returning({ locale: organizations.locale });
  if (!row) throw notFound('No organization found');
  return row;
}

/**
 * Issue 51 item 4: the organization's time zone, whose calendar days its recurring tasks follow
 * (which day "today" is for them). Its admins only, as its name and language.
 */
export async function setOrganizationTimeZone(platform: Platform, actor: Actor, timeZone: string): Promise<{ timeZone: string }> {
  if (!canRenameOrganization(actor.role)) throw forbidden();
  const [row] = await platform.db
    .update(organizations)
    .set({ timeZone, updatedAt: platform.clock.now() })
    .where(eq(organizations.id, actor.organizationId))
    .returning({ timeZone: organizations.timeZone });
  if (!row) throw notFound('No organization found');
  return { timeZone: row.timeZone ?? timeZone };
}

// Issue 48 item 3: every email speaks its reader's language. A member's is their saved one, else
// their organization's; an address with no member (a sign-up code, a client on a link) gets the
// organization's when there is one, else the request's, else English. Callers read it with the
// address they already read: `locale: memberLocaleColumn` beside `email: profiles.email`.
import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../domain/locales';
import type { Executor } from '../platform/db/client';
import { organizations, profiles } from '../platform/db/schema/tenancy';

/** A profile's reader language, as a column of any select from `profiles`. */
export const memberLocaleColumn = sql<Locale>`coalesce(${profiles.locale}, (select o.locale from organizations o where o.id = ${profiles.organizationId}))`;

/** A member's reader language (theirs, else their organization's). */
export async function memberLocale(executor: Executor, organizationId: string, profileId: string): Promise<Locale> {
  const [row] = await executor
    .select({ locale: memberLocaleColumn })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, organizationId)))
    .limit(1);
  return row?.locale ?? (await organizationLocale(executor, organizationId));
}

/** The organization's language (its emails to members with none saved and to outsiders). */
export async function organizationLocale(executor: Executor, organizationId: string): Promise<Locale> {
  const [row] = await executor.select({ locale: organizations.locale }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return row?.locale ?? DEFAULT_LOCALE;
}

/**
 * The language of an email to an address that may be no member's yet (a sign-up code, a password
 * reset): the member's with that address when there is one, else `fallback` (the request's).
 */
export async function addressLocale(executor: Executor, email: string, fallback: Locale): Promise<Locale> {
  const [row] = await executor
    .select({ locale: memberLocaleColumn })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = ${email.toLowerCase()}`)
    .orderBy(profiles.createdAt)
    .limit(1);
  return row?.locale ?? fallback;
}

// Issue 48 item 4: an organization's language, which its share, intake and approval links are
// shown in when staff chose none for the link.
import { DEFAULT_LOCALE, type Locale } from '../../domain/locales';
import type { Executor } from '../platform/db/client';

/**
 * The organization's default language. `organizations.locale` (not null, default 'en') comes from
 * another branch of issue 48; until it is merged here every organization speaks English, and this
 * one function reads the column then (`select locale from organizations where id = ...`).
 */
export async function organizationLocale(_db: Executor, _organizationId: string): Promise<Locale> {
  return DEFAULT_LOCALE;
}

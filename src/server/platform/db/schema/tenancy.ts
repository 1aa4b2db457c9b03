// Organizations and the people in them (spec 3 "profile", ARCHITECTURE decisions 1 and 6).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '../../../../domain/api-tokens';
import { LOCALES, type Locale } from '../../../../domain/locales';
import type { Region } from '../../../../domain/region-rules';
import { type Role, ROLES } from '../../../../domain/roles';
import type { TwoFactorPolicy } from '../../../../domain/two-factor';
import { users } from './auth';
import { timestamps } from '../columns';


export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Issue 31: who must sign in with two-factor, and since when (the grace period counts from it). */
    twoFactorPolicy: text('two_factor_policy').$type<TwoFactorPolicy>().notNull().default('off'),
    twoFactorPolicySince: timestamp('two_factor_policy_since', { withTimezone: true }),
    /** Issue 32: the one currency of the organization's rates and budgets (ISO 4217). */
    currency: text('currency').notNull().default('USD'),
    /**
     * Issue 48: the organization's language, for the emails of a member with no saved language and
     * of people who are no member (a client on a link). A new member still follows their browser.
     */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    /**
     * Issue 51 item 4: the IANA time zone whose calendar days recurring tasks follow (when "today"
     * is); null: UTC. Checked by the domain (time-zone-rules.ts), like a member's.
     */
    timeZone: text('time_zone'),
    ...timestamps,
  },
  (t) => [
    check('organizations_two_factor_policy_check', sql`${t.twoFactorPolicy} in ('off', 'staff', 'everyone')`),
    check('organizations_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('organizations_locale_check', sql`${t.locale} in (${sql.raw(LOCALES.map((l) => `'${l}'`).join(', '))})`),
  ],
);

/**
 * A member of an organization. Members added without an email have a profile but no login
 * (decision 6), so the login (`users`) is optional and linked by user_id.
 */
export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email'),
    fullName: text('full_name').notNull(),
    role: text('role').$type<Role>().notNull().default('developer'),
    website: text('website'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Issue 32: the member's default hourly rate in minor units of the organization's currency; null: none. */
    hourlyRateMinor: bigint('hourly_rate_minor', { mode: 'number' }),
    /** Issue 48: the member's language; null: their browser's (Accept-Language). */
    locale: text('locale').$type<Locale>(),
    /**
     * Issue 48 item 3: the member's region, whose conventions dates and numbers are written in
     * ('GB', 'AT'); null: their browser's. The list is the domain's (region-rules.ts); the
     * database checks the shape only, so the list may grow without a migration.
     */
    region: text('region').$type<Region>(),
    /**
     * Issue 49 item 22: the member's IANA time zone ('Europe/Berlin'), which their daily digest
     * follows; null: UTC. Checked by the domain (time-zones.ts): no CHECK can know the names.
     */
    timeZone: text('time_zone'),
    ...timestamps,
  },
  (t) => [
    index('profiles_organization_id_idx').on(t.organizationId, t.createdAt),
    index('profiles_email_idx').on(sql`lower(${t.email})`),
    // Issue 34: the organization's search finds members by part of their name, typos included.
    index('profiles_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('profiles_hourly_rate_check', sql`${t.hourlyRateMinor} is null or ${t.hourlyRateMinor} >= 0`),
    check('profiles_role_check', sql`${t.role} in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`),
    check('profiles_region_check', sql`${t.region} is null or ${t.region} ~ '^[A-Z]{2}$'`),
    check('profiles_locale_check', sql`${t.locale} is null or ${t.locale} in (${sql.raw(LOCALES.map((l) => `'${l}'`).join(', '))})`),
  ],
);

/**
 * Personal API tokens (issue 30): the SHA-256 of the token (the token itself is shown once), the
 * role its member had when creating it (it stops working if theirs drops below), read or write.
 * Gone with the member; a revoked one is kept (revoked_at) so its last use can still be read.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull(),
    role: text('role').$type<Role>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('api_tokens_profile_idx').on(t.profileId, t.createdAt),
    check('api_tokens_scope_check', sql`${t.scope} in (${sql.raw(API_TOKEN_SCOPES.map((s) => `'${s}'`).join(', '))})`),
    check('api_tokens_role_check', sql`${t.role} in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`),
  ],
);

export const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const createdBy = () => uuid('created_by').references(() => profiles.id, { onDelete: 'set null' });

// Organizations and the people in them (spec 3 "profile", ARCHITECTURE decisions 1 and 6).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_TOKEN_SCOPES, type ApiTokenScope } from '../../../../domain/api-tokens';
import { ROLES, type Role } from '../../../../domain/roles';
import type { TwoFactorPolicy } from '../../../../domain/two-factor';
import { SSO_DOMAIN_CHECK_ERRORS, SSO_JOIN_ROLES, SSO_NEW_MEMBERS, type SsoDomainCheckError, type SsoJoinRole, type SsoNewMembers } from '../../../../domain/sso-rules';
import { users } from './auth';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

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
    ...timestamps,
  },
  (t) => [
    check('organizations_two_factor_policy_check', sql`${t.twoFactorPolicy} in ('off', 'staff', 'everyone')`),
    check('organizations_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
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
    ...timestamps,
  },
  (t) => [
    index('profiles_organization_id_idx').on(t.organizationId, t.createdAt),
    index('profiles_email_idx').on(sql`lower(${t.email})`),
    // Issue 34: the organization's search finds members by part of their name, typos included.
    index('profiles_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('profiles_hourly_rate_check', sql`${t.hourlyRateMinor} is null or ${t.hourlyRateMinor} >= 0`),
    check('profiles_role_check', sql`${t.role} in (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`),
  ],
);

/** Spec 3 "email_notifications": which one-off emails a member has had (the welcome email). */
export const emailNotifications = pgTable(
  'email_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    emailType: text('email_type').notNull(),
    emailData: jsonb('email_data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('email_notifications_profile_type_key').on(t.profileId, t.emailType)],
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

/**
 * An organization's single sign-on through its OpenID provider (issue 31 item 4, decision 032):
 * one per organization. The client secret is sealed (secret-box.ts, a key derived from AUTH_SECRET
 * for this organization), so a backup or a dump alone does not give it away.
 */
export const organizationSso = pgTable(
  'organization_sso',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    /** join: new people of the domains become members with join_role; refuse: only existing members. */
    newMembers: text('new_members').$type<SsoNewMembers>().notNull().default('join'),
    joinRole: text('join_role').$type<SsoJoinRole>().notNull().default('developer'),
    /** false: the organization's members (but its organization admin) sign in only through the provider. */
    passwordSignIn: boolean('password_sign_in').notNull().default(true),
    /**
     * Issue 46: an ID token must say `email_verified: true`, unless the organization admin said
     * their provider never sends the claim (then the claim's absence is let through, never false).
     */
    emailVerifiedOptional: boolean('email_verified_optional').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('organization_sso_new_members_check', sql`${t.newMembers} in (${sql.raw(SSO_NEW_MEMBERS.map((v) => `'${v}'`).join(', '))})`),
    check('organization_sso_join_role_check', sql`${t.joinRole} in (${sql.raw(SSO_JOIN_ROLES.map((v) => `'${v}'`).join(', '))})`),
  ],
);

/**
 * The email domains an organization's single sign-on claims (issue 46, decision 041). A claim acts
 * only while proven: `verified_at` is set once a DNS TXT record `brieflane-verification=<token>`
 * was found at the domain and cleared when it is gone. Several organizations may claim a domain;
 * only one may hold it proven (the partial unique index).
 */
export const organizationSsoDomains = pgTable(
  'organization_sso_domains',
  {
    domain: text('domain').notNull(),
    organizationId: uuid('organization_id').notNull(),
    /** What the TXT record must carry; random per organization and domain, shown to its admins. */
    verificationToken: text('verification_token').notNull(),
    /** Since when the domain is proven; null while it is not (never yet, or no longer). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When a check last found the record (a resolver that fails for days lets the proof lapse). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Why the last check did not prove it (SsoDomainCheckError), null after a good one. */
    checkError: text('check_error').$type<SsoDomainCheckError>(),
    /** When the periodic re-check looks at it next. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Named here: drizzle's own name for it is longer than PostgreSQL's 63 characters.
    primaryKey({ name: 'organization_sso_domains_pkey', columns: [t.organizationId, t.domain] }),
    foreignKey({ name: 'organization_sso_domains_organization_fk', columns: [t.organizationId], foreignColumns: [organizationSso.organizationId] }).onDelete('cascade'),
    uniqueIndex('organization_sso_domains_proven_idx').on(t.domain).where(sql`${t.verifiedAt} is not null`),
    index('organization_sso_domains_next_check_idx').on(t.nextCheckAt),
    check('organization_sso_domains_lower_check', sql`${t.domain} = lower(${t.domain})`),
    check('organization_sso_domains_check_error_check', sql`${t.checkError} in (${sql.raw(SSO_DOMAIN_CHECK_ERRORS.map((v) => `'${v}'`).join(', '))})`),
  ],
);

/**
 * Issue 46: the provider's subject each login signed in as, bound on its first single sign-on. A
 * later ID token with the login's email but another subject of the same issuer is refused (the
 * provider's account changed hands, or another account took the email there), and a subject
 * speaks for one login only.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sso_identities_pkey', columns: [t.userId, t.issuer] }), unique('sso_identities_subject_unique').on(t.issuer, t.subject)],
);

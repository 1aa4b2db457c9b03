// The sso module's tables: an organization's OpenID provider, its proven domains, sign-ins under way and who signed in as whom.
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema/auth';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { SSO_DOMAIN_CHECK_ERRORS, SSO_JOIN_ROLES, SSO_NEW_MEMBERS, type SsoDomainCheckError, type SsoJoinRole, type SsoNewMembers } from '../../../domain/sso-rules';
import { timestamps } from '../../platform/db/columns';

/**
 * A single sign-on under way (issue 31 item 4, decision 032), single use, 10 minutes.
 * 'authorize': sent to the provider; keyed by the SHA-256 of its `state`, with the nonce and the
 * PKCE verifier (sealed) that only the server holds. 'second_factor': the provider let `user_id`
 * in and their two-factor code comes next; keyed by the SHA-256 of the browser's ticket.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyHash: text('key_hash').notNull().unique(),
    stage: text('stage').$type<'authorize' | 'second_factor'>().notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The issuer the browser was sent to: a callback after the settings changed is refused. */
    issuer: text('issuer'),
    nonce: text('nonce'),
    codeVerifierSealed: text('code_verifier_sealed'),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_sign_ins_expires_idx').on(t.expiresAt), check('sso_sign_ins_stage_check', sql`${t.stage} in ('authorize', 'second_factor')`)],
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

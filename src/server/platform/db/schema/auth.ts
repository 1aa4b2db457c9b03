// Tables owned by better-auth (docs/decisions/002-authentication.md). Property names are the
// library's field names; columns are snake_case like the rest of the schema.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SIGN_IN_FACTORS, SIGN_IN_METHODS, type SignInFactor, type SignInMethod } from '../../../../domain/sessions';
import { inList } from '../columns';

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
},
// Issue 46: a single sign-on domain used by another organization's logins cannot be claimed; this
// finds them without reading every login.
(t) => [index('users_email_domain_idx').on(sql`split_part(lower(${t.email}), '@', -1)`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Issue 49 item 21: how it was signed in (Settings -> Sessions shows it), written by our sign-in
    // paths as they seal the session; null for sessions made before the record. Not the library's
    // fields: better-auth neither reads nor writes them.
    signInMethod: text('sign_in_method').$type<SignInMethod>(),
    signInFactor: text('sign_in_factor').$type<SignInFactor>(),
    /** Single sign-on: the provider's host. */
    signInProvider: text('sign_in_provider'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    check('sessions_sign_in_method_check', sql`${t.signInMethod} is null or ${inList(t.signInMethod, SIGN_IN_METHODS)}`),
    check('sessions_sign_in_factor_check', sql`${t.signInFactor} is null or ${inList(t.signInFactor, SIGN_IN_FACTORS)}`),
  ],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Rate-limit counters kept in the database so several app servers share them. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  // Epoch milliseconds, as better-auth writes it.
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

// The passkeys module's tables: passkeys and the challenges of their ceremonies.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PASSKEY_TRANSPORTS } from '../../../domain/passkeys';
import { users } from '../../platform/db/schema/auth';
import { organizations } from '../../platform/db/schema/tenancy';

type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

/**
 * Passkeys (issue 31 item 3, decision 031): a member's WebAuthn credentials. Nothing here is
 * secret (a credential id and its public key), so nothing is sealed. `counter` is the
 * authenticator's signature counter, kept to refuse a cloned or replayed one; `transports` are
 * what the browser said it can reach it by. Scoped to the user and their organization.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** base64url, as the browser names it (unique across every user: one credential, one owner). */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().$type<PasskeyTransport[]>().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId, t.createdAt), index('passkeys_organization_idx').on(t.organizationId)],
);

export type PasskeyChallengePurpose = 'registration' | 'sign_in';

/**
 * WebAuthn challenges the server gave out and has not seen answered (decision 031): single use
 * (an answer deletes its row, whether it verifies or not) and short-lived. A registration's is
 * the member's; a sign-in's belongs to no one until a passkey answers it.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    /** base64url, as it comes back inside the browser's clientDataJSON. */
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').$type<PasskeyChallengePurpose>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('passkey_challenges_user_idx').on(t.userId),
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check('passkey_challenges_purpose_check', sql`${t.purpose} in ('registration', 'sign_in')`),
  ],
);

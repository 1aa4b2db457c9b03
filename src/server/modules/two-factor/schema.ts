// The two-factor module's tables: authenticator secrets and recovery codes.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/db/schema/auth';

/**
 * Two-factor sign-in (issue 31, decision 029): one row per user. The TOTP secret is sealed
 * (AES-256-GCM, a key derived from AUTH_SECRET: platform/auth/secret-box.ts). `enabledAt` null is
 * a set-up begun and not yet proven with a code. `lastUsedStep` is the newest 30-second step whose
 * code signed in, so a code is good once (RFC 6238 section 5.2).
 */
export const twoFactors = pgTable('two_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, HMAC-SHA256 with the server secret (never stored as typed). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

// Infrastructure tables: the email outbox and the one-time secrets of sign-up and password reset.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './tenancy';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Written in the same transaction as the change that causes the email; a worker delivers it. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt),
    index('email_outbox_organization_id_idx').on(t.organizationId),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type VerificationCodePurpose = 'sign_up' | 'sign_in';

/**
 * Emailed codes (spec 3: 6 characters). Only a hash of the code is kept. `purpose` keeps the
 * sign-up codes and the sign-in step-up codes (issue 26) apart: neither is accepted for the other.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<VerificationCodePurpose>().notNull().default('sign_up'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_codes_email_idx').on(t.email, t.createdAt),
    check('verification_codes_purpose_check', sql`${t.purpose} in ('sign_up', 'sign_in')`),
  ],
);

/** Spec 3 "password_reset_tokens": single use, expiring. Only a hash of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    used: boolean('used').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

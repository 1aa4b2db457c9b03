// Infrastructure tables: the email outbox and the one-time secrets of sign-up and password reset.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PASSKEY_TRANSPORTS } from '../../../../domain/passkeys';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_FAMILIES, type WebhookDeliveryStatus, type WebhookFamily } from '../../../../domain/webhooks';
import { users } from './auth';
import { organizations, profiles } from './tenancy';

type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

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

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * An organization's outgoing webhooks (issue 30 item 2). The secret signs each request, so it is
 * kept as it is (a hash could not sign); it leaves the server once, when made.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    secret: text('secret').notNull(),
    events: text('events').array().$type<WebhookFamily[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'failing': turned off by the delivery worker; 'by_hand': by an admin. */
    disabledReason: text('disabled_reason').$type<'failing' | 'by_hand'>(),
    /** The first failed attempt since the last success; null while deliveries succeed. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhooks_organization_idx').on(t.organizationId, t.createdAt),
    check('webhooks_events_check', sql`${t.events} <@ array[${inList(WEBHOOK_FAMILIES)}]::text[]`),
    check('webhooks_disabled_reason_check', sql`${t.disabledReason} in ('failing', 'by_hand')`),
  ],
);

/**
 * One event on its way to one hook: written in the same transaction as the change (so none is
 * lost on a crash and none sent for a change rolled back), then posted by the delivery worker.
 * `body` is the exact JSON text sent and signed, so a redelivery sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    manual: boolean('manual').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop after this (the event's time plus 24 hours). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    response: text('response'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The worker's claim: due pending deliveries.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // A hook's delivery log, newest first.
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt, t.id),
    index('webhook_deliveries_organization_idx').on(t.organizationId),
    check('webhook_deliveries_status_check', sql`${t.status} in (${inList(WEBHOOK_DELIVERY_STATUSES)})`),
  ],
);

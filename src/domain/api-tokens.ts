// Personal API tokens (issue 30 item 1): a member's key for scripts and other tools, with the
// member's own rights, read only or read and write, for a while or until revoked.
import { z } from 'zod';
import { text } from './text-fields';
import { ROLES } from './roles';

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Days a new token lasts; null: until revoked. */
export const API_TOKEN_EXPIRIES = [30, 90, 365, null] as const;

/** What a token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'blt_';

/** Tokens a member may hold at once. */
export const API_TOKENS_PER_MEMBER = 20;

export const API_TOKEN_TEXTS = {
  title: 'API tokens',
  description: 'Call the API from scripts and other tools with your own rights. Send the token as "Authorization: Bearer <token>".',
  create: 'Create Token',
  createTitle: 'Create API Token',
  name: 'Name',
  namePlaceholder: 'e.g. Reporting script',
  scope: 'Access',
  scopes: { read: 'Read only', write: 'Read and write' } satisfies Record<ApiTokenScope, string>,
  expiry: 'Expires',
  expiries: { '30': 'In 30 days', '90': 'In 90 days', '365': 'In a year', never: 'Never' },
  created: 'Token created',
  shownOnce: "Copy it now: it won't be shown again.",
  copy: 'Copy',
  copied: 'Token copied to the clipboard',
  done: 'Done',
  empty: 'No API tokens yet',
  revoke: 'Revoke',
  revokeTitle: 'Revoke Token',
  revokeConfirm: (name: string) => `Revoke "${name}"? Anything using it stops working at once.`,
  revoked: 'Token revoked',
  lastUsed: (when: string, address: string | null) => `Last used ${when}${address ? ` from ${address}` : ''}`,
  neverUsed: 'Never used',
  expires: (when: string) => `Expires ${when}`,
  noExpiry: 'No expiry',
  expired: 'Expired',
  loadFailed: 'Failed to load API tokens',
  nameRequired: 'Name is required',
  tooMany: `You can hold at most ${API_TOKENS_PER_MEMBER} tokens; revoke one first.`,
  notFound: 'Token not found',
  readOnly: 'This token may only read; this request would change something.',
  notWithToken: 'This cannot be done with an API token; sign in to do it.',
  /** Issue 46: a token never sets a password or a sign-in email, for anyone. */
  credentialsNotWithToken: "An API token cannot set a member's password or sign-in email; sign in to do it.",
  invalid: 'Invalid or expired API token',
} as const;

export const createApiTokenSchema = z.object({
  name: text('Name', { message: API_TOKEN_TEXTS.nameRequired }).trim().min(1, API_TOKEN_TEXTS.nameRequired).max(100, 'Must be at most 100 characters'),
  scope: z.enum(API_TOKEN_SCOPES),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()]),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The token's first characters, to tell tokens apart. */
  prefix: z.string(),
  /** The role the member had when creating it: the token stops working if theirs drops below. */
  role: z.enum(ROLES),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** A token just created: the secret itself, this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

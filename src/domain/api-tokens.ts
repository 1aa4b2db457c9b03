// Personal API tokens (issue 30 item 1): a member's key for scripts and other tools, with the
// member's own rights, read only or read and write, for a while or until revoked.
import { z } from 'zod';
import { messageWithValues, type Text } from './locales';
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
  title: /*i18n*/ { id: 'domain.api-tokens.title', message: 'API tokens' },
  description: /*i18n*/ { id: 'domain.api-tokens.description', message: 'Call the API from scripts and other tools with your own rights. Send the token as "Authorization: Bearer <token>".' },
  create: /*i18n*/ { id: 'domain.api-tokens.create', message: 'Create Token' },
  createTitle: /*i18n*/ { id: 'domain.api-tokens.createTitle', message: 'Create API Token' },
  name: /*i18n*/ { id: 'domain.api-tokens.name', message: 'Name' },
  namePlaceholder: /*i18n*/ { id: 'domain.api-tokens.namePlaceholder', message: 'e.g. Reporting script' },
  scope: /*i18n*/ { id: 'domain.api-tokens.scope', message: 'Access' },
  scopes: {
    read: /*i18n*/ { id: 'domain.api-tokens.scopes.read', message: 'Read only' },
    write: /*i18n*/ { id: 'domain.api-tokens.scopes.write', message: 'Read and write' },
  } satisfies Record<ApiTokenScope, Text>,
  expiry: /*i18n*/ { id: 'domain.api-tokens.expiry', message: 'Expires' },
  expiries: {
    '30': /*i18n*/ { id: 'domain.api-tokens.expiries.30', message: 'In 30 days' },
    '90': /*i18n*/ { id: 'domain.api-tokens.expiries.90', message: 'In 90 days' },
    '365': /*i18n*/ { id: 'domain.api-tokens.expiries.365', message: 'In a year' },
    never: /*i18n*/ { id: 'domain.api-tokens.expiries.never', message: 'Never' },
  },
  created: /*i18n*/ { id: 'domain.api-tokens.created', message: 'Token created' },
  shownOnce: /*i18n*/ { id: 'domain.api-tokens.shownOnce', message: 'Copy it now: it won\'t be shown again.' },
  copy: /*i18n*/ { id: 'domain.api-tokens.copy', message: 'Copy' },
  copied: /*i18n*/ { id: 'domain.api-tokens.copied', message: 'Token copied to the clipboard' },
  done: /*i18n*/ { id: 'domain.api-tokens.done', message: 'Done' },
  empty: /*i18n*/ { id: 'domain.api-tokens.empty', message: 'No API tokens yet' },
  revoke: /*i18n*/ { id: 'domain.api-tokens.revoke', message: 'Revoke' },
  revokeTitle: /*i18n*/ { id: 'domain.api-tokens.revokeTitle', message: 'Revoke Token' },
  revokeConfirm: /*i18n*/ { id: 'domain.api-tokens.revokeConfirm', message: 'Revoke "{name}"? Anything using it stops working at once.' },
  revoked: /*i18n*/ { id: 'domain.api-tokens.revoked', message: 'Token revoked' },
  lastUsed: /*i18n*/ { id: 'domain.api-tokens.lastUsed', message: 'Last used {when}' },
  /** Last used, and from where (the address the server saw). */
  lastUsedFrom: /*i18n*/ { id: 'domain.api-tokens.lastUsedFrom', message: 'Last used {when} from {address}' },
  neverUsed: /*i18n*/ { id: 'domain.api-tokens.neverUsed', message: 'Never used' },
  expires: /*i18n*/ { id: 'domain.api-tokens.expires', message: 'Expires {when}' },
  noExpiry: /*i18n*/ { id: 'domain.api-tokens.noExpiry', message: 'No expiry' },
  expired: /*i18n*/ { id: 'domain.api-tokens.expired', message: 'Expired' },
  loadFailed: /*i18n*/ { id: 'domain.api-tokens.loadFailed', message: 'Failed to load API tokens' },
  nameRequired: /*i18n*/ { id: 'domain.api-tokens.nameRequired', message: 'Name is required' },
  /** With `max`: API_TOKENS_PER_MEMBER. */
  tooMany: /*i18n*/ { id: 'domain.api-tokens.tooMany', message: 'You can hold at most {max} tokens; revoke one first.' },
  // The form's and the API's validation (zod carries the ids; decision 045).
  nameTooLong: /*i18n*/ { id: 'domain.api-tokens.nameTooLong', message: 'Must be at most {max} characters' },
  notFound: /*i18n*/ { id: 'domain.api-tokens.notFound', message: 'Token not found' },
  readOnly: /*i18n*/ { id: 'domain.api-tokens.readOnly', message: 'This token may only read; this request would change something.' },
  notWithToken: /*i18n*/ { id: 'domain.api-tokens.notWithToken', message: 'This cannot be done with an API token; sign in to do it.' },
  /** Issue 46: a token never sets a password or a sign-in email, for anyone. */
  credentialsNotWithToken: /*i18n*/ { id: 'domain.api-tokens.credentialsNotWithToken', message: 'An API token cannot set a member\'s password or sign-in email; sign in to do it.' },
  invalid: /*i18n*/ { id: 'domain.api-tokens.invalid', message: 'Invalid or expired API token' },
} as const;

export const createApiTokenSchema = z.object({
  name: text({ message: API_TOKEN_TEXTS.nameRequired.id })
    .trim()
    .min(1, API_TOKEN_TEXTS.nameRequired.id)
    .max(100, messageWithValues(API_TOKEN_TEXTS.nameTooLong, { max: 100 })),
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

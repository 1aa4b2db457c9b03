// Passkeys (issue 31 item 3, decision 031): WebAuthn credentials that sign a member in without
// the password, added and removed in Settings, each named and with its last use. One schema per
// operation, shared by the forms, the routes and the OpenAPI document. The browser's WebAuthn
// answers are checked here for shape only (sizes, base64url); the server verifies what they say.
import { z } from 'zod';
import { messageWithValues } from './locales';
import { PASSKEY_SIGN_IN_MESSAGES as SIGN_IN_MESSAGES } from './passkey-sign-in';
import { text } from './text-fields';

// The sign-in's words (passkey-sign-in.ts, in the sign-in page's words) are named here too.
export { PASSKEY_SIGN_IN_MESSAGES } from './passkey-sign-in';

/** Passkeys a member may hold at once (a phone, a laptop, a security key or two, with room). */
export const PASSKEYS_PER_MEMBER = 10;
/** How long a WebAuthn challenge may be answered: the browser's own prompt times out with it. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
export const PASSKEY_NAME_MAX = 60;

/** The transports a browser may report for a credential (WebAuthn level 3); others are dropped. */
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

export const PASSKEY_MESSAGES = {
  nameRequired: /*i18n*/ { id: 'domain.passkeys.nameRequired', message: 'Name is required' },
  /** With `max`: PASSKEY_NAME_MAX. */
  nameTooLong: /*i18n*/ { id: 'domain.passkeys.nameTooLong', message: 'Must be at most {max} characters' },
  /** With `max`: PASSKEYS_PER_MEMBER. */
  tooMany: /*i18n*/ { id: 'domain.passkeys.tooMany', message: 'You can hold at most {max} passkeys; remove one first.' },
  /** Registration: the browser's answer did not verify (origin, challenge, user verification...). */
  notAdded: /*i18n*/ { id: 'domain.passkeys.notAdded', message: 'The passkey could not be added. Try again, or use another device.' },
  exists: /*i18n*/ { id: 'domain.passkeys.exists', message: 'This passkey is already added.' },
  notFound: /*i18n*/ { id: 'domain.passkeys.notFound', message: 'Passkey not found' },
  passwordRequired: /*i18n*/ { id: 'domain.passkeys.passwordRequired', message: 'Password is required' },
} as const;
const M = PASSKEY_MESSAGES;

/** The error codes the forms tell apart. */
export const PASSKEY_ERRORS = {
  expired: 'passkey_expired',
  invalid: 'passkey_invalid',
  exists: 'passkey_exists',
  tooMany: 'too_many_passkeys',
  wrongPassword: 'wrong_password',
} as const;

const base64url = (field: string, max: number) =>
  z
    .string({ message: messageWithValues(SIGN_IN_MESSAGES.fieldMissing, { field }) })
    .min(1, messageWithValues(SIGN_IN_MESSAGES.fieldMissing, { field }))
    .max(max, messageWithValues(SIGN_IN_MESSAGES.fieldTooLong, { field }))
    .regex(/^[A-Za-z0-9_-]+$/, messageWithValues(SIGN_IN_MESSAGES.fieldNotBase64url, { field }));

const credentialId = base64url('Credential id', 1400);
/** Unknown transports (a newer browser's) are dropped, not refused. */
const transports = z
  .array(z.string().max(32))
  .max(16)
  .optional()
  .transform((list) => (list ?? []).filter((t): t is (typeof PASSKEY_TRANSPORTS)[number] => (PASSKEY_TRANSPORTS as readonly string[]).includes(t)));
/** Only the extension results we read: the rest is dropped. */
const clientExtensionResults = z
  .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
  .optional()
  .transform((value) => value ?? {});
const authenticatorAttachment = z.enum(['platform', 'cross-platform']).optional();

/** What `navigator.credentials.create()` answered, as JSON (WebAuthn's RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { message: SIGN_IN_MESSAGES.notPublicKey.id }),
  response: z.object({
    clientDataJSON: base64url('Client data', 4096),
    // Attestation 'none' is asked for; a few KB leaves room for an authenticator's extensions.
    attestationObject: base64url('Attestation', 8192),
    transports,
  }),
  clientExtensionResults,
  authenticatorAttachment,
});
export type PasskeyRegistrationResponse = z.output<typeof passkeyRegistrationResponseSchema>;

/** What `navigator.credentials.get()` answered, as JSON (WebAuthn's AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key', { message: SIGN_IN_MESSAGES.notPublicKey.id }),
  response: z.object({
    clientDataJSON: base64url('Client data', 4096),
    authenticatorData: base64url('Authenticator data', 4096),
    // Room for a post-quantum signature (ML-DSA-87: 4,627 bytes) should an authenticator use one.
    signature: base64url('Signature', 8192),
    userHandle: base64url('User handle', 128).optional(),
  }),
  clientExtensionResults,
  authenticatorAttachment,
});
export type PasskeyAuthenticationResponse = z.output<typeof passkeyAuthenticationResponseSchema>;

export const passkeyName = text({ message: M.nameRequired.id })
  .trim()
  .min(1, M.nameRequired.id)
  .max(PASSKEY_NAME_MAX, messageWithValues(M.nameTooLong, { max: PASSKEY_NAME_MAX }));

const password = text({ message: M.passwordRequired.id }).min(1, M.passwordRequired.id).max(256);

/** POST /api/settings/passkeys/options: the password again (as two-factor's set-up asks). */
export const passkeyRegistrationOptionsInputSchema = z.object({ password });
/** POST /api/settings/passkeys: the browser's answer and the name it goes by. */
export const addPasskeySchema = z.object({ name: passkeyName, response: passkeyRegistrationResponseSchema });
/** PATCH /api/settings/passkeys/:passkeyId */
export const renamePasskeySchema = z.object({ name: passkeyName });
/** POST /api/auth/passkey/sign-in */
export const passkeySignInSchema = z.object({ response: passkeyAuthenticationResponseSchema });

/** The Add Passkey form: a name and the password, checked before the browser is asked. */
export const addPasskeyFormSchema = z.object({ name: passkeyName, password });

/** One of the member's passkeys, as Settings lists it (never the key itself). */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The last sign-in with it; null until it has signed in once. */
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
/** The extensions asked for: credProps (whether the passkey was made discoverable). */
const extensions = z.object({ credProps: z.boolean().optional() }).optional();

/** The options the browser's `navigator.credentials.create()` takes, as JSON (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  attestation: z.string().optional(),
  extensions,
  hints: z.array(z.string()).optional(),
});

/** The options of `navigator.credentials.get()`, as JSON (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
  extensions,
  hints: z.array(z.string()).optional(),
});

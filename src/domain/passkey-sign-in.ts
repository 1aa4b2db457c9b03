// Passkey sign-in's words (issue 31 item 3): what the server answers a signed-out visitor's passkey
// sign-in, apart from Settings' passkey words (passkeys.ts), so the sign-in page's words (the
// `domain-auth` part, issue 48) hold only these. passkeys.ts names these too.

export const PASSKEY_SIGN_IN_MESSAGES = {
  /** The challenge was not ours, was used, or is older than PASSKEY_CHALLENGE_SECONDS (adding one in Settings too). */
  expired: /*i18n*/ { id: 'domain-auth.passkey-sign-in.expired', message: 'That passkey request has expired or was already used. Try again.' },
  /** Sign-in: one message for every refusal, so nothing tells an unknown passkey from a bad one. */
  signInFailed: /*i18n*/ { id: 'domain-auth.passkey-sign-in.signInFailed', message: 'That passkey could not sign you in. Try another one, or your password.' },
  // The browser's WebAuthn answer checked for shape (a sign-in's and an added passkey's); `field`
  // is the answer's part as WebAuthn names it ('Client data', 'Signature').
  fieldMissing: /*i18n*/ { id: 'domain-auth.passkey-sign-in.fieldMissing', message: '{field} is missing' },
  fieldTooLong: /*i18n*/ { id: 'domain-auth.passkey-sign-in.fieldTooLong', message: '{field} is too long' },
  fieldNotBase64url: /*i18n*/ { id: 'domain-auth.passkey-sign-in.fieldNotBase64url', message: '{field} is not base64url' },
  notPublicKey: /*i18n*/ { id: 'domain-auth.passkey-sign-in.notPublicKey', message: 'Not a public-key credential' },
} as const;

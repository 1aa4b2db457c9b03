// Single sign-on's words on the signed-out screens (issue 31 item 4): what the server answers a
// password sign-in, a reset or the two-factor step after the provider, apart from Settings' words
// (sso.ts), so the sign-in page's words (the `domain-auth` part, issue 48) hold only these.

export const SSO_SIGN_IN_MESSAGES = {
  /** Password sign-in and reset answer this for the organization's members once it is turned off. */
  passwordSignInOff: /*i18n*/ { id: 'domain-auth.sso-sign-in.passwordSignInOff', message: 'Your organization signs in with single sign-on. Use “Continue with SSO”.' },
  passwordResetOff: /*i18n*/ {
    id: 'domain-auth.sso-sign-in.passwordResetOff',
    message:
      'Your organization signs in with single sign-on, so there is no password to reset: use “Continue with SSO”. An account that may still use a password (such as the organization admin’s) gets its reset link by email.',
  },
  pendingMissing: /*i18n*/ { id: 'domain-auth.sso-sign-in.pendingMissing', message: 'Your single sign-on has expired. Start again with “Continue with SSO”.' },
} as const;

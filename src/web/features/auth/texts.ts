// Spec 2 "Authentication screen" and "Reset password page": the product's exact wording, as
// message descriptors each screen translates (issue 48, decision 044: `_(AUTH_TEXTS.email)`).
import type { Text } from '@/domain/locales';
import type { SsoRedirectError } from '@/domain/sso-rules';

export const AUTH_TEXTS = {
  // The screen's side panel (wide screens).
  tagline: /*i18n*/ { id: 'auth.tagline', message: 'Every brief, every client, every deadline in one lane.' },
  pitch: /*i18n*/ { id: 'auth.pitch', message: 'Brieflane keeps your agency’s projects, questionnaires, files and team on the same page.' },
  madeFor: /*i18n*/ { id: 'auth.madeFor', message: 'Made for agencies and service teams.' },
  benefitsLabel: /*i18n*/ { id: 'auth.benefitsLabel', message: 'What you get' },
  // The forms' fields.
  fullName: /*i18n*/ { id: 'auth.fullName', message: 'Full Name' },
  fullNamePlaceholder: /*i18n*/ { id: 'auth.fullNamePlaceholder', message: 'Jane Doe' },
  // Issue 49 item 13: sign-up names the agency (its organization); left empty, after the member.
  agencyName: /*i18n*/ { id: 'auth.agencyName', message: 'Agency Name (optional)' },
  agencyNamePlaceholder: /*i18n*/ { id: 'auth.agencyNamePlaceholder', message: 'Alvarez Studio' },
  agencyNameHint: /*i18n*/ { id: 'auth.agencyNameHint', message: 'Left empty, the agency is named after you. You can rename it later.' },
  email: /*i18n*/ { id: 'auth.email', message: 'Email' },
  emailPlaceholder: /*i18n*/ { id: 'auth.emailPlaceholder', message: 'you@agency.com' },
  password: /*i18n*/ { id: 'auth.password', message: 'Password' },
  passwordPlaceholder: /*i18n*/ { id: 'auth.passwordPlaceholder', message: 'Your password' },
  newPasswordPlaceholder: /*i18n*/ { id: 'auth.newPasswordPlaceholder', message: 'At least 6 characters' },
  confirmPasswordPlaceholder: /*i18n*/ { id: 'auth.confirmPasswordPlaceholder', message: 'Repeat the new password' },
  verificationCode: /*i18n*/ { id: 'auth.verificationCode', message: 'Verification Code' },
  codeSentTo: /*i18n*/ { id: 'auth.codeSentTo', message: 'We sent a {digits}-digit code to' },
  signInTitle: /*i18n*/ { id: 'auth.signInTitle', message: 'Welcome Back' },
  signInSubtitle: /*i18n*/ { id: 'auth.signInSubtitle', message: 'Sign in to manage your projects and clients.' },
  signInButton: /*i18n*/ { id: 'auth.signInButton', message: 'Sign In' },
  signingIn: /*i18n*/ { id: 'auth.signingIn', message: 'Signing in...' },
  forgotPassword: /*i18n*/ { id: 'auth.forgotPassword', message: 'Forgot your password?' },
  // Issue 31 item 3: a passkey instead of the email and password.
  or: /*i18n*/ { id: 'auth.or', message: 'or' },
  signInWithPasskey: /*i18n*/ { id: 'auth.signInWithPasskey', message: 'Sign In with a Passkey' },
  waitingForPasskey: /*i18n*/ { id: 'auth.waitingForPasskey', message: 'Waiting for your passkey...' },
  passkeyCancelled: /*i18n*/ { id: 'auth.passkeyCancelled', message: 'No passkey was used. Try again, or sign in with your password.' },
  // Issue 26: past the per-email limit a new place signs in with an emailed code as well. The
  // server answers alike for a wrong password (nothing leaks), so the step says 'if'.
  signInCodeTitle: /*i18n*/ { id: 'auth.signInCodeTitle', message: 'Enter Your Sign-in Code' },
  signInCodeSentTo: /*i18n*/ { id: 'auth.signInCodeSentTo', message: 'If the password is right, we emailed a {digits}-digit sign-in code to' },
  signInCodeWhy: /*i18n*/ { id: 'auth.signInCodeWhy', message: 'Many sign-ins to this account failed recently, so a new device needs the code as well as the password.' },
  signInCodeNoEmail: /*i18n*/ { id: 'auth.signInCodeNoEmail', message: 'No email after a few minutes? Go back and check the password.' },
  signInCode: /*i18n*/ { id: 'auth.signInCode', message: 'Sign-in Code' },
  signInCodeButton: /*i18n*/ { id: 'auth.signInCodeButton', message: 'Sign In' },
  backToPassword: /*i18n*/ { id: 'auth.backToPassword', message: 'Back to password' },
  signUpTitle: /*i18n*/ { id: 'auth.signUpTitle', message: 'Create Account' },
  signUpSubtitle: /*i18n*/ { id: 'auth.signUpSubtitle', message: 'Start managing your agency’s projects in minutes.' },
  sendCodeButton: /*i18n*/ { id: 'auth.sendCodeButton', message: 'Send Verification Code' },
  sendingCode: /*i18n*/ { id: 'auth.sendingCode', message: 'Sending code...' },
  verifyTitle: /*i18n*/ { id: 'auth.verifyTitle', message: 'Verify Your Email' },
  verifyButton: /*i18n*/ { id: 'auth.verifyButton', message: 'Verify Code' },
  verifying: /*i18n*/ { id: 'auth.verifying', message: 'Verifying...' },
  useDifferentEmail: /*i18n*/ { id: 'auth.useDifferentEmail', message: 'Use a different email' },
  // Sign-up answers alike whether or not the email has an account (issue 19); the inbox tells.
  existingAccountNote: /*i18n*/ { id: 'auth.existingAccountNote', message: 'If this email already has an account, we sent a note there instead of a code: sign in, or reset your password.' },
  resetTitle: /*i18n*/ { id: 'auth.resetTitle', message: 'Reset Password' },
  resetSubtitle: /*i18n*/ { id: 'auth.resetSubtitle', message: 'Enter your email and we will send you a link to choose a new password.' },
  sendResetLink: /*i18n*/ { id: 'auth.sendResetLink', message: 'Send Reset Link' },
  sendingResetLink: /*i18n*/ { id: 'auth.sendingResetLink', message: 'Sending...' },
  backToSignIn: /*i18n*/ { id: 'auth.backToSignIn', message: 'Back to Sign In' },
  toSignIn: /*i18n*/ { id: 'auth.toSignIn', message: 'Already have an account? Sign in' },
  toSignUp: /*i18n*/ { id: 'auth.toSignUp', message: "Don't have an account? Sign up" },
  benefits: [
    /*i18n*/ { id: 'auth.benefits.0', message: 'Manage projects and clients' },
    /*i18n*/ { id: 'auth.benefits.1', message: 'Collaborate with team members' },
    /*i18n*/ { id: 'auth.benefits.2', message: 'Track progress and deadlines' },
    /*i18n*/ { id: 'auth.benefits.3', message: 'Secure file sharing' },
  ],
  validating: /*i18n*/ { id: 'auth.validating', message: 'Validating...' },
  /** The reset link's check failed (the server or the network), which says nothing of the link. */
  resetLinkCheckFailed: /*i18n*/ { id: 'auth.resetLinkCheckFailed', message: 'The reset link could not be checked.' },
  newPasswordTitle: /*i18n*/ { id: 'auth.newPasswordTitle', message: 'Reset Password' },
  newPasswordSubtitle: /*i18n*/ { id: 'auth.newPasswordSubtitle', message: 'Choose a new password for your account.' },
  newPassword: /*i18n*/ { id: 'auth.newPassword', message: 'New Password' },
  confirmPassword: /*i18n*/ { id: 'auth.confirmPassword', message: 'Confirm Password' },
  resetPasswordButton: /*i18n*/ { id: 'auth.resetPasswordButton', message: 'Reset Password' },
  updating: /*i18n*/ { id: 'auth.updating', message: 'Updating...' },
  // Issue 31 item 4: single sign-on, offered once the typed email's domain uses it.
  ssoAvailable: /*i18n*/ { id: 'auth.ssoAvailable', message: 'Your organization signs in with single sign-on.' },
  continueWithSso: /*i18n*/ { id: 'auth.continueWithSso', message: 'Continue with SSO' },
  /** Issue 46: the button names where it goes before anyone leaves the page. */
  continueWithSsoAt: /*i18n*/ { id: 'auth.continueWithSsoAt', message: 'Continue with SSO at {host}' },
  usePasswordInstead: /*i18n*/ { id: 'auth.usePasswordInstead', message: 'Use a password instead' },
  orWithPassword: /*i18n*/ { id: 'auth.orWithPassword', message: 'or with a password' },
  ssoErrors: {
    not_configured: /*i18n*/ { id: 'auth.ssoErrors.not_configured', message: 'Single sign-on is not set up for that email’s domain. Sign in with your password.' },
    expired: /*i18n*/ { id: 'auth.ssoErrors.expired', message: 'That single sign-on expired or was started in another browser. Please try again.' },
    denied: /*i18n*/ { id: 'auth.ssoErrors.denied', message: 'Single sign-on was cancelled at your identity provider.' },
    invalid_response: /*i18n*/ { id: 'auth.ssoErrors.invalid_response', message: 'Your identity provider’s answer could not be verified, so you were not signed in. Please try again, or ask your admin to check the single sign-on settings.' },
    unreachable: /*i18n*/ { id: 'auth.ssoErrors.unreachable', message: 'Your identity provider could not be reached. Please try again in a moment.' },
    email_not_allowed: /*i18n*/ { id: 'auth.ssoErrors.email_not_allowed', message: 'Your identity provider did not give a verified email address of your organization’s domains.' },
    other_organization: /*i18n*/ { id: 'auth.ssoErrors.other_organization', message: 'That email belongs to an account of another organization. Sign in with your password.' },
    not_invited: /*i18n*/ { id: 'auth.ssoErrors.not_invited', message: 'Your organization only lets in people its admins have added. Ask an admin to add you on the Team tab.' },
    rate_limited: /*i18n*/ { id: 'auth.ssoErrors.rate_limited', message: 'Too many sign-in attempts. Please wait a moment and try again.' },
    identity_mismatch:
      /*i18n*/ { id: 'auth.ssoErrors.identity_mismatch', message: 'Your identity provider signed you in as a different account than the one this email used before, so you were not signed in. Ask your admin to check your account at the provider.' },
  } satisfies Record<SsoRedirectError, Text>,
  ssoTwoFactorDescription: /*i18n*/ { id: 'auth.ssoTwoFactorDescription', message: 'Your identity provider signed you in. Enter the 6-digit code from your authenticator app to finish.' },
} as const;

export type AuthMode = 'sign-in' | 'sign-up' | 'reset';

export function parseAuthMode(value: string | null): AuthMode {
  return value === 'sign-up' || value === 'reset' ? value : 'sign-in';
}

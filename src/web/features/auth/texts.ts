// Spec 2 "Authentication screen" and "Reset password page": the product's exact wording.
import type { SsoRedirectError } from '@/domain/sso-rules';

export const AUTH_TEXTS = {
  // The screen's side panel (wide screens).
  tagline: 'Every brief, every client, every deadline in one lane.',
  pitch: 'Brieflane keeps your agency’s projects, questionnaires, files and team on the same page.',
  madeFor: 'Made for agencies and service teams.',
  benefitsLabel: 'What you get',
  // The forms' fields.
  fullName: 'Full Name',
  fullNamePlaceholder: 'Jane Doe',
  email: 'Email',
  emailPlaceholder: 'you@agency.com',
  password: 'Password',
  passwordPlaceholder: 'Your password',
  newPasswordPlaceholder: 'At least 6 characters',
  confirmPasswordPlaceholder: 'Repeat the new password',
  verificationCode: 'Verification Code',
  codeSentTo: (digits: number) => `We sent a ${digits}-digit code to`,
  signOut: 'Sign Out',
  signInTitle: 'Welcome Back',
  signInSubtitle: 'Sign in to manage your projects and clients.',
  signInButton: 'Sign In',
  signingIn: 'Signing in...',
  forgotPassword: 'Forgot your password?',
  // Issue 31 item 3: a passkey instead of the email and password.
  or: 'or',
  signInWithPasskey: 'Sign In with a Passkey',
  waitingForPasskey: 'Waiting for your passkey...',
  passkeyCancelled: 'No passkey was used. Try again, or sign in with your password.',
  // Issue 26: past the per-email limit a new place signs in with an emailed code as well. The
  // server answers alike for a wrong password (nothing leaks), so the step says 'if'.
  signInCodeTitle: 'Enter Your Sign-in Code',
  signInCodeSentTo: (digits: number) => `If the password is right, we emailed a ${digits}-digit sign-in code to`,
  signInCodeWhy: 'Many sign-ins to this account failed recently, so a new device needs the code as well as the password.',
  signInCodeNoEmail: 'No email after a few minutes? Go back and check the password.',
  signInCode: 'Sign-in Code',
  signInCodeButton: 'Sign In',
  backToPassword: 'Back to password',
  signUpTitle: 'Create Account',
  signUpSubtitle: 'Start managing your agency’s projects in minutes.',
  sendCodeButton: 'Send Verification Code',
  sendingCode: 'Sending code...',
  verifyTitle: 'Verify Your Email',
  verifyButton: 'Verify Code',
  verifying: 'Verifying...',
  useDifferentEmail: 'Use a different email',
  // Sign-up answers alike whether or not the email has an account (issue 19); the inbox tells.
  existingAccountNote: 'If this email already has an account, we sent a note there instead of a code: sign in, or reset your password.',
  resetTitle: 'Reset Password',
  resetSubtitle: 'Enter your email and we will send you a link to choose a new password.',
  sendResetLink: 'Send Reset Link',
  sendingResetLink: 'Sending...',
  backToSignIn: 'Back to Sign In',
  toSignIn: 'Already have an account? Sign in',
  toSignUp: "Don't have an account? Sign up",
  benefits: [
    'Manage projects and clients',
    'Collaborate with team members',
    'Track progress and deadlines',
    'Secure file sharing',
  ],
  validating: 'Validating...',
  /** The reset link's check failed (the server or the network), which says nothing of the link. */
  resetLinkCheckFailed: 'The reset link could not be checked.',
  newPasswordTitle: 'Reset Password',
  newPasswordSubtitle: 'Choose a new password for your account.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  resetPasswordButton: 'Reset Password',
  updating: 'Updating...',
  // Issue 31 item 4: single sign-on, offered once the typed email's domain uses it.
  ssoAvailable: 'Your organization signs in with single sign-on.',
  continueWithSso: 'Continue with SSO',
  /** Issue 46: the button names where it goes before anyone leaves the page. */
  continueWithSsoAt: (host: string) => `Continue with SSO at ${host}`,
  usePasswordInstead: 'Use a password instead',
  orWithPassword: 'or with a password',
  ssoErrors: {
    not_configured: 'Single sign-on is not set up for that email’s domain. Sign in with your password.',
    expired: 'That single sign-on expired or was started in another browser. Please try again.',
    denied: 'Single sign-on was cancelled at your identity provider.',
    invalid_response: 'Your identity provider’s answer could not be verified, so you were not signed in. Please try again, or ask your admin to check the single sign-on settings.',
    unreachable: 'Your identity provider could not be reached. Please try again in a moment.',
    email_not_allowed: 'Your identity provider did not give a verified email address of your organization’s domains.',
    other_organization: 'That email belongs to an account of another organization. Sign in with your password.',
    not_invited: 'Your organization only lets in people its admins have added. Ask an admin to add you on the Team tab.',
    rate_limited: 'Too many sign-in attempts. Please wait a moment and try again.',
    identity_mismatch:
      'Your identity provider signed you in as a different account than the one this email used before, so you were not signed in. Ask your admin to check your account at the provider.',
  } satisfies Record<SsoRedirectError, string>,
  ssoTwoFactorDescription: 'Your identity provider signed you in. Enter the 6-digit code from your authenticator app to finish.',
} as const;

export type AuthMode = 'sign-in' | 'sign-up' | 'reset';

export function parseAuthMode(value: string | null): AuthMode {
  return value === 'sign-up' || value === 'reset' ? value : 'sign-in';
}

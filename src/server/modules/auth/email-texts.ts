// Issue 48 item 3: the account emails in the `server` part of the catalogs (decision 045). The
// code and link lines stay lines of their own: the e2e tests and the dev mailbox read them.
export const AUTH_EMAIL_TEXTS = {
  codeSubject: /*i18n*/ { id: 'server.emails.auth.codeSubject', message: 'Your Brieflane verification code' },
  codeWelcome: /*i18n*/ { id: 'server.emails.auth.codeWelcome', message: 'Welcome to Brieflane!' },
  codeLine: /*i18n*/ { id: 'server.emails.auth.codeLine', message: 'Your Brieflane verification code is {code}' },
  codeExpires: /*i18n*/ { id: 'server.emails.auth.codeExpires', message: 'The code expires in 10 minutes. If you did not ask for it, you can ignore this email.' },
  resetSubject: /*i18n*/ { id: 'server.emails.auth.resetSubject', message: 'Reset your Brieflane password' },
  resetAsked: /*i18n*/ { id: 'server.emails.auth.resetAsked', message: 'Someone asked to reset the password of your Brieflane account.' },
  resetOpen: /*i18n*/ { id: 'server.emails.auth.resetOpen', message: 'Open this link to choose a new password (it works once, for 1 hour):' },
  resetNotYou: /*i18n*/ { id: 'server.emails.auth.resetNotYou', message: 'If it was not you, ignore this email; your password stays as it is.' },
  welcomeSubject: /*i18n*/ { id: 'server.emails.auth.welcomeSubject', message: 'Welcome to Brieflane' },
  welcomeReady: /*i18n*/ { id: 'server.emails.auth.welcomeReady', message: 'Welcome to Brieflane! Your organization "{organization}" is ready.' },
  welcomeNext: /*i18n*/ { id: 'server.emails.auth.welcomeNext', message: 'Add your clients, create projects from templates and invite your team.' },
  welcomeSignIn: /*i18n*/ { id: 'server.emails.auth.welcomeSignIn', message: 'Sign in: {url}' },
  attemptSubject: /*i18n*/ { id: 'server.emails.auth.attemptSubject', message: 'Someone tried to sign up with your address' },
  attemptBody: /*i18n*/ { id: 'server.emails.auth.attemptBody', message: 'Someone tried to create a Brieflane account with this email address, but it already has one.' },
  attemptYou: /*i18n*/ { id: 'server.emails.auth.attemptYou', message: 'If it was you, sign in instead (use "Forgot your password?" if you need a new one):' },
  attemptNotYou: /*i18n*/ { id: 'server.emails.auth.attemptNotYou', message: 'If it was not you, ignore this email; no account was created and nothing changed.' },
  signInCodeSubject: /*i18n*/ { id: 'server.emails.auth.signInCodeSubject', message: 'Your Brieflane sign-in code' },
  signInCodeWhy: /*i18n*/ {
    id: 'server.emails.auth.signInCodeWhy',
    message: 'Many sign-ins to your Brieflane account failed recently, so signing in from a new place needs this code as well as your password.',
  },
  signInCodeLine: /*i18n*/ { id: 'server.emails.auth.signInCodeLine', message: 'Your Brieflane sign-in code is {code}' },
  signInCodeExpires: /*i18n*/ {
    id: 'server.emails.auth.signInCodeExpires',
    message: 'The code expires in 15 minutes and works once. Never give it to anyone: Brieflane never asks for it.',
  },
  signInCodeNotYou: /*i18n*/ {
    id: 'server.emails.auth.signInCodeNotYou',
    message: 'If you did not just sign in, someone knows your password: change it now (Settings, or "Forgot your password?" on the sign-in page).',
  },
  attackSubject: /*i18n*/ { id: 'server.emails.auth.attackSubject', message: 'Someone is trying to sign in to your Brieflane account' },
  attackBody: /*i18n*/ {
    id: 'server.emails.auth.attackBody',
    message:
      'More than {failures} sign-ins to your Brieflane account failed in {minutes} minutes, from {addresses, plural, one {1 address} other {# different addresses}}.',
  },
  attackNobody: /*i18n*/ { id: 'server.emails.auth.attackNobody', message: 'Nobody got in. You can still sign in as usual: from a new place, after your password we email you a code.' },
  attackWhat: /*i18n*/ { id: 'server.emails.auth.attackWhat', message: 'What to do:' },
  attackIfYou: /*i18n*/ { id: 'server.emails.auth.attackIfYou', message: '- If it was you, nothing: sign in with the right password.' },
  attackIfNotYou: /*i18n*/ {
    id: 'server.emails.auth.attackIfNotYou',
    message: '- If it was not you, make sure your password is long and used nowhere else; change it in Settings or with "Forgot your password?":',
  },
  attackNeverGive: /*i18n*/ { id: 'server.emails.auth.attackNeverGive', message: '- Never give anyone a code we email you: Brieflane never asks for it.' },
  attackOnceADay: /*i18n*/ { id: 'server.emails.auth.attackOnceADay', message: 'We send this note at most once a day.' },
};

/** Issue 48: the organization a sign-up makes without a name is named after the member, in the sign-up page's language. */
export const SIGN_UP_TEXTS = {
  defaultOrganizationName: /*i18n*/ { id: 'server.auth.defaultOrganizationName', message: "{name}'s Agency" },
} as const;

// Issue 48 item 3: the two-factor emails in the `server` part of the catalogs (decision 045).
export const TWO_FACTOR_EMAIL_TEXTS = {
  ifNotYou: /*i18n*/ { id: 'server.emails.twoFactor.ifNotYou', message: 'If this was not you, change your password at once and tell your organization’s admin.' },
  onSubject: /*i18n*/ { id: 'server.emails.twoFactor.onSubject', message: 'Two-factor sign-in is on for your Brieflane account' },
  onBody: /*i18n*/ { id: 'server.emails.twoFactor.onBody', message: 'Two-factor sign-in is now on: after your password, Brieflane asks for a code from your authenticator app.' },
  onRecovery: /*i18n*/ { id: 'server.emails.twoFactor.onRecovery', message: 'Keep your recovery codes somewhere safe; each signs you in once if you lose your phone.' },
  offSubject: /*i18n*/ { id: 'server.emails.twoFactor.offSubject', message: 'Two-factor sign-in is off for your Brieflane account' },
  offBody: /*i18n*/ { id: 'server.emails.twoFactor.offBody', message: 'Two-factor sign-in was turned off: your password alone signs you in now.' },
  resetSubject: /*i18n*/ { id: 'server.emails.twoFactor.resetSubject', message: 'Your Brieflane two-factor sign-in was reset' },
  resetBody: /*i18n*/ { id: 'server.emails.twoFactor.resetBody', message: '{by} turned off two-factor sign-in for your account and signed you out everywhere.' },
  resetSignIn: /*i18n*/ { id: 'server.emails.twoFactor.resetSignIn', message: 'Sign in with your password at {url} and set two-factor up again in Settings.' },
  resetNotAsked: /*i18n*/ { id: 'server.emails.twoFactor.resetNotAsked', message: 'If you did not ask for this, tell your organization’s admin.' },
};

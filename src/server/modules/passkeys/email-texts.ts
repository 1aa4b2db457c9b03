// Issue 48 item 3: the passkey emails in the `server` part of the catalogs (decision 045).
export const PASSKEY_EMAIL_TEXTS = {
  addedSubject: /*i18n*/ { id: 'server.emails.passkeys.addedSubject', message: 'A passkey was added to your Brieflane account' },
  addedBody: /*i18n*/ { id: 'server.emails.passkeys.addedBody', message: 'A passkey named "{name}" was added to your account: it signs you in to Brieflane without your password.' },
  addedList: /*i18n*/ { id: 'server.emails.passkeys.addedList', message: 'Your passkeys are listed in Settings: {url}' },
  addedNotYou: /*i18n*/ {
    id: 'server.emails.passkeys.addedNotYou',
    message: 'If this was not you, remove it in Settings, change your password at once and tell your organization’s admin.',
  },
  removedSubject: /*i18n*/ { id: 'server.emails.passkeys.removedSubject', message: 'A passkey was removed from your Brieflane account' },
  removedBody: /*i18n*/ { id: 'server.emails.passkeys.removedBody', message: 'The passkey named "{name}" was removed from your account: it no longer signs you in.' },
  removedNotYou: /*i18n*/ { id: 'server.emails.passkeys.removedNotYou', message: 'If this was not you, change your password at once and tell your organization’s admin.' },
};

// Issue 48 item 3: the Settings module's emails (the daily digest, a changed address) in the
// `server` part of the catalogs (decision 045).
export const SETTINGS_EMAIL_TEXTS = {
  digestSubject: /*i18n*/ {
    id: 'server.emails.settings.digestSubject',
    message: 'Your Brieflane digest: {count, plural, one {# update} other {# updates}}',
  },
  digestIntro: /*i18n*/ {
    id: 'server.emails.settings.digestIntro',
    message: 'Here is what happened since your last digest ({count, plural, one {# update} other {# updates}}):',
  },
  digestSettings: /*i18n*/ { id: 'server.emails.settings.digestSettings', message: 'Change what reaches you: {url}' },
  emailChangedSubject: /*i18n*/ { id: 'server.emails.settings.emailChangedSubject', message: 'Your Brieflane email address was changed' },
  emailChangedBody: /*i18n*/ {
    id: 'server.emails.settings.emailChangedBody',
    message: 'The email address you sign in to Brieflane with was changed from {oldEmail} to {newEmail}.',
  },
  emailChangedYou: /*i18n*/ { id: 'server.emails.settings.emailChangedYou', message: 'If you made this change, there is nothing else to do.' },
  emailChangedNotYou: /*i18n*/ {
    id: 'server.emails.settings.emailChangedNotYou',
    message: 'If not, tell your organization’s admin at once: whoever changed it knew your password.',
  },
};

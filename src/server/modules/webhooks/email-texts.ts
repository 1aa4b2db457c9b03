// Issue 48 item 3: the email that a failing webhook was turned off, in the `server` part of the
// catalogs (decision 045).
export const WEBHOOK_EMAIL_TEXTS = {
  disabledSubject: /*i18n*/ { id: 'server.emails.webhooks.disabledSubject', message: 'A webhook was turned off' },
  disabledBody: /*i18n*/ {
    id: 'server.emails.webhooks.disabledBody',
    message: 'Every request to the webhook at {url} has failed for 24 hours, so Brieflane turned it off. Nothing more is sent there until it is turned back on.',
  },
  disabledWhatNow: /*i18n*/ {
    id: 'server.emails.webhooks.disabledWhatNow',
    message: 'Its delivery log shows what the receiver answered. Once it answers again, turn the webhook back on in Settings -> Webhooks: {url}',
  },
};

// Settings -> Sessions (issue 31): the words the card puts together itself, as message descriptors
// it translates (issue 48, decision 044). The card's other words are the domain's SESSION_TEXTS,
// shared with the server.
import type { Text } from '@/domain/locales';
import type { SignInFactor } from '@/domain/sessions';

export const SESSION_CARD_TEXTS = {
  // A session's End button, named with its browser (and address, when known) for a screen reader.
  endLabel: /*i18n*/ { id: 'sessions.endLabel', message: 'End {browser}' },
  endLabelAt: /*i18n*/ { id: 'sessions.endLabelAt', message: 'End {browser} ({address})' },
  // Issue 49 item 21: how a session was signed in, "Sign-in: Password and authenticator code".
  signInWay: /*i18n*/ { id: 'sessions.signInWay', message: 'Sign-in: {way}' },
  methodAndFactor: /*i18n*/ { id: 'sessions.methodAndFactor', message: '{method} and {factor}' },
  methods: {
    password: /*i18n*/ { id: 'sessions.methods.password', message: 'Password' },
    passkey: /*i18n*/ { id: 'sessions.methods.passkey', message: 'Passkey' },
    sso: /*i18n*/ { id: 'sessions.methods.sso', message: 'Single sign-on' },
    /** Single sign-on through the organization's provider, named by its host. */
    ssoAt: /*i18n*/ { id: 'sessions.methods.ssoAt', message: 'Single sign-on ({provider})' },
  },
  factors: {
    app_code: /*i18n*/ { id: 'sessions.factors.app_code', message: 'authenticator code' },
    email_code: /*i18n*/ { id: 'sessions.factors.email_code', message: 'emailed code' },
    recovery_code: /*i18n*/ { id: 'sessions.factors.recovery_code', message: 'recovery code' },
  } satisfies Record<SignInFactor, Text>,
} as const;

// The account emails, in the reader's language (issue 48: an account's owner's, else the
// request's for an address with none). The e2e tests and dev mailbox readers look for the code
// and link lines, so each sits on a line of its own.
import type { Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import type { OutgoingEmail } from '../../platform/mail/outbox';
import { AUTH_EMAIL_TEXTS as T } from './email-texts';

export function verificationCodeEmail(to: string, code: string, locale: Locale): OutgoingEmail {
  return {
    kind: 'verification_code',
    to,
    subject: translate(locale, T.codeSubject),
    text: [translate(locale, T.codeWelcome), '', translate(locale, T.codeLine, { code }), '', translate(locale, T.codeExpires)].join('\n'),
  };
}

export function passwordResetEmail(to: string, link: string, locale: Locale): OutgoingEmail {
  return {
    kind: 'password_reset',
    to,
    subject: translate(locale, T.resetSubject),
    text: [translate(locale, T.resetAsked), '', translate(locale, T.resetOpen), link, '', translate(locale, T.resetNotYou)].join('\n'),
  };
}

export function welcomeEmail(to: string, fullName: string, organization: { id: string; name: string; locale: Locale }, signInUrl: string): OutgoingEmail {
  const say = organization.locale;
  return {
    kind: 'welcome',
    to,
    subject: translate(say, T.welcomeSubject),
    organizationId: organization.id,
    text: [
      translate(say, EMAIL_TEXTS.hi, { name: fullName }),
      '',
      translate(say, T.welcomeReady, { organization: organization.name }),
      translate(say, T.welcomeNext),
      '',
      translate(say, T.welcomeSignIn, { url: signInUrl }),
    ].join('\n'),
  };
}

/**
 * Sent instead of a code when someone asks to sign up with an address that already has an
 * account: the sign-up answer is the same either way (issue 19), only the inbox learns more.
 */
export function signUpAttemptEmail(to: string, signInUrl: string, locale: Locale): OutgoingEmail {
  return {
    kind: 'sign_up_attempt',
    to,
    subject: translate(locale, T.attemptSubject),
    text: [translate(locale, T.attemptBody), '', translate(locale, T.attemptYou), signInUrl, '', translate(locale, T.attemptNotYou)].join('\n'),
  };
}

/** Issue 26: the code that signs in from a new address past the per-email limit. */
export function signInCodeEmail(to: string, code: string, locale: Locale): OutgoingEmail {
  return {
    kind: 'sign_in_code',
    to,
    subject: translate(locale, T.signInCodeSubject),
    text: [
      translate(locale, T.signInCodeWhy),
      '',
      translate(locale, T.signInCodeLine, { code }),
      '',
      translate(locale, T.signInCodeExpires),
      translate(locale, T.signInCodeNotYou),
    ].join('\n'),
  };
}

/**
 * Issue 26: the owner hears of an attack on their account once (at most once a day), when the
 * failures first pass the per-email limit.
 */
export function signInAttackEmail(
  to: string,
  attack: { failures: number; minutes: number; addresses: number },
  signInUrl: string,
  locale: Locale,
): OutgoingEmail {
  return {
    kind: 'sign_in_attack',
    to,
    subject: translate(locale, T.attackSubject),
    text: [
      translate(locale, T.attackBody, attack),
      '',
      translate(locale, T.attackNobody),
      '',
      translate(locale, T.attackWhat),
      translate(locale, T.attackIfYou),
      translate(locale, T.attackIfNotYou),
      signInUrl,
      translate(locale, T.attackNeverGive),
      '',
      translate(locale, T.attackOnceADay),
    ].join('\n'),
  };
}

// The two-factor emails (issue 31): the account's owner hears of every change to their sign-in,
// in their language (issue 48).
import type { Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import type { OutgoingEmail } from '../../platform/mail/outbox';
import { TWO_FACTOR_EMAIL_TEXTS as T } from './email-texts';

type Owner = { email: string; fullName: string; organizationId: string; locale: Locale };

export function twoFactorOnEmail(owner: Owner): OutgoingEmail {
  const say = owner.locale;
  return {
    kind: 'two_factor_on',
    to: owner.email,
    subject: translate(say, T.onSubject),
    organizationId: owner.organizationId,
    text: [translate(say, EMAIL_TEXTS.hi, { name: owner.fullName }), '', translate(say, T.onBody), translate(say, T.onRecovery), '', translate(say, T.ifNotYou)].join('\n'),
  };
}

export function twoFactorOffEmail(owner: Owner): OutgoingEmail {
  const say = owner.locale;
  return {
    kind: 'two_factor_off',
    to: owner.email,
    subject: translate(say, T.offSubject),
    organizationId: owner.organizationId,
    text: [translate(say, EMAIL_TEXTS.hi, { name: owner.fullName }), '', translate(say, T.offBody), '', translate(say, T.ifNotYou)].join('\n'),
  };
}

/** To a member whose two-factor an admin reset (decision 006's rank): they are signed out everywhere. */
export function twoFactorResetEmail(owner: Owner, by: { fullName: string }, signInUrl: string): OutgoingEmail {
  const say = owner.locale;
  return {
    kind: 'two_factor_reset',
    to: owner.email,
    subject: translate(say, T.resetSubject),
    organizationId: owner.organizationId,
    text: [
      translate(say, EMAIL_TEXTS.hi, { name: owner.fullName }),
      '',
      translate(say, T.resetBody, { by: by.fullName }),
      translate(say, T.resetSignIn, { url: signInUrl }),
      '',
      translate(say, T.resetNotAsked),
    ].join('\n'),
  };
}

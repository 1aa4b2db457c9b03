// The passkey emails (issue 31 item 3): as with two-factor, the account's owner hears of every
// change to how it signs in, in their language (issue 48).
import type { Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import type { OutgoingEmail } from '../../platform/mail/outbox';
import { PASSKEY_EMAIL_TEXTS as T } from './email-texts';

type Owner = { email: string; fullName: string; organizationId: string };

export function passkeyAddedEmail(owner: Owner, locale: Locale, name: string, settingsUrl: string): OutgoingEmail {
  return {
    kind: 'passkey_added',
    to: owner.email,
    subject: translate(locale, T.addedSubject),
    organizationId: owner.organizationId,
    text: [
      translate(locale, EMAIL_TEXTS.hi, { name: owner.fullName }),
      '',
      translate(locale, T.addedBody, { name }),
      translate(locale, T.addedList, { url: settingsUrl }),
      '',
      translate(locale, T.addedNotYou),
    ].join('\n'),
  };
}

export function passkeyRemovedEmail(owner: Owner, locale: Locale, name: string): OutgoingEmail {
  return {
    kind: 'passkey_removed',
    to: owner.email,
    subject: translate(locale, T.removedSubject),
    organizationId: owner.organizationId,
    text: [translate(locale, EMAIL_TEXTS.hi, { name: owner.fullName }), '', translate(locale, T.removedBody, { name }), '', translate(locale, T.removedNotYou)].join('\n'),
  };
}

// The Settings emails, in the reader's language (issue 48).
import type { Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import type { OutgoingEmail } from '../../platform/mail/outbox';
import { SETTINGS_EMAIL_TEXTS as T } from './email-texts';

/** To the OLD address when a member changes the email they sign in with (issue 20). */
export function emailChangedEmail(
  change: { oldEmail: string; newEmail: string; fullName: string; organizationId: string; locale: Locale },
): OutgoingEmail {
  const say = change.locale;
  return {
    kind: 'email_changed',
    to: change.oldEmail,
    subject: translate(say, T.emailChangedSubject),
    organizationId: change.organizationId,
    text: [
      translate(say, EMAIL_TEXTS.hi, { name: change.fullName }),
      '',
      translate(say, T.emailChangedBody, { oldEmail: change.oldEmail, newEmail: change.newEmail }),
      '',
      translate(say, T.emailChangedYou),
      translate(say, T.emailChangedNotYou),
    ].join('\n'),
  };
}

// The intake module's email: staff hear that a client submitted a project's questionnaire through
// an intake link (issue 15), in each reader's language (issue 48). Words only; who gets it is the service's.
import type { Locale } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import { INTAKE_EMAIL_TEXTS as T } from './email-texts';

export function intakeSubmittedEmail(member: { email: string | null; fullName: string; locale: Locale }, projectName: string, linkName: string, projectUrl: string) {
  const say = member.locale;
  return {
    to: member.email,
    subject: translate(say, T.subject, { project: projectName }),
    text: [
      translate(say, EMAIL_TEXTS.hello, { name: member.fullName }),
      '',
      translate(say, T.body, { project: projectName, link: linkName }),
      '',
      translate(say, T.readAnswers, { url: projectUrl }),
    ].join('\n'),
  };
}

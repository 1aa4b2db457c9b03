// The intake module's email: staff hear that a client submitted a project's questionnaire through
// an intake link (issue 15). Words only; who gets it is the service's.
import { INTAKE_MESSAGES } from '../../../domain/intake';
import { translate } from '../../platform/i18n';

export function intakeSubmittedEmail(member: { email: string | null; fullName: string }, projectName: string, linkName: string, projectUrl: string) {
  return {
    to: member.email,
    // English until the emails speak the recipient's language (issue 48).
    subject: translate('en', INTAKE_MESSAGES.emailSubject, { project: projectName }),
    text: [
      `Hello ${member.fullName},`,
      '',
      `The questionnaire of the project "${projectName}" was submitted through the link "${linkName}".`,
      '',
      `Read the answers: ${projectUrl}`,
    ].join('\n'),
  };
}

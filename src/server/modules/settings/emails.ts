// The Settings emails.
import type { OutgoingEmail } from '../../platform/mail/outbox';

/** To the OLD address when a member changes the email they sign in with (issue 20). */
export function emailChangedEmail(
  change: { oldEmail: string; newEmail: string; fullName: string; organizationId: string },
): OutgoingEmail {
  return {
    kind: 'email_changed',
    to: change.oldEmail,
    subject: 'Your Brieflane email address was changed',
    organizationId: change.organizationId,
    text: [
      `Hi ${change.fullName},`,
      '',
      `The email address you sign in to Brieflane with was changed from ${change.oldEmail} to ${change.newEmail}.`,
      '',
      'If you made this change, there is nothing else to do.',
      "If not, tell your organization's admin at once: whoever changed it knew your password.",
    ].join('\n'),
  };
}

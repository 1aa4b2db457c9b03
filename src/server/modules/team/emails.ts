// Emails to members added on the Team tab. The link sits on a line of its own so the dev mailbox
// and the tests can read it. A password chosen by whoever added the member is never emailed.
import { ROLE_LABELS, type Role } from '../../../domain/roles';
import type { OutgoingEmail } from '../../platform/mail/outbox';

type Added = { to: string; fullName: string; role: Role; inviterName: string; organization: { id: string; name: string } };

/** What both emails share: who is told, the subject and the opening lines. */
function addedEmail(kind: string, member: Added, lines: string[]): OutgoingEmail {
  return {
    kind,
    to: member.to,
    organizationId: member.organization.id,
    subject: `You have been added to ${member.organization.name} on Brieflane`,
    text: [
      `Hi ${member.fullName},`,
      '',
      `${member.inviterName} added you to "${member.organization.name}" on Brieflane as ${ROLE_LABELS[member.role]}.`,
      ...lines,
    ].join('\n'),
  };
}

export function teamInvitationEmail(member: Added, setPasswordLink: string): OutgoingEmail {
  return addedEmail('team_invitation', member, [
    '',
    'Open this link to choose your password (it works once, for 7 days):',
    setPasswordLink,
    '',
    'If the link has expired, use "Forgot password" on the sign-in page.',
  ]);
}

export function teamMemberAddedEmail(member: Added, signInUrl: string): OutgoingEmail {
  return addedEmail('team_member_added', member, [
    `Sign in with this email address and the password ${member.inviterName} gave you:`,
    signInUrl,
    '',
    'You can change your password in Settings, or use "Forgot password" on the sign-in page.',
  ]);
}

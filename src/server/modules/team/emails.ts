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

type PasswordSet = { to: string; fullName: string; changerName: string; organization: { id: string; name: string } };

/**
 * Decision 006: a password set for a member by someone else is announced to the member (at the
 * address they had), naming who set it; the password itself is never emailed.
 */
export function passwordSetByMemberEmail(member: PasswordSet, signInUrl: string): OutgoingEmail {
  return {
    kind: 'password_set_by_member',
    to: member.to,
    organizationId: member.organization.id,
    subject: `Your Brieflane password was changed by ${member.changerName}`,
    text: [
      `Hi ${member.fullName},`,
      '',
      `${member.changerName} set a new password for your account in "${member.organization.name}" on Brieflane.`,
      'You have been signed out everywhere. Sign in with the new password, which they can give you:',
      signInUrl,
      '',
      `If you did not expect this, use "Forgot password" on the sign-in page and tell an organization admin.`,
    ].join('\n'),
  };
}

// Emails to members added on the Team tab, in the reader's language (issue 48: a new member has
// none saved, so their organization's). The link sits on a line of its own so the dev mailbox
// and the tests can read it. A password chosen by whoever added the member is never emailed.
import type { Locale } from '../../../domain/locales';
import type { Role } from '../../../domain/roles';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import type { OutgoingEmail } from '../../platform/mail/outbox';
import { TEAM_EMAIL_TEXTS as T } from './email-texts';

/** The role's name as the spec writes it (ROLE_LABELS), in the reader's language. */
const ROLE_TEXTS = {
  organization_admin: T.roleOrganizationAdmin,
  admin: T.roleAdmin,
  account_executive: T.roleAccountExecutive,
  developer: T.roleDeveloper,
} satisfies Record<Role, unknown>;

type Added = { to: string; fullName: string; role: Role; inviterName: string; organization: { id: string; name: string }; locale: Locale };

/** What both emails share: who is told, the subject and the opening lines. */
function addedEmail(kind: string, member: Added, lines: string[]): OutgoingEmail {
  const say = member.locale;
  return {
    kind,
    to: member.to,
    organizationId: member.organization.id,
    subject: translate(say, T.addedSubject, { organization: member.organization.name }),
    text: [
      translate(say, EMAIL_TEXTS.hi, { name: member.fullName }),
      '',
      translate(say, T.addedBody, { inviter: member.inviterName, organization: member.organization.name, role: translate(say, ROLE_TEXTS[member.role]) }),
      ...lines,
    ].join('\n'),
  };
}

export function teamInvitationEmail(member: Added, setPasswordLink: string): OutgoingEmail {
  const say = member.locale;
  return addedEmail('team_invitation', member, ['', translate(say, T.invitationLink), setPasswordLink, '', translate(say, T.invitationExpired)]);
}

export function teamMemberAddedEmail(member: Added, signInUrl: string): OutgoingEmail {
  const say = member.locale;
  return addedEmail('team_member_added', member, [translate(say, T.addedSignIn, { inviter: member.inviterName }), signInUrl, '', translate(say, T.addedChangePassword)]);
}

type PasswordSet = { to: string; fullName: string; changerName: string; organization: { id: string; name: string }; locale: Locale };

/**
 * Decision 006: a password set for a member by someone else is announced to the member (at the
 * address they had), naming who set it; the password itself is never emailed.
 */
export function passwordSetByMemberEmail(member: PasswordSet, signInUrl: string): OutgoingEmail {
  const say = member.locale;
  return {
    kind: 'password_set_by_member',
    to: member.to,
    organizationId: member.organization.id,
    subject: translate(say, T.passwordSetSubject, { changer: member.changerName }),
    text: [
      translate(say, EMAIL_TEXTS.hi, { name: member.fullName }),
      '',
      translate(say, T.passwordSetBody, { changer: member.changerName, organization: member.organization.name }),
      translate(say, T.passwordSetSignIn),
      signInUrl,
      '',
      translate(say, T.passwordSetNotExpected),
    ].join('\n'),
  };
}

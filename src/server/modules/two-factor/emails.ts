// The two-factor emails (issue 31): the account's owner hears of every change to their sign-in.
import type { OutgoingEmail } from '../../platform/mail/outbox';

type Owner = { email: string; fullName: string; organizationId: string };

const IF_NOT_YOU = "If this was not you, change your password at once and tell your organization's admin.";

export function twoFactorOnEmail(owner: Owner): OutgoingEmail {
  return {
    kind: 'two_factor_on',
    to: owner.email,
    subject: 'Two-factor sign-in is on for your Brieflane account',
    organizationId: owner.organizationId,
    text: [
      `Hi ${owner.fullName},`,
      '',
      'Two-factor sign-in is now on: after your password, Brieflane asks for a code from your authenticator app.',
      'Keep your recovery codes somewhere safe; each signs you in once if you lose your phone.',
      '',
      IF_NOT_YOU,
    ].join('\n'),
  };
}

export function twoFactorOffEmail(owner: Owner): OutgoingEmail {
  return {
    kind: 'two_factor_off',
    to: owner.email,
    subject: 'Two-factor sign-in is off for your Brieflane account',
    organizationId: owner.organizationId,
    text: [`Hi ${owner.fullName},`, '', 'Two-factor sign-in was turned off: your password alone signs you in now.', '', IF_NOT_YOU].join('\n'),
  };
}

/** To a member whose two-factor an admin reset (decision 006's rank): they are signed out everywhere. */
export function twoFactorResetEmail(owner: Owner, by: { fullName: string }, signInUrl: string): OutgoingEmail {
  return {
    kind: 'two_factor_reset',
    to: owner.email,
    subject: 'Your Brieflane two-factor sign-in was reset',
    organizationId: owner.organizationId,
    text: [
      `Hi ${owner.fullName},`,
      '',
      `${by.fullName} turned off two-factor sign-in for your account and signed you out everywhere.`,
      `Sign in with your password at ${signInUrl} and set two-factor up again in Settings.`,
      '',
      "If you did not ask for this, tell your organization's admin.",
    ].join('\n'),
  };
}

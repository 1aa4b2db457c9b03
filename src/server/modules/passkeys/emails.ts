// The passkey emails (issue 31 item 3): as with two-factor, the account's owner hears of every
// change to how it signs in.
import type { OutgoingEmail } from '../../platform/mail/outbox';

type Owner = { email: string; fullName: string; organizationId: string };

const IF_NOT_YOU = "If this was not you, remove it in Settings, change your password at once and tell your organization's admin.";

export function passkeyAddedEmail(owner: Owner, name: string, settingsUrl: string): OutgoingEmail {
  return {
    kind: 'passkey_added',
    to: owner.email,
    subject: 'A passkey was added to your Brieflane account',
    organizationId: owner.organizationId,
    text: [
      `Hi ${owner.fullName},`,
      '',
      `A passkey named "${name}" was added to your account: it signs you in to Brieflane without your password.`,
      `Your passkeys are listed in Settings: ${settingsUrl}`,
      '',
      IF_NOT_YOU,
    ].join('\n'),
  };
}

export function passkeyRemovedEmail(owner: Owner, name: string): OutgoingEmail {
  return {
    kind: 'passkey_removed',
    to: owner.email,
    subject: 'A passkey was removed from your Brieflane account',
    organizationId: owner.organizationId,
    text: [
      `Hi ${owner.fullName},`,
      '',
      `The passkey named "${name}" was removed from your account: it no longer signs you in.`,
      '',
      "If this was not you, change your password at once and tell your organization's admin.",
    ].join('\n'),
  };
}

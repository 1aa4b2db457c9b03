// Issue 48 item 3: the emails to members added on the Team tab, in the `server` part of the
// catalogs (decision 045).
export const TEAM_EMAIL_TEXTS = {
  addedSubject: /*i18n*/ { id: 'server.emails.team.addedSubject', message: 'You have been added to {organization} on Brieflane' },
  addedBody: /*i18n*/ { id: 'server.emails.team.addedBody', message: '{inviter} added you to "{organization}" on Brieflane as {role}.' },
  roleOrganizationAdmin: /*i18n*/ { id: 'server.emails.team.roleOrganizationAdmin', message: 'Organization Admin' },
  roleAdmin: /*i18n*/ { id: 'server.emails.team.roleAdmin', message: 'Admin' },
  roleAccountExecutive: /*i18n*/ { id: 'server.emails.team.roleAccountExecutive', message: 'Account Executive' },
  roleDeveloper: /*i18n*/ { id: 'server.emails.team.roleDeveloper', message: 'Developer' },
  invitationLink: /*i18n*/ { id: 'server.emails.team.invitationLink', message: 'Open this link to choose your password (it works once, for 7 days):' },
  invitationExpired: /*i18n*/ { id: 'server.emails.team.invitationExpired', message: 'If the link has expired, use "Forgot password" on the sign-in page.' },
  addedSignIn: /*i18n*/ { id: 'server.emails.team.addedSignIn', message: 'Sign in with this email address and the password {inviter} gave you:' },
  addedChangePassword: /*i18n*/ {
    id: 'server.emails.team.addedChangePassword',
    message: 'You can change your password in Settings, or use "Forgot password" on the sign-in page.',
  },
  passwordSetSubject: /*i18n*/ { id: 'server.emails.team.passwordSetSubject', message: 'Your Brieflane password was changed by {changer}' },
  passwordSetBody: /*i18n*/ { id: 'server.emails.team.passwordSetBody', message: '{changer} set a new password for your account in "{organization}" on Brieflane.' },
  passwordSetSignIn: /*i18n*/ {
    id: 'server.emails.team.passwordSetSignIn',
    message: 'You have been signed out everywhere. Sign in with the new password, which they can give you:',
  },
  passwordSetNotExpected: /*i18n*/ {
    id: 'server.emails.team.passwordSetNotExpected',
    message: 'If you did not expect this, use "Forgot password" on the sign-in page and tell an organization admin.',
  },
};

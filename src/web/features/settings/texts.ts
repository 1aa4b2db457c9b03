// Spec 2 "Settings tab": the product's exact wording, as message descriptors the cards translate
// (issue 48, decision 044).
export const SETTINGS_TEXTS = {
  profileTitle: /*i18n*/ { id: 'settings.profileTitle', message: 'Profile Information' },
  profileDescription: /*i18n*/ { id: 'settings.profileDescription', message: 'Update your name and the email you sign in with.' },
  fullName: /*i18n*/ { id: 'settings.fullName', message: 'Full Name' },
  email: /*i18n*/ { id: 'settings.email', message: 'Email' },
  updateProfile: /*i18n*/ { id: 'settings.updateProfile', message: 'Update Profile' },
  currentPasswordForEmailHint: /*i18n*/ { id: 'settings.currentPasswordForEmailHint', message: 'Needed to change the email you sign in with.' },
  passwordTitle: /*i18n*/ { id: 'settings.passwordTitle', message: 'Change Password' },
  passwordDescription: /*i18n*/ { id: 'settings.passwordDescription', message: 'Enter your current password, then choose a new one.' },
  currentPassword: /*i18n*/ { id: 'settings.currentPassword', message: 'Current Password' },
  newPassword: /*i18n*/ { id: 'settings.newPassword', message: 'New Password' },
  confirmPassword: /*i18n*/ { id: 'settings.confirmPassword', message: 'Confirm Password' },
  updatePassword: /*i18n*/ { id: 'settings.updatePassword', message: 'Update Password' },
  accountTitle: /*i18n*/ { id: 'settings.accountTitle', message: 'Account Settings' },
  accountDescription: /*i18n*/ { id: 'settings.accountDescription', message: 'Your role in the organization.' },
  role: /*i18n*/ { id: 'settings.role', message: 'Role' },
  contactAdmin: /*i18n*/ { id: 'settings.contactAdmin', message: 'Contact admin to change roles' },
  saving: /*i18n*/ { id: 'settings.saving', message: 'Saving...' },
  updating: /*i18n*/ { id: 'settings.updating', message: 'Updating...' },
  // Issue 49 item 22: the daily digest goes out at its hour in the member's time zone.
  timeZone: {
    label: /*i18n*/ { id: 'settings.timeZone.label', message: 'Time zone' },
    sentAt: /*i18n*/ { id: 'settings.timeZone.sentAt', message: 'Sent at {time} in {zone}.' },
    saved: /*i18n*/ { id: 'settings.timeZone.saved', message: 'Time zone saved' },
  },
} as const;

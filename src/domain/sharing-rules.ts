// Sharing's messages and rules without zod (spec 2 "Shared project page", 4, 8): what the shared
// page needs, so that a share link's page loads no schema library (decision 013). The API and
// its schemas are described in ./sharing.ts.

export const SHARING_MESSAGES = {
  shareTitle: /*i18n*/ { id: 'domain-shared.sharing-rules.shareTitle', message: 'Share Project Access' },
  generate: /*i18n*/ { id: 'domain-shared.sharing-rules.generate', message: 'Generate Link' },
  generating: /*i18n*/ { id: 'domain-shared.sharing-rules.generating', message: 'Generating...' },
  generated: /*i18n*/ { id: 'domain-shared.sharing-rules.generated', message: 'Access token generated successfully!' },
  revoked: /*i18n*/ { id: 'domain-shared.sharing-rules.revoked', message: 'Access link has been revoked' },
  revokeConfirm: /*i18n*/ { id: 'domain-shared.sharing-rules.revokeConfirm', message: 'Revoke this access link? Anyone using it will lose access. This cannot be undone.' },
  copiedTitle: /*i18n*/ { id: 'domain-shared.sharing-rules.copiedTitle', message: 'Copied!' },
  copied: /*i18n*/ { id: 'domain-shared.sharing-rules.copied', message: 'Project access link copied to clipboard' },
  noLinks: /*i18n*/ { id: 'domain-shared.sharing-rules.noLinks', message: 'No active links yet.' },
  assignTitle: /*i18n*/ { id: 'domain-shared.sharing-rules.assignTitle', message: 'Assign Developer' },
  assign: /*i18n*/ { id: 'domain-shared.sharing-rules.assign', message: 'Assign Developer' },
  assigning: /*i18n*/ { id: 'domain-shared.sharing-rules.assigning', message: 'Assigning...' },
  assigned: /*i18n*/ { id: 'domain-shared.sharing-rules.assigned', message: 'Developer assigned successfully! Share the project link with them.' },
  selectDeveloper: /*i18n*/ { id: 'domain-shared.sharing-rules.selectDeveloper', message: 'Please select a developer' },
  alreadyAssigned: /*i18n*/ { id: 'domain-shared.sharing-rules.alreadyAssigned', message: 'This developer is already assigned to this project.' },
  notADeveloper: /*i18n*/ { id: 'domain-shared.sharing-rules.notADeveloper', message: 'Please select a developer' },
  noDevelopers: /*i18n*/ { id: 'domain-shared.sharing-rules.noDevelopers', message: 'No developers in your organization yet. Add them on the Team tab.' },
  unassigned: /*i18n*/ { id: 'domain-shared.sharing-rules.unassigned', message: 'Developer removed from the project' },
  notAssigned: /*i18n*/ { id: 'domain-shared.sharing-rules.notAssigned', message: 'This developer is not assigned to this project.' },
  linkNotFound: /*i18n*/ { id: 'domain-shared.sharing-rules.linkNotFound', message: 'Access link not found' },
  staffOnly: /*i18n*/ { id: 'domain-shared.sharing-rules.staffOnly', message: 'You do not have permission to share this project.' },
  // The shared page (spec 2, 8).
  validating: /*i18n*/ { id: 'domain-shared.sharing-rules.validating', message: 'Validating access' },
  passwordRequired: /*i18n*/ { id: 'domain-shared.sharing-rules.passwordRequired', message: 'Password Required' },
  accessProject: /*i18n*/ { id: 'domain-shared.sharing-rules.accessProject', message: 'Access Project' },
  invalidPasswordTitle: /*i18n*/ { id: 'domain-shared.sharing-rules.invalidPasswordTitle', message: 'Invalid Password' },
  invalidPassword: /*i18n*/ { id: 'domain-shared.sharing-rules.invalidPassword', message: 'Please check your password and try again.' },
  invalidLinkTitle: /*i18n*/ { id: 'domain-shared.sharing-rules.invalidLinkTitle', message: 'Invalid Access Link' },
  invalidLink: /*i18n*/ { id: 'domain-shared.sharing-rules.invalidLink', message: 'This project access link is invalid or has expired.' },
  accessDenied: /*i18n*/ { id: 'domain-shared.sharing-rules.accessDenied', message: 'Access Denied' },
  tooManyAttempts: /*i18n*/ { id: 'domain-shared.sharing-rules.tooManyAttempts', message: 'Too many password attempts. Please wait a minute and try again.' },
  signInToContribute: /*i18n*/ { id: 'domain-shared.sharing-rules.signInToContribute', message: 'Sign in to add files, links and notes or to update tasks.' },
  // A view-only link (issue #19: 'Viewers may contribute' off).
  viewOnly: /*i18n*/ { id: 'domain-shared.sharing-rules.viewOnly', message: 'This link is view only.' },
} as const;

/** Spec 4: on the shared page a toggle turns completed into pending and anything else into completed. */
export function sharedToggleStatus(status: string): 'pending' | 'completed' {
  return status === 'completed' ? 'pending' : 'completed';
}

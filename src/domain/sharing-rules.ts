// Sharing's messages and rules without zod (spec 2 "Shared project page", 4, 8): what the shared
// page needs, so that a share link's page loads no schema library (decision 013). The API and
// its schemas are described in ./sharing.ts.

export const SHARING_MESSAGES = {
  shareTitle: 'Share Project Access',
  generate: 'Generate Link',
  generating: 'Generating...',
  generated: 'Access token generated successfully!',
  revoked: 'Access link has been revoked',
  revokeConfirm: 'Revoke this access link? Anyone using it will lose access. This cannot be undone.',
  copiedTitle: 'Copied!',
  copied: 'Project access link copied to clipboard',
  noLinks: 'No active links yet.',
  assignTitle: 'Assign Developer',
  assign: 'Assign Developer',
  assigning: 'Assigning...',
  assigned: 'Developer assigned successfully! Share the project link with them.',
  selectDeveloper: 'Please select a developer',
  alreadyAssigned: 'This developer is already assigned to this project.',
  notADeveloper: 'Please select a developer',
  noDevelopers: 'No developers in your organization yet. Add them on the Team tab.',
  unassigned: 'Developer removed from the project',
  notAssigned: 'This developer is not assigned to this project.',
  linkNotFound: 'Access link not found',
  staffOnly: 'You do not have permission to share this project.',
  // The shared page (spec 2, 8).
  validating: 'Validating access',
  passwordRequired: 'Password Required',
  accessProject: 'Access Project',
  invalidPasswordTitle: 'Invalid Password',
  invalidPassword: 'Please check your password and try again.',
  invalidLinkTitle: 'Invalid Access Link',
  invalidLink: 'This project access link is invalid or has expired.',
  accessDenied: 'Access Denied',
  tooManyAttempts: 'Too many password attempts. Please wait a minute and try again.',
  signInToContribute: 'Sign in to add files, links and notes or to update tasks.',
  // A view-only link (issue #19: 'Viewers may contribute' off).
  viewOnly: 'This link is view only.',
} as const;

/** Spec 4: on the shared page a toggle turns completed into pending and anything else into completed. */
export function sharedToggleStatus(status: string): 'pending' | 'completed' {
  return status === 'completed' ? 'pending' : 'completed';
}

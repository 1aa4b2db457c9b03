// The error codes of a share link's answers, apart from the sharing schemas so that the web app's
// query client can tell them from a session's end without loading zod (decision 013).
export const SHARED_LINK_ERRORS = {
  invalidLink: 'invalid_link',
  passwordRequired: 'password_required',
  invalidPassword: 'invalid_password',
  projectNotShown: 'project_not_shown',
} as const;

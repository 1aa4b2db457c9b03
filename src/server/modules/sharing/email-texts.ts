// Issue 48 item 3: the email to a developer assigned to a project, in the `server` part of the
// catalogs (decision 045).
export const SHARING_EMAIL_TEXTS = {
  assignedSubject: /*i18n*/ { id: 'server.emails.sharing.assignedSubject', message: 'You have been assigned to {project}' },
  assignedBody: /*i18n*/ { id: 'server.emails.sharing.assignedBody', message: 'You have been assigned to the project "{project}".' },
  description: /*i18n*/ { id: 'server.emails.sharing.description', message: 'Description: {description}' },
  noDescription: /*i18n*/ { id: 'server.emails.sharing.noDescription', message: 'No description provided' },
  companyOverview: /*i18n*/ { id: 'server.emails.sharing.companyOverview', message: 'Company overview: {overview}' },
  noCompanyOverview: /*i18n*/ { id: 'server.emails.sharing.noCompanyOverview', message: 'No company overview provided' },
  openProject: /*i18n*/ { id: 'server.emails.sharing.openProject', message: 'Open the project: {url}' },
};

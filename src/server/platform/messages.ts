// Issue 48: the server's own words in its answers (the `server` part of the catalogs, decision
// 045). Messages of the rules (validation, a task's or a link's refusals) are the domain's.
export const SERVER_MESSAGES = {
  notAuthenticated: /*i18n*/ { id: 'server.notAuthenticated', message: 'User not authenticated' },
  forbidden: /*i18n*/ { id: 'server.forbidden', message: 'You do not have permission to do that.' },
  notFound: /*i18n*/ { id: 'server.notFound', message: 'Not found' },
  rateLimited: /*i18n*/ { id: 'server.rateLimited', message: 'Too many requests. Please wait a moment and try again.' },
  invalidRequest: /*i18n*/ { id: 'server.invalidRequest', message: 'Invalid request' },
  internalError: /*i18n*/ { id: 'server.internalError', message: 'An unexpected error occurred' },
  databaseUnavailable: /*i18n*/ { id: 'server.databaseUnavailable', message: 'The service is briefly unavailable. Please try again in a moment.' },
  storageUnavailable: /*i18n*/ { id: 'server.storageUnavailable', message: 'File storage is unavailable right now. Please try again later.' },
};

// Issue 48 (decision 045): the words many screens share, in the `core` part every page loads
// (src/web/lib/i18n.ts): a signed-in page's shell shows them before any feature's part arrives.
export const CORE_TEXTS = {
  signOut: /*i18n*/ { id: 'core.signOut', message: 'Sign Out' },
};

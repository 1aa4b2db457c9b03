// The app's own words around the features: the dashboard shell, the tab placeholders (spec 2), the
// project page's toast. Features keep theirs in their texts.ts; the landing, welcome and
// not-found pages theirs in pages/texts.ts, which only those lazily loaded pages download. Issue
// 48 (decision 045): they are the `app` part of the words, which the pages that show them load
// (dashboard-shell.tsx); the route error screen and the session gate say theirs in core
// (components/texts.ts), since they show on signed-out pages too.
export const APP_TEXTS = {
  shell: {
    navigation: /*i18n*/ { id: 'app.shell.navigation', message: 'Dashboard' },
    organization: /*i18n*/ { id: 'app.shell.organization', message: 'Organization' },
    skipToContent: /*i18n*/ { id: 'app.shell.skipToContent', message: 'Skip to content' },
    openMenu: /*i18n*/ { id: 'app.shell.openMenu', message: 'Open menu' },
    menuDescription: /*i18n*/ { id: 'app.shell.menuDescription', message: 'Navigate between the dashboard sections' },
  },
  // A `?tab=` that is no tab, or one the user may not use (issue 14).
  tabUnavailable: {
    unknownTitle: /*i18n*/ { id: 'app.tabUnavailable.unknownTitle', message: 'Page not found' },
    unknown: /*i18n*/ { id: 'app.tabUnavailable.unknown', message: 'There is no such page in Brieflane.' },
    forbiddenTitle: /*i18n*/ { id: 'app.tabUnavailable.forbiddenTitle', message: 'No access' },
    // Spec 2's text for activity logs (ACTIVITY_MESSAGES.forbidden, not imported: that module
    // brings date-fns and zod into the dashboard's first download).
    forbiddenActivities: /*i18n*/ { id: 'app.tabUnavailable.forbiddenActivities', message: "You don't have permission to view activity logs." },
    /** `{tab}`: the tab's title. */
    forbidden: /*i18n*/ { id: 'app.tabUnavailable.forbidden', message: "You don't have permission to view {tab}." },
    goToProjects: /*i18n*/ { id: 'app.tabUnavailable.goToProjects', message: 'Go to Projects' },
  },
  // Settings' sections (issue 49 item 5): the name of their navigation.
  settings: {
    sections: /*i18n*/ { id: 'app.settings.sections', message: 'Settings sections' },
  },
  /** The title of the toast when a project page cannot load (spec 8). */
  errorTitle: /*i18n*/ { id: 'app.errorTitle', message: 'Error' },
  // Issue 49 item 21: the notice on the first page after a sign-in with a recovery code.
  recoverySignIn: {
    label: /*i18n*/ { id: 'app.recoverySignIn.label', message: 'Recovery code used' },
    signedIn: /*i18n*/ { id: 'app.recoverySignIn.signedIn', message: 'Signed in with a recovery code.' },
    codesLeft: /*i18n*/ { id: 'app.recoverySignIn.codesLeft', message: '{count, plural, one {# recovery code left.} other {# recovery codes left.}}' },
    noneLeft: /*i18n*/ { id: 'app.recoverySignIn.noneLeft', message: 'That was your last recovery code.' },
    makeNew: /*i18n*/ { id: 'app.recoverySignIn.makeNew', message: 'Make New Codes' },
    dismiss: /*i18n*/ { id: 'app.recoverySignIn.dismiss', message: 'Dismiss' },
  },
};

// Issue 48 (decision 045): the words many screens share, in the `core` part every page loads
// (src/web/lib/i18n.ts): a signed-in page's shell shows them before any feature's part arrives.
export const CORE_TEXTS = {
  signOut: /*i18n*/ { id: 'core.signOut', message: 'Sign Out' },
};

/** Issue 49 item 8: money where no rate is in force (budget card, time report), never "$0.00". */
export const NO_RATE_TEXTS = {
  noRateSet: /*i18n*/ { id: 'core.noRateSet', message: 'No rate set' },
  /** The link's name for a screen reader: where it goes. */
  setRates: /*i18n*/ { id: 'core.setRates', message: 'No rate set: set rates on the Team tab' },
};

// The app frame's last resorts (app/route-error-screen.tsx, app/router.tsx) say theirs here, in
// core rather than the app's part: they show on any page, the signed-out ones too, and when the
// network failed, when a part they would wait for might never arrive.

/** Any render or loading error below the router (app/route-error-screen.tsx). */
export const ROUTE_ERROR_TEXTS = {
  title: /*i18n*/ { id: 'core.routeError.title', message: 'Something went wrong' },
  body: /*i18n*/ { id: 'core.routeError.body', message: 'This page ran into a problem. Reloading usually fixes it; your saved work is safe.' },
  newVersion: /*i18n*/ { id: 'core.routeError.newVersion', message: 'A new version of Brieflane is available. Reload to continue.' },
  reload: /*i18n*/ { id: 'core.routeError.reload', message: 'Reload' },
};

/** The session gate's (app/router.tsx) when /api/me cannot be asked. */
export const ROUTER_TEXTS = {
  unreachable: /*i18n*/ { id: 'core.unreachable.title', message: 'Brieflane could not be reached.' },
  checkConnection: /*i18n*/ { id: 'core.unreachable.check', message: 'Check your connection, then try again.' },
  tryAgain: /*i18n*/ { id: 'core.unreachable.tryAgain', message: 'Try again' },
};

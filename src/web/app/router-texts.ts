// The router's own words: what the session gate shows when /api/me cannot be asked. Not in
// app/texts.ts: the router is in every page's first download, and importing APP_TEXTS here would
// bring the landing and welcome pages' copy into the sign-in page's (decision 013).
export const ROUTER_TEXTS = {
  unreachable: 'Brieflane could not be reached.',
  checkConnection: 'Check your connection, then try again.',
  tryAgain: 'Try again',
} as const;

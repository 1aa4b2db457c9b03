// Settings -> Sessions (issue 31 item 5): where one is signed in, and ending those sessions.
import { z } from 'zod';

/**
 * Issue 49 item 21: how a session was signed in. The first step: a password (sign-up signs in with
 * it too), a passkey (both factors at once), or the organization's OpenID provider.
 */
export const SIGN_IN_METHODS = ['password', 'passkey', 'sso'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];
/**
 * What came after it: a code of the authenticator app or a recovery code (two-factor sign-in), or,
 * without two-factor, the code emailed at a sign-in past the per-email limit (issue 26).
 */
export const SIGN_IN_FACTORS = ['app_code', 'email_code', 'recovery_code'] as const;
export type SignInFactor = (typeof SIGN_IN_FACTORS)[number];

export const signInWaySchema = z.object({
  method: z.enum(SIGN_IN_METHODS),
  factor: z.enum(SIGN_IN_FACTORS).nullable(),
  /** Single sign-on: the provider's host, as the sign-in button named it. */
  provider: z.string().nullable(),
});
export type SignInWay = z.infer<typeof signInWaySchema>;

export const sessionSchema = z.object({
  id: z.string(),
  /** e.g. "Chrome 131 on Linux", read from the browser's User-Agent; "Unknown browser" without one. */
  browser: z.string(),
  /** The address it signed in from, as the server saw it. */
  address: z.string().nullable(),
  signedInAt: z.string(),
  /** When it was last used, to within a day (the session is extended at most once a day). */
  lastActiveAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
  /** How it was signed in; null for a session older than the record (issue 49 item 21). */
  signIn: signInWaySchema.nullable(),
});
export type MemberSession = z.infer<typeof sessionSchema>;

export const SESSION_TEXTS = {
  title: /*i18n*/ { id: 'domain.sessions.title', message: 'Sessions' },
  description: /*i18n*/ { id: 'domain.sessions.description', message: 'Where you are signed in. End a session you do not recognise; change your password too if you did not sign in there.' },
  current: /*i18n*/ { id: 'domain.sessions.current', message: 'This browser' },
  signedIn: /*i18n*/ { id: 'domain.sessions.signedIn', message: 'Signed in {when}' },
  lastActive: /*i18n*/ { id: 'domain.sessions.lastActive', message: 'last active {when}' },
  unknownBrowser: /*i18n*/ { id: 'domain.sessions.unknownBrowser', message: 'Unknown browser' },
  /** A session's device: "Chrome 131 on Linux" (names as the User-Agent gives them). */
  browserOnSystem: /*i18n*/ { id: 'domain.sessions.browserOnSystem', message: '{browser} on {system}' },
  end: /*i18n*/ { id: 'domain.sessions.end', message: 'End' },
  endTitle: /*i18n*/ { id: 'domain.sessions.endTitle', message: 'End Session' },
  endConfirm: /*i18n*/ { id: 'domain.sessions.endConfirm', message: 'End the session on {browser}? That browser is signed out at once.' },
  ended: /*i18n*/ { id: 'domain.sessions.ended', message: 'Session ended' },
  endOthers: /*i18n*/ { id: 'domain.sessions.endOthers', message: 'End all other sessions' },
  endOthersTitle: /*i18n*/ { id: 'domain.sessions.endOthersTitle', message: 'End Other Sessions' },
  endOthersConfirm: /*i18n*/ { id: 'domain.sessions.endOthersConfirm', message: 'Sign out every other browser and device? This one stays signed in.' },
  endedOthers: /*i18n*/ { id: 'domain.sessions.endedOthers', message: 'Ended {n, plural, one {# other session} other {# other sessions}}' },
  onlyThis: /*i18n*/ { id: 'domain.sessions.onlyThis', message: 'You are signed in only here.' },
  loadFailed: /*i18n*/ { id: 'domain.sessions.loadFailed', message: 'Failed to load your sessions' },
  notFound: /*i18n*/ { id: 'domain.sessions.notFound', message: 'Session not found' },
  endCurrent: /*i18n*/ { id: 'domain.sessions.endCurrent', message: 'To end this session, sign out.' },
} as const;

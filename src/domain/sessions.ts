// Settings -> Sessions (issue 31 item 5): where one is signed in, and ending those sessions.
import { z } from 'zod';

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
});
export type MemberSession = z.infer<typeof sessionSchema>;

export const SESSION_TEXTS = {
  title: 'Sessions',
  description: 'Where you are signed in. End a session you do not recognise; change your password too if you did not sign in there.',
  current: 'This browser',
  signedIn: (when: string) => `Signed in ${when}`,
  lastActive: (when: string) => `last active ${when}`,
  unknownBrowser: 'Unknown browser',
  end: 'End',
  endTitle: 'End Session',
  endConfirm: (browser: string) => `End the session on ${browser}? That browser is signed out at once.`,
  ended: 'Session ended',
  endOthers: 'End all other sessions',
  endOthersTitle: 'End Other Sessions',
  endOthersConfirm: 'Sign out every other browser and device? This one stays signed in.',
  endedOthers: (n: number) => (n === 1 ? 'Ended 1 other session' : `Ended ${n} other sessions`),
  onlyThis: 'You are signed in only here.',
  loadFailed: 'Failed to load your sessions',
  notFound: 'Session not found',
  endCurrent: 'To end this session, sign out.',
} as const;

// The query-key registry (issue 47 item 3): the root of every cached query's key, one per
// resource. Each feature's api.ts builds its own keys under its root (`[QUERY_ROOTS.projects,
// 'detail', id]`), so what a root covers is known in one place. A key hung under another
// feature's root on purpose says why beside it. A feature whose change makes another feature's
// queries stale refreshes them through CHANGE_REFRESHES below, not by importing that feature's
// api.ts for its keys.
import type { QueryClient } from '@tanstack/react-query';

export const QUERY_ROOTS = {
  /** The signed-in member and their organization (lib/session.ts). */
  me: 'me',
  /** Project cards, details and budgets (projects). */
  projects: 'projects',
  /** A project's tasks, files, notes and comments on the project page (lib/project-source.ts). */
  projectData: 'project-data',
  /** Everything the shared page shows of a link (lib/project-source.ts, sharing). */
  projectAccess: 'project-access',
  /** The caller's tasks across projects (tasks). */
  myWork: 'my-work',
  clients: 'clients',
  templates: 'templates',
  /** The Team tab and member pages; also what a change to the team may alter elsewhere (time's members, a member's two-factor). */
  team: 'team',
  /** A project's share links and developers (sharing). */
  sharing: 'sharing',
  activities: 'activities',
  /** The reports and the time report (reports). */
  reports: 'reports',
  /** The caller's time entries, timer and timesheets (time). */
  time: 'time',
  inbox: 'inbox',
  search: 'search',
  /** The member's own Settings cards (settings, api-tokens, passkeys, sessions, calendar, two-factor, webhooks). */
  settings: 'settings',
  /** The organization's sign-in settings (sso, the two-factor requirement). */
  organization: 'organization',
  /** A password-reset link's check (auth). */
  passwordReset: 'password-reset',
  /** Issue 49 item 21: after a recovery-code sign-in, how many codes are left (auth): set by the sign-in, never fetched. */
  recoverySignIn: 'recovery-sign-in',
} as const;

export type QueryRoot = (typeof QUERY_ROOTS)[keyof typeof QUERY_ROOTS];

/**
 * What a kind of change made on this page makes stale beyond the changing feature's own queries:
 * the one list a feature's mutation refreshes other features' caches by. Broad on purpose, like
 * the live updates: refetching a list too many beats showing a stale one.
 */
export const CHANGE_REFRESHES = {
  /**
   * Issue 32: a member's rate prices their time: the Team pages, the projects' budget figures
   * (their cards and budget cards) and the time report's money.
   */
  memberRate: [QUERY_ROOTS.team, QUERY_ROOTS.projects, QUERY_ROOTS.reports],
} as const satisfies Record<string, readonly QueryRoot[]>;

export type ChangeKind = keyof typeof CHANGE_REFRESHES;

/** Marks stale (and refetches what is on screen) every query a kind of change affects. */
export async function refreshAfterChange(queryClient: QueryClient, change: ChangeKind): Promise<void> {
  await Promise.all(CHANGE_REFRESHES[change].map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

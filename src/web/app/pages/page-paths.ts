// Which page a path shows, known before the app runs (decision 013): the build
// (scripts/route-pages.ts) writes a copy of index.html per page whose <head> also names the page's
// chunks, and the server sends a path its page's copy (src/server/platform/web-pages.ts), so the
// chunks download beside the entry instead of after it has run. The paths are router.tsx's.

export type PagePath = {
  /** The path (no query string) as router.tsx's <Route path>, as a regular expression. */
  pattern: RegExp;
  /** The page module, as Vite's manifest names it (relative to src/web): see lazy-pages.ts. */
  module: string;
  /** Shown only to a signed-in user: the server names its chunks only when a session cookie came. */
  signedIn: boolean;
  /**
   * The API reads the page's first render makes, preloaded with the HTML so that their answers
   * arrive with the code; each exactly as the app asks it (page-paths.test.ts holds them to it).
   */
  fetches?: readonly string[];
  /**
   * Only for these query parameter values (null: absent or empty), every parameter named; the
   * first entry that matches a path wins, so a page's other states follow with another `variant`.
   */
  query?: Readonly<Record<string, readonly (string | null)[]>>;
  /** A second HTML file of the same page: the module's name with this suffix. */
  variant?: string;
  /** Lazily loaded modules the page shows at once in this state, named with the page's chunks. */
  alsoModules?: readonly string[];
  /**
   * Only when the server finds this true of the path (src/server/app.ts): 'intake-link', the
   * token of a share page's path opens an intake link, whose form the page shows at once.
   */
  when?: PageCondition;
};

/** What the server may look up about a path before choosing its HTML. */
export type PageCondition = 'intake-link';

/**
 * The parts of the words (catalogs, decision 045) a share link's page shows first: its own, its
 * tasks', files' and notes', and the link rules' (`domain-shared`: its password, the intake form,
 * approvals). They load beside the link's answer (shared-project-page.tsx); scripts/web-weight.ts
 * measures them.
 */
export const SHARED_PAGE_TEXTS = ['sharing', 'tasks', 'files', 'notes', 'domain-shared'] as const;

/** What the Projects tab (the dashboard's default) and the top bar's inbox ask first. */
export const DASHBOARD_FETCHES = ['/api/projects?search=&status=all', '/api/inbox'] as const;

export const PAGE_PATHS: readonly PagePath[] = [
  {
    pattern: /^\/$/,
    query: { tab: [null, 'projects'], view: [null, 'projects'] },
    module: 'app/pages/dashboard-page.tsx',
    signedIn: true,
    fetches: DASHBOARD_FETCHES,
  },
  // The dashboard's other tabs (and Templates): the same page, without the projects list, which
  // the browser would fetch for nothing.
  { pattern: /^\/$/, variant: 'tab', module: 'app/pages/dashboard-page.tsx', signedIn: true, fetches: [DASHBOARD_FETCHES[1]] },
  { pattern: /^\/welcome\/?$/, module: 'app/pages/welcome-page.tsx', signedIn: true },
  { pattern: /^\/project(-dashboard)?\/[^/]+\/?$/, module: 'app/pages/project-page.tsx', signedIn: true },
  // A task's address (issue 29): the project page with the task's panel open, whose code comes
  // with the page's (the Markdown renderer loads after it, with the comments).
  { pattern: /^\/project\/[^/]+\/tasks\/[^/]+\/?$/, variant: 'task', module: 'app/pages/project-page.tsx', alsoModules: ['app/pages/task-panel.tsx'], signedIn: true },
  { pattern: /^\/team\/[^/]+\/?$/, module: 'app/pages/team-member-page.tsx', signedIn: true },
  // An intake link's page shows its form at once: its code comes with the page's (issue 27 item 20).
  {
    pattern: /^\/project-access\/[^/]+\/?$/,
    variant: 'intake',
    when: 'intake-link',
    module: 'app/pages/shared-project-page.tsx',
    alsoModules: ['features/sharing/components/intake-form.tsx'],
    signedIn: false,
  },
  { pattern: /^\/project-access\/[^/]+\/?$/, module: 'app/pages/shared-project-page.tsx', signedIn: false },
  {
    pattern: /^\/project-access\/[^/]+\/tasks\/[^/]+\/?$/,
    variant: 'task',
    module: 'app/pages/shared-project-page.tsx',
    alsoModules: ['app/pages/task-panel.tsx'],
    signedIn: false,
  },
];

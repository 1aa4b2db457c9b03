// Every page is its own chunk (decision 013). `pages.x.preload()` starts a page's download on
// intent: a link's hover or focus (preloadOnIntent), or once the sign-in form is being filled in.
import type { QueryClient } from '@tanstack/react-query';
import { lazyComponent } from '@/web/lib/lazy-component';
import { meQueryOptions } from '@/web/lib/session';
import { PAGE_PATHS } from './page-paths';

export const pages = {
  dashboard: lazyComponent(async () => (await import('./dashboard-page')).DashboardPage),
  landing: lazyComponent(async () => (await import('./landing-page')).LandingPage),
  notFound: lazyComponent(async () => (await import('./not-found-page')).NotFoundPage),
  project: lazyComponent(async () => (await import('./project-page')).ProjectPage),
  resetPassword: lazyComponent(async () => (await import('./reset-password-page')).ResetPasswordPage),
  sharedProject: lazyComponent(async () => (await import('./shared-project-page')).SharedProjectPage),
  teamMember: lazyComponent(async () => (await import('./team-member-page')).TeamMemberPage),
  welcome: lazyComponent(async () => (await import('./welcome-page')).WelcomePage),
  /** Issue 31 item 2: instead of any page, past the organization's two-factor deadline. */
  twoFactorRequired: lazyComponent(async () => (await import('./two-factor-required-page')).TwoFactorRequiredPage),
};

type FirstPage = {
  page: { ready: () => Promise<void> };
  /** Starts the page's first requests before React renders it. */
  startEarly?: (queryClient: QueryClient, pathname: string) => Promise<void>;
};

const PUBLIC_PAGES: Readonly<Record<string, FirstPage>> = {
  'app/pages/shared-project-page.tsx': {
    page: pages.sharedProject,
    startEarly: async (queryClient, pathname) => (await import('./shared-project-page')).startSharedPageEarly(queryClient, pathname),
  },
};

/** A page anyone with its link sees (a share link), never the sign-in screen. */
export function isPublicPage(pathname: string): boolean {
  return PAGE_PATHS.some((page) => !page.signedIn && page.pattern.test(pathname) && PUBLIC_PAGES[page.module] !== undefined);
}

/**
 * Before the first render (main.tsx): asks who is signed in, and for the public page `pathname`
 * shows (its chunk came with the HTML, page-paths.ts) waits for its module and starts its first
 * requests, so the first render shows the page instead of a Suspense fallback, which React keeps
 * up for at least 300 ms (issue 27 item 20). Signed-in pages are not waited for: their chunks
 * come only with a session, and the sign-in screen must not download them.
 */
export async function startFirstPage(pathname: string, queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(meQueryOptions);
  const path = PAGE_PATHS.find((page) => !page.signedIn && page.pattern.test(pathname));
  const first = path ? PUBLIC_PAGES[path.module] : undefined;
  if (!first) return;
  await first.page.ready();
  // Its first request goes out before React's first render, which holds the thread a while.
  await first.startEarly?.(queryClient, pathname).catch(() => {});
}

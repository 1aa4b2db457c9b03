// Every page is its own chunk (decision 013). `pages.x.preload()` starts a page's download on
// intent: a link's hover or focus (preloadOnIntent), or once the sign-in form is being filled in.
import { lazyComponent } from '@/web/lib/lazy-component';

export const pages = {
  dashboard: lazyComponent(async () => (await import('./dashboard-page')).DashboardPage),
  landing: lazyComponent(async () => (await import('./landing-page')).LandingPage),
  notFound: lazyComponent(async () => (await import('./not-found-page')).NotFoundPage),
  project: lazyComponent(async () => (await import('./project-page')).ProjectPage),
  resetPassword: lazyComponent(async () => (await import('./reset-password-page')).ResetPasswordPage),
  sharedProject: lazyComponent(async () => (await import('./shared-project-page')).SharedProjectPage),
  teamMember: lazyComponent(async () => (await import('./team-member-page')).TeamMemberPage),
  welcome: lazyComponent(async () => (await import('./welcome-page')).WelcomePage),
};

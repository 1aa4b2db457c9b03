// Spec 2 route table and ARCHITECTURE decision 8.
import { createBrowserRouter, Outlet, RouterProvider, useSearchParams } from 'react-router';
import { AuthScreen } from '@/web/features/auth/components/auth-screen';
import { parseAuthMode } from '@/web/features/auth/texts';
import { Button } from '@/web/components/ui/button';
import { FullPageMessage } from '@/web/components/ui/full-page-message';
import { lazyPage } from '@/web/lib/chunk-reload';
import { useMe } from '@/web/lib/session';
import { RouteErrorScreen } from './route-error-screen';

// Every page is its own chunk, loaded when its route is first visited: the sign-in screen and a
// shared link do not download the dashboard, and the dashboard does not download the others.
// lazyPage reloads the tab once when a deploy has removed the chunk it asks for.
const page = {
  dashboard: lazyPage(async () => ({ Component: (await import('./pages/dashboard-page')).DashboardPage })),
  landing: lazyPage(async () => ({ Component: (await import('./pages/landing-page')).LandingPage })),
  notFound: lazyPage(async () => ({ Component: (await import('./pages/not-found-page')).NotFoundPage })),
  project: lazyPage(async () => ({ Component: (await import('./pages/project-page')).ProjectPage })),
  resetPassword: lazyPage(async () => ({ Component: (await import('./pages/reset-password-page')).ResetPasswordPage })),
  sharedProject: lazyPage(async () => ({ Component: (await import('./pages/shared-project-page')).SharedProjectPage })),
  teamMember: lazyPage(async () => ({ Component: (await import('./pages/team-member-page')).TeamMemberPage })),
  welcome: lazyPage(async () => ({ Component: (await import('./pages/welcome-page')).WelcomePage })),
};

/** Signed-in routes: 'Loading...' while the session is restored, the auth screen when signed out. */
function SignedInGate() {
  const me = useMe();
  const [searchParams] = useSearchParams();
  if (me.isPending) return <FullPageMessage>Loading...</FullPageMessage>;
  if (me.isError) {
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-lg font-medium">Brieflane could not be reached.</p>
        <p className="text-sm text-muted-foreground">Check your connection, then try again.</p>
        <Button onClick={() => void me.refetch()} loading={me.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (!me.data) return <AuthScreen key={searchParams.get('mode')} initialMode={parseAuthMode(searchParams.get('mode'))} />;
  return <Outlet />;
}

const router = createBrowserRouter([
  {
    // Any render or loading error below, a deploy's missing chunk after its one reload included.
    errorElement: <RouteErrorScreen />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: <FullPageMessage>Loading...</FullPageMessage>,
    children: [
      { path: '/landing', lazy: page.landing },
      { path: '/reset-password', lazy: page.resetPassword },
      // Public, signed in or out, outside the dashboard shell (spec 2).
      { path: '/project-access/:token', lazy: page.sharedProject },
      {
        element: <SignedInGate />,
        children: [
          { index: true, lazy: page.dashboard },
          { path: '/welcome', lazy: page.welcome },
          { path: '/project/:projectId', lazy: page.project },
          // Spec 2: the target of a developer's assigned-project link on the team member view.
          { path: '/project-dashboard/:projectId', lazy: page.project },
          // Spec 2: a team member's page, opened from a card on the Team tab.
          { path: '/team/:memberId', lazy: page.teamMember },
          { path: '*', lazy: page.notFound },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

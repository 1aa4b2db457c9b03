// Spec 2 route table and ARCHITECTURE decision 8.
import { createBrowserRouter, Outlet, RouterProvider, useSearchParams } from 'react-router';
import { AuthScreen } from '@/web/features/auth/components/auth-screen';
import { parseAuthMode } from '@/web/features/auth/texts';
import { Button } from '@/web/components/ui/button';
import { FullPageMessage } from '@/web/components/ui/full-page-message';
import { useMe } from '@/web/lib/session';
import { DashboardPage } from './pages/dashboard-page';
import { LandingPage } from './pages/landing-page';
import { NotFoundPage } from './pages/not-found-page';
import { ProjectPage } from './pages/project-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SharedProjectPage } from './pages/shared-project-page';
import { TeamMemberPage } from './pages/team-member-page';
import { WelcomePage } from './pages/welcome-page';

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
  { path: '/landing', element: <LandingPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  // Public, signed in or out, outside the dashboard shell (spec 2).
  { path: '/project-access/:token', element: <SharedProjectPage /> },
  {
    element: <SignedInGate />,
    children: [
      { index: true, element: <DashboardPage /> },
      { path: '/welcome', element: <WelcomePage /> },
      { path: '/project/:projectId', element: <ProjectPage /> },
      // Spec 2: the target of a developer's assigned-project link on the team member view.
      { path: '/project-dashboard/:projectId', element: <ProjectPage /> },
      // Spec 2: a team member's page, opened from a card on the Team tab.
      { path: '/team/:memberId', element: <TeamMemberPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}

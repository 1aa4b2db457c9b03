// Spec 2 route table and ARCHITECTURE decision 8.
import { Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { AuthScreen } from '@/web/features/auth/components/auth-screen';
import { parseAuthMode } from '@/web/features/auth/texts';
import { ROUTER_TEXTS } from '@/web/components/texts';
import { Button } from '@/web/components/ui/button';
import { FullPageMessage } from '@/web/components/ui/full-page-message';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { useT } from '@/web/lib/i18n';
import { landAfterSignIn, pendingLanding, useMe, useSignedInMe } from '@/web/lib/session';
import { RouteErrorBoundary } from './route-error-screen';
import { pages } from './pages/lazy-pages';

// Declarative routes (BrowserRouter), not the data router: createBrowserRouter alone weighs more
// gzipped than the whole sign-in budget leaves for a router (decision 013). Every page is its
// own chunk, rendered through React.lazy, so a signed-out visitor's sign-in screen downloads no
// signed-in page: the data router loaded the matched route's `lazy` module before the session
// gate decided. Navigations run in a transition, so the page on screen stays until the next one
// has loaded. A page path here is also in pages/page-paths.ts, from which the server names the
// page's chunks in the HTML it sends for the path.

/** Signed-in routes: 'Loading...' while the session is restored, the auth screen when signed out. */
function SignedInGate() {
  const t = useT();
  const me = useMe();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  if (me.isPending) return <FullPageMessage>{t(UI_TEXTS.loading)}</FullPageMessage>;
  if (me.isError) {
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-lg font-medium">{t(ROUTER_TEXTS.unreachable)}</p>
        <p className="text-sm text-muted-foreground">{t(ROUTER_TEXTS.checkConnection)}</p>
        <Button onClick={() => void me.refetch()} loading={me.isFetching}>
          {t(ROUTER_TEXTS.tryAgain)}
        </Button>
      </div>
    );
  }
  if (!me.data) {
    // Someone filling in the sign-in form is about to see the projects page: fetch it meanwhile.
    return <AuthScreen key={searchParams.get('mode')} initialMode={parseAuthMode(searchParams.get('mode'))} onSignInIntent={pages.dashboard.preload} />;
  }
  const landing = pendingLanding();
  if (landing !== null && landing !== pathname) return <Navigate to={landing} replace />;
  return <Landed />;
}

/**
 * The signed-in page; a pending landing is done once its path is on screen. Past the
 * organization's two-factor deadline (issue 31 item 2) only the set-up shows, at any path: the
 * server refuses the rest, and the page opens once Me says it is on.
 */
function Landed() {
  const me = useSignedInMe();
  useEffect(() => landAfterSignIn(null), []);
  if (me.twoFactor.overdue) return <pages.twoFactorRequired />;
  return <Outlet />;
}

export function AppRoutes() {
  const t = useT();
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      {/* Shown while the first page's chunk loads. */}
      <Suspense fallback={<FullPageMessage>{t(UI_TEXTS.loading)}</FullPageMessage>}>
        <Routes>
          <Route path="/landing" element={<pages.landing />} />
          <Route path="/reset-password" element={<pages.resetPassword />} />
          {/* Public, signed in or out, outside the dashboard shell (spec 2). */}
          <Route path="/project-access/:token" element={<pages.sharedProject />}>
            {/* Issue 29: the same page with a task's panel open; the page reads the path itself. */}
            <Route path="tasks/:taskId" element={null} />
          </Route>
          <Route element={<SignedInGate />}>
            <Route index element={<pages.dashboard />} />
            <Route path="/welcome" element={<pages.welcome />} />
            {/* The task's panel (issue 29) opens over the page, which stays mounted under it. */}
            <Route path="/project/:projectId" element={<pages.project />}>
              <Route path="tasks/:taskId" element={null} />
            </Route>
            {/* Spec 2: the target of a developer's assigned-project link on the team member view. */}
            <Route path="/project-dashboard/:projectId" element={<pages.project />} />
            {/* Spec 2: a team member's page, opened from a card on the Team tab. */}
            <Route path="/team/:memberId" element={<pages.teamMember />} />
            <Route path="*" element={<pages.notFound />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

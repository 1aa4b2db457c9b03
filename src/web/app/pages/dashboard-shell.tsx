import { Menu } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { Me } from '@/domain/auth';
import { ROLE_LABELS, tabsForRole, tabTitle, type DashboardTab } from '@/domain/roles';
import { Button } from '@/web/components/ui/button';
import { Logo } from '@/web/components/ui/logo';
import { RoleIcon } from '@/web/components/ui/role-icon';
import { SignOutButton } from '@/web/features/auth/components/sign-out-button';
import { cn } from '@/web/lib/class-names';
import { loadTexts, useT } from '@/web/lib/i18n';
import { lazyComponent, preloadOnIntent, useOpenedOnce } from '@/web/lib/lazy-component';
import { useMemberLive } from '../live-updates';
import { InboxBell } from '@/web/features/inbox/components/inbox-bell';
import { SearchLauncher } from '@/web/features/search/components/search-launcher';
import { RunningTimer } from '@/web/features/time/components/running-timer';
import { TwoFactorBanner } from '@/web/features/two-factor/components/two-factor-banner';
import { useAdoptBrowserTimeZone } from '@/web/features/settings/browser-time-zone';
import { TAB_ICONS } from '../dashboard-tabs';
import { preloadTab } from './dashboard-tab-panels';
import { RecoverySignInNotice } from './recovery-sign-in-notice';
import { APP_TEXTS } from '../texts';

// The sheet (the dialog primitive, its focus trap and scroll lock) downloads when first opened or
// on the menu button's hover, focus or touch.
const NavSheet = lazyComponent(async () => (await import('./nav-sheet')).NavSheet);

// The shell's words (the app part, issue 48) start loading with the code of a page that shows it,
// and the rules' words beside them: the inbox bell's (INBOX_TEXTS) and the tabs' names are the domain's.
void loadTexts('app', 'domain');

function SideNav({ me, current, onNavigate }: { me: Me; current: DashboardTab | null; onNavigate?: () => void }) {
  // `domain`: the tabs' names (DASHBOARD_TAB_TITLES).
  const t = useT('app', 'domain');
  const location = useLocation();
  return (
    <nav aria-label={t(APP_TEXTS.shell.navigation)} className="grid gap-1">
      {tabsForRole(me.profile.role).map((tab) => {
        const Icon = TAB_ICONS[tab];
        const active = tab === current;
        // The tab's own list is the page; a page inside the section (a project, a member) marks
        // its section as the current location instead.
        const onTabPage = location.pathname === '/';
        return (
          <Link
            key={tab}
            to={tab === 'projects' ? '/' : `/?tab=${tab}`}
            onClick={onNavigate}
            onPointerEnter={() => preloadTab(tab)}
            onFocus={() => preloadTab(tab)}
            aria-current={active ? (onTabPage ? 'page' : 'location') : undefined}
            className={cn(
              'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
              active && 'bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {t(tabTitle(tab))}
          </Link>
        );
      })}
    </nav>
  );
}

function OrganizationName({ name }: { name: string }) {
  const t = useT('app');
  return (
    <div className="rounded-lg border bg-muted/40 px-3 py-2">
      <p className="text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{t(APP_TEXTS.shell.organization)}</p>
      <p className="truncate text-sm font-medium" title={name}>
        {name}
      </p>
    </div>
  );
}

/** Spec 2 "Dashboard shell": fixed top bar, side navigation filtered by role. */
export function DashboardShell({ me, current, children }: { me: Me; current: DashboardTab | null; children: ReactNode }) {
  // `domain`: the role's name (ROLE_LABELS).
  const t = useT('app', 'domain');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuOpened = useOpenedOnce(menuOpen);
  const { role, fullName } = me.profile;
  useMemberLive();
  useAdoptBrowserTimeZone(me);

  return (
    <div className="min-h-dvh">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:ring-2 focus:ring-ring"
      >
        {t(APP_TEXTS.shell.skipToContent)}
      </a>
      <header className="fixed inset-x-0 top-0 z-40 flex h-16 items-center gap-3 border-b bg-card/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/70 sm:px-6">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label={t(APP_TEXTS.shell.openMenu)}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          {...preloadOnIntent(NavSheet)}
        >
          <Menu aria-hidden />
        </Button>
        {menuOpened ? (
          <Suspense fallback={null}>
            <NavSheet open={menuOpen} onOpenChange={setMenuOpen}>
              <div className="flex min-w-0 items-center gap-3 border-b pb-3" data-testid="menu-user">
                <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-sm font-semibold text-accent-foreground">
                  {initials(fullName)}
                </span>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{fullName}</p>
                  <p className="flex items-center gap-1 text-xs text-muted-foreground">
                    <RoleIcon role={role} className="size-3.5 text-primary" />
                    {t(ROLE_LABELS[role])}
                  </p>
                </div>
              </div>
              <SideNav me={me} current={current} onNavigate={() => setMenuOpen(false)} />
              <div className="mt-auto">
                <OrganizationName name={me.organization.name} />
              </div>
            </NavSheet>
          </Suspense>
        ) : null}

        <Link to="/" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Logo compact className="sm:hidden" />
          <Logo className="hidden sm:inline-flex" />
        </Link>

        <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-4">
          <SearchLauncher />
          <RunningTimer />
          <InboxBell />
          {/* On a phone the bar keeps the search, the timer, the bell and Sign Out; who is signed
              in is at the top of the menu instead (issue 49: at 375 px the name pushed Sign Out off). */}
          <div className="hidden min-w-0 items-center gap-3 sm:flex">
            <span aria-hidden className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-sm font-semibold text-accent-foreground">
              {initials(fullName)}
            </span>
            <div className="min-w-0 text-left">
              <p className="truncate text-sm font-medium" data-testid="user-name">
                {fullName}
              </p>
              <p className="flex items-center gap-1 text-xs text-muted-foreground" data-testid="user-role">
                <RoleIcon role={role} className="size-3.5 text-primary" />
                {t(ROLE_LABELS[role])}
              </p>
            </div>
          </div>
          <div className="hidden sm:block">
            <SignOutButton variant="ghost" />
          </div>
          <div className="sm:hidden">
            <SignOutButton variant="ghost" compact />
          </div>
        </div>
      </header>

      <aside className="fixed top-16 bottom-0 left-0 hidden w-64 flex-col gap-4 border-r bg-card p-4 md:flex">
        <SideNav me={me} current={current} />
        <div className="mt-auto">
          <OrganizationName name={me.organization.name} />
        </div>
      </aside>

      <main id="main-content" tabIndex={-1} className="outline-none px-4 pt-16 pb-10 sm:px-6 md:pl-70 lg:px-10 lg:pl-74">
        <TwoFactorBanner twoFactor={me.twoFactor} />
        <RecoverySignInNotice />
        {children}
      </main>
    </div>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Text } from '@/domain/locales';
import { canUseTab, tabTitle, type DashboardTab, type Role } from '@/domain/roles';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { ProjectsTab } from '@/web/features/projects/components/projects-tab';
import { ProjectShareActions } from '@/web/features/sharing/components/project-share-actions';
import { useDocumentTitle } from '@/web/lib/document-title';
import { loadTexts, useT } from '@/web/lib/i18n';
import { useSignedInMe } from '@/web/lib/session';
import { parseDashboardTab } from '../dashboard-tabs';
import { APP_TEXTS } from '../texts';
import { DashboardShell } from './dashboard-shell';
import { tabPanels } from './dashboard-tab-panels';

// The project cards' Assign Dev and Share Link, and their approval badges and filter (the link
// rules' words, domain-shared): their words load with the page's code (decision 045).
void loadTexts('sharing', 'domain-shared');

/** Holds a lazily loaded tab's place: a toolbar row and a grid of cards, as the tabs lay out. */
function TabSkeleton() {
  const t = useT();
  return (
    <div className="space-y-4" role="status" aria-label={t(UI_TEXTS.loadingLabel)}>
      <Skeleton className="h-10 w-full max-w-md" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    </div>
  );
}

const MyWorkPanel = tabPanels['my-work'];
const TimesheetPanel = tabPanels.timesheet;

function TabPanel({ tab, role }: { tab: DashboardTab; role: Role }) {
  if (tab === 'settings') return <tabPanels.settings />;
  if (tab === 'projects') {
    return (
      <ProjectsTab
        role={role}
        renderCardActions={(project) => <ProjectShareActions projectId={project.id} projectName={project.name} />}
        templatesTab={(useTemplate) => (
          <Suspense fallback={<TabSkeleton />}>
            <tabPanels.templates role={role} onUseTemplate={useTemplate} />
          </Suspense>
        )}
      />
    );
  }
  if (tab === 'my-work') return <MyWorkPanel />;
  if (tab === 'timesheet') return <TimesheetPanel />;
  if (tab === 'clients') return <tabPanels.clients />;
  if (tab === 'team') return <tabPanels.team />;
  if (tab === 'reports') return <tabPanels.reports role={role} />;
  if (tab === 'activities') return <tabPanels.activities role={role} />;
  return null;
}

/** Why a tab may not be used: spec 2's own words for the activity logs, the tab's title for the others. */
function forbiddenText(tab: DashboardTab): Text {
  return tab === 'activities' ? APP_TEXTS.tabUnavailable.forbiddenActivities : APP_TEXTS.tabUnavailable.forbidden;
}

/**
 * A `?tab=` that is no tab, or one the user may not use. Spec 2 renders nothing there; issue 14
 * asks for a message instead of a blank area, with the way back.
 */
export function TabUnavailable({ tab }: { tab: DashboardTab | null }) {
  const t = useT('app', 'domain');
  return (
    <div className="mx-auto max-w-6xl space-y-4 pt-8">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t(tab ? APP_TEXTS.tabUnavailable.forbiddenTitle : APP_TEXTS.tabUnavailable.unknownTitle)}
      </h1>
      <p className="text-muted-foreground">{tab ? t(forbiddenText(tab), { tab: t(tabTitle(tab)) }) : t(APP_TEXTS.tabUnavailable.unknown)}</p>
      <Button asChild variant="outline">
        <Link to="/?tab=projects">{t(APP_TEXTS.tabUnavailable.goToProjects)}</Link>
      </Button>
    </div>
  );
}

export function DashboardPage() {
  // `domain`: the tab's name (DASHBOARD_TAB_TITLES), the page's title.
  const t = useT('app', 'domain');
  const me = useSignedInMe();
  const [searchParams] = useSearchParams();
  const parsed = parseDashboardTab(searchParams.get('tab'));
  const tab = parsed && canUseTab(me.profile.role, parsed) ? parsed : null;

  useDocumentTitle(tab ? t(tabTitle(tab)) : t(parsed ? APP_TEXTS.tabUnavailable.forbiddenTitle : APP_TEXTS.tabUnavailable.unknownTitle));

  return (
    <DashboardShell me={me} current={tab}>
      {tab ? (
        <div className="mx-auto max-w-6xl space-y-6 pt-8">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t(tabTitle(tab))}</h1>
          <Suspense fallback={<TabSkeleton />}>
            <TabPanel tab={tab} role={me.profile.role} />
          </Suspense>
        </div>
      ) : (
        <TabUnavailable tab={parsed} />
      )}
    </DashboardShell>
  );
}

import { useSearchParams } from 'react-router';
import { canUseTab, tabTitle, type DashboardTab, type Role } from '@/domain/roles';
import { ActivityTab } from '@/web/features/activity/components/activity-tab';
import { ClientsTab } from '@/web/features/clients/components/clients-tab';
import { ProjectsTab } from '@/web/features/projects/components/projects-tab';
import { ReportsTab } from '@/web/features/reports/components/reports-tab';
import { ProjectShareActions } from '@/web/features/sharing/components/project-share-actions';
import { TeamTab } from '@/web/features/team/components/team-tab';
import { TemplatesTab } from '@/web/features/templates/components/templates-tab';
import { useDocumentTitle } from '@/web/lib/document-title';
import { useSignedInMe } from '@/web/lib/session';
import { parseDashboardTab } from '../dashboard-tabs';
import { DashboardShell } from './dashboard-shell';
import { SettingsPage } from './settings-page';

function TabPanel({ tab, role }: { tab: DashboardTab; role: Role }) {
  if (tab === 'settings') return <SettingsPage />;
  if (tab === 'projects') {
    return (
      <ProjectsTab
        role={role}
        renderCardActions={(project) => <ProjectShareActions projectId={project.id} projectName={project.name} />}
        templatesTab={<TemplatesTab role={role} />}
      />
    );
  }
  if (tab === 'clients') return <ClientsTab />;
  if (tab === 'team') return <TeamTab />;
  if (tab === 'reports') return <ReportsTab role={role} />;
  if (tab === 'activities') return <ActivityTab role={role} />;
  return null;
}

export function DashboardPage() {
  const me = useSignedInMe();
  const [searchParams] = useSearchParams();
  const parsed = parseDashboardTab(searchParams.get('tab'));
  // Spec 2: a tab the user may not use renders nothing.
  const tab = parsed && canUseTab(me.profile.role, parsed) ? parsed : null;

  useDocumentTitle(tab ? tabTitle(tab) : null);

  return (
    <DashboardShell me={me} current={tab}>
      {tab ? (
        <div className="mx-auto max-w-6xl space-y-6 pt-8">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{tabTitle(tab)}</h1>
          <TabPanel tab={tab} role={me.profile.role} />
        </div>
      ) : null}
    </DashboardShell>
  );
}

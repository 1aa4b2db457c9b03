// The dashboard's tabs other than Projects, each its own chunk (decision 013): the projects page
// downloads only what it shows, and a tab's code is fetched when its link in the side menu is
// hovered or focused (dashboard-shell.tsx), so a click rarely waits.
import type { DashboardTab } from '@/domain/roles';
import { lazyComponent } from '@/web/lib/lazy-component';

export const tabPanels = {
  'my-work': lazyComponent(async () => (await import('@/web/features/tasks/components/my-work-tab')).MyWorkTab),
  timesheet: lazyComponent(async () => (await import('@/web/features/time/components/timesheet-tab')).TimesheetTab),
  clients: lazyComponent(async () => (await import('@/web/features/clients/components/clients-tab')).ClientsTab),
  team: lazyComponent(async () => (await import('@/web/features/team/components/team-tab')).TeamTab),
  reports: lazyComponent(async () => (await import('@/web/features/reports/components/reports-tab')).ReportsTab),
  activities: lazyComponent(async () => (await import('@/web/features/activity/components/activity-tab')).ActivityTab),
  settings: lazyComponent(async () => (await import('./settings-page')).SettingsPage),
  templates: lazyComponent(async () => (await import('@/web/features/templates/components/templates-tab')).TemplatesTab),
};

/** Starts loading a tab's code (on intent); Projects is in the dashboard's own chunk. */
export function preloadTab(tab: DashboardTab): void {
  if (tab !== 'projects') tabPanels[tab].preload();
}

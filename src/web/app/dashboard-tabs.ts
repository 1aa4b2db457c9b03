import { ChartColumn, ListTodo, Contact, FolderKanban, History, Settings, Users, type LucideIcon } from 'lucide-react';
import { DASHBOARD_TABS, tabTitle, type DashboardTab } from '@/domain/roles';

export const TAB_ICONS: Record<DashboardTab, LucideIcon> = {
  projects: FolderKanban,
  'my-work': ListTodo,
  clients: Contact,
  team: Users,
  reports: ChartColumn,
  activities: History,
  settings: Settings,
};

/** The tab named in `?tab=`; Projects when absent, null for a name that is no tab at all. */
export function parseDashboardTab(value: string | null): DashboardTab | null {
  if (value === null || value === '') return 'projects';
  return (DASHBOARD_TABS as readonly string[]).includes(value) ? (value as DashboardTab) : null;
}

export const TAB_UNAVAILABLE_TEXTS = {
  unknownTitle: 'Page not found',
  unknown: 'There is no such page in Brieflane.',
  forbiddenTitle: 'No access',
  forbidden: (tab: DashboardTab) =>
    // Spec 2's text for activity logs (ACTIVITY_MESSAGES.forbidden, not imported: that module
    // brings date-fns and zod into the dashboard's first download).
    tab === 'activities' ? "You don't have permission to view activity logs." : `You don't have permission to view ${tabTitle(tab)}.`,
  goToProjects: 'Go to Projects',
} as const;

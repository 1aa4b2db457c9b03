import { CalendarClock, ChartColumn, ListTodo, Contact, FolderKanban, History, Settings, Users, type LucideIcon } from 'lucide-react';
import { DASHBOARD_TABS, type DashboardTab } from '@/domain/roles';

export const TAB_ICONS: Record<DashboardTab, LucideIcon> = {
  projects: FolderKanban,
  'my-work': ListTodo,
  timesheet: CalendarClock,
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

// The project page's tabs (spec 2) and their place in the URL, `?tab=` (issue 14): a reload or
// Back lands on the tab the user left.
import type { Text } from '@/domain/locales';

export const PROJECT_TABS = ['info', 'tasks', 'files', 'notes'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export const PROJECT_TAB_LABELS: Record<ProjectTab, Text> = {
  info: /*i18n*/ { id: 'app.projectTabs.info', message: 'Project Info' },
  tasks: /*i18n*/ { id: 'app.projectTabs.tasks', message: 'Tasks' },
  files: /*i18n*/ { id: 'app.projectTabs.files', message: 'Files & Links' },
  notes: /*i18n*/ { id: 'app.projectTabs.notes', message: 'Notes' },
};

/** The tab named in `?tab=`; Project Info (spec 2's default) when absent or unknown. */
export function parseProjectTab(value: string | null): ProjectTab {
  return (PROJECT_TABS as readonly string[]).includes(value ?? '') ? (value as ProjectTab) : 'info';
}

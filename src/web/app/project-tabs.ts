// The project page's tabs (spec 2) and their place in the URL, `?tab=` (issue 14): a reload or
// Back lands on the tab the user left.

export const PROJECT_TABS = ['info', 'tasks', 'files', 'notes'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export const PROJECT_TAB_LABELS: Record<ProjectTab, string> = {
  info: 'Project Info',
  tasks: 'Tasks',
  files: 'Files & Links',
  notes: 'Notes',
};

/** The tab named in `?tab=`; Project Info (spec 2's default) when absent or unknown. */
export function parseProjectTab(value: string | null): ProjectTab {
  return (PROJECT_TABS as readonly string[]).includes(value ?? '') ? (value as ProjectTab) : 'info';
}

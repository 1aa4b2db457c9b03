// What the command palette can do besides search (issue 34): create, go to a tab, show the
// shortcuts; each only for those who may (the server refuses the rest anyway).
import { canManageProjects, tabsForRole, tabTitle, type Role } from '@/domain/roles';
import { createPath } from './shortcut-keys';
import { SEARCH_TEXTS } from './texts';

/** What choosing an action does: go to `path`, show the shortcuts sheet, or run a command. */
export type PaletteAction = { id: string; label: string; keywords?: string; path?: string; run?: 'sheet' | (() => void) };

export function paletteActions(role: Role, pathname: string): PaletteAction[] {
  const actions: PaletteAction[] = [];
  const onProject = /^\/project(?:-dashboard)?\//.test(pathname);
  const staff = canManageProjects(role);
  if (onProject) actions.push({ id: 'create-task', label: SEARCH_TEXTS.createTask, keywords: 'new add', path: createPath(pathname, '') });
  if (staff) actions.push({ id: 'create-project', label: SEARCH_TEXTS.createProject, keywords: 'new add', path: '/?create=project' });
  if (staff) actions.push({ id: 'create-client', label: SEARCH_TEXTS.createClient, keywords: 'new add', path: '/?tab=clients&create=client' });
  actions.push({ id: 'my-work', label: SEARCH_TEXTS.openMyWork, keywords: 'tasks assigned', path: '/?tab=my-work' });
  for (const tab of tabsForRole(role)) {
    actions.push({ id: `go-${tab}`, label: SEARCH_TEXTS.goTo(tabTitle(tab)), keywords: 'tab open', path: tab === 'projects' ? '/' : `/?tab=${tab}` });
  }
  actions.push({ id: 'shortcuts', label: SEARCH_TEXTS.showShortcuts, keywords: 'keys help keyboard', run: 'sheet' });
  return actions;
}

/** The actions whose label (or keywords) hold every word of the query. */
export function matchActions(actions: PaletteAction[], query: string): PaletteAction[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return actions.filter((action) => {
    const text = `${action.label} ${action.keywords ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

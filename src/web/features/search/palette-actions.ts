// What the command palette can do besides search (issue 34): create, go to a tab, show the
// shortcuts; each only for those who may (the server refuses the rest anyway).
import type { Text } from '@/domain/locales';
import { canManageProjects, tabsForRole, tabTitle, type Role } from '@/domain/roles';
import { SETTINGS_SECTION_LABELS, settingsSectionPath, settingsSectionsForRole } from '@/domain/settings-sections';
import type { TextValues } from '@/web/lib/i18n';
import { createPath } from './shortcut-keys';
import { SEARCH_TEXTS } from './texts';

/**
 * What choosing an action does: go to `path`, show the shortcuts sheet, or run a command.
 * `whenTyped`: listed only among the matches of what is typed, not in the empty palette's list.
 */
export type PaletteAction = { id: string; label: string; keywords?: string; path?: string; run?: 'sheet' | (() => void); whenTyped?: boolean };

/** `t`: the palette's translator (useT('search', 'domain')), as the labels are built in its render. */
export function paletteActions(role: Role, pathname: string, t: (text: Text, values?: TextValues) => string): PaletteAction[] {
  const actions: PaletteAction[] = [];
  const onProject = /^\/project(?:-dashboard)?\//.test(pathname);
  const staff = canManageProjects(role);
  const create = t(SEARCH_TEXTS.keywords.create);
  if (onProject) actions.push({ id: 'create-task', label: t(SEARCH_TEXTS.createTask), keywords: create, path: createPath(pathname, '') });
  if (staff) actions.push({ id: 'create-project', label: t(SEARCH_TEXTS.createProject), keywords: create, path: '/?create=project' });
  if (staff) actions.push({ id: 'create-client', label: t(SEARCH_TEXTS.createClient), keywords: create, path: '/?tab=clients&create=client' });
  // One My Work command (issue 49 item 20): found by its own words and by the shortcut sheet's
  // "Go to My Work" (g m), not listed a second time among the tabs.
  const myWorkKeywords = `${t(SEARCH_TEXTS.keywords.myWork)} ${t(SEARCH_TEXTS.shortcuts.goMyWork)} ${t(SEARCH_TEXTS.keywords.goTo)}`;
  actions.push({ id: 'my-work', label: t(SEARCH_TEXTS.openMyWork), keywords: myWorkKeywords, path: '/?tab=my-work' });
  for (const tab of tabsForRole(role)) {
    if (tab === 'my-work') continue;
    actions.push({ id: `go-${tab}`, label: t(SEARCH_TEXTS.goTo, { tab: t(tabTitle(tab)) }), keywords: t(SEARCH_TEXTS.keywords.goTo), path: tab === 'projects' ? '/' : `/?tab=${tab}` });
  }
  // Issue 49 item 5: a command per section of Settings the role has, found by typing (five more
  // lines in the empty palette would push the rest out of sight); Go to Settings stays listed.
  for (const section of settingsSectionsForRole(role)) {
    actions.push({
      id: `settings-${section}`,
      label: t(SEARCH_TEXTS.settingsSection, { tab: t(tabTitle('settings')), section: t(SETTINGS_SECTION_LABELS[section]) }),
      keywords: `${t(SEARCH_TEXTS.keywords.settingsSections[section])} ${t(SEARCH_TEXTS.keywords.goTo)}`,
      path: settingsSectionPath(section),
      whenTyped: true,
    });
  }
  actions.push({ id: 'shortcuts', label: t(SEARCH_TEXTS.showShortcuts), keywords: t(SEARCH_TEXTS.keywords.shortcuts), run: 'sheet' });
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

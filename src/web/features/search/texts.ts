// Labels of the search, the command palette and the keyboard shortcuts (issue 34).
import type { Text } from '@/domain/locales';
import type { SearchKind } from '@/domain/search-rules';
import type { SettingsSection } from '@/domain/settings-sections';

export const SEARCH_TEXTS = {
  // The top bar's box.
  box: /*i18n*/ { id: 'search.box', message: 'Search...' },
  boxLabel: /*i18n*/ { id: 'search.boxLabel', message: 'Search and commands' },
  boxKeys: /*i18n*/ { id: 'search.boxKeys', message: 'Ctrl K' },
  // The palette.
  title: /*i18n*/ { id: 'search.title', message: 'Search and commands' },
  description: /*i18n*/ { id: 'search.description', message: 'Search projects, tasks, notes and more, or run a command. Arrows move, Enter opens, Esc closes.' },
  input: /*i18n*/ { id: 'search.input', message: 'Search or type a command' },
  placeholder: /*i18n*/ { id: 'search.placeholder', message: 'Search projects, tasks, notes, people... or type a command' },
  results: /*i18n*/ { id: 'search.results', message: 'Results' },
  searching: /*i18n*/ { id: 'search.searching', message: 'Searching...' },
  failed: /*i18n*/ { id: 'search.failed', message: 'Search failed. Try again.' },
  noResults: /*i18n*/ { id: 'search.noResults', message: 'No results for "{query}"' },
  typeMore: /*i18n*/ { id: 'search.typeMore', message: 'Type to search the whole organization.' },
  recent: /*i18n*/ { id: 'search.recent', message: 'Recent' },
  actions: /*i18n*/ { id: 'search.actions', message: 'Actions' },
  kinds: {
    project: /*i18n*/ { id: 'search.kinds.project', message: 'Projects' },
    task: /*i18n*/ { id: 'search.kinds.task', message: 'Tasks' },
    comment: /*i18n*/ { id: 'search.kinds.comment', message: 'Comments' },
    note: /*i18n*/ { id: 'search.kinds.note', message: 'Notes' },
    file: /*i18n*/ { id: 'search.kinds.file', message: 'Files and links' },
    client: /*i18n*/ { id: 'search.kinds.client', message: 'Clients' },
    template: /*i18n*/ { id: 'search.kinds.template', message: 'Templates' },
    member: /*i18n*/ { id: 'search.kinds.member', message: 'Team members' },
  } satisfies Record<SearchKind, Text>,
  kindOne: {
    project: /*i18n*/ { id: 'search.kindOne.project', message: 'Project' },
    task: /*i18n*/ { id: 'search.kindOne.task', message: 'Task' },
    comment: /*i18n*/ { id: 'search.kindOne.comment', message: 'Comment' },
    note: /*i18n*/ { id: 'search.kindOne.note', message: 'Note' },
    file: /*i18n*/ { id: 'search.kindOne.file', message: 'File' },
    client: /*i18n*/ { id: 'search.kindOne.client', message: 'Client' },
    template: /*i18n*/ { id: 'search.kindOne.template', message: 'Template' },
    member: /*i18n*/ { id: 'search.kindOne.member', message: 'Team member' },
  } satisfies Record<SearchKind, Text>,
  inContext: /*i18n*/ { id: 'search.inContext', message: 'in {context}' },
  /** A team member found: their name (marked where it matched) and their role's label. */
  memberWithRole: /*i18n*/ { id: 'search.memberWithRole', message: '{name} · {role}' },
  // Actions.
  createProject: /*i18n*/ { id: 'search.createProject', message: 'Create project' },
  createTask: /*i18n*/ { id: 'search.createTask', message: 'Create task in this project' },
  createClient: /*i18n*/ { id: 'search.createClient', message: 'Create client' },
  goTo: /*i18n*/ { id: 'search.goTo', message: 'Go to {tab}' },
  /** Issue 49 item 5: a section of Settings, "Settings: Security". */
  settingsSection: /*i18n*/ { id: 'search.settingsSection', message: '{tab}: {section}' },
  openMyWork: /*i18n*/ { id: 'search.openMyWork', message: 'Open My Work' },
  showShortcuts: /*i18n*/ { id: 'search.showShortcuts', message: 'Keyboard shortcuts' },
  // Other words an action is found by, besides its label (typed, never shown).
  keywords: {
    create: /*i18n*/ { id: 'search.keywords.create', message: 'new add' },
    myWork: /*i18n*/ { id: 'search.keywords.myWork', message: 'tasks assigned' },
    goTo: /*i18n*/ { id: 'search.keywords.goTo', message: 'tab open' },
    shortcuts: /*i18n*/ { id: 'search.keywords.shortcuts', message: 'keys help keyboard' },
    // What each section of Settings holds, so that "passkeys" finds "Settings: Security" (the
    // time zone is the digest's, in the Notifications card).
    settingsSections: {
      account: /*i18n*/ { id: 'search.keywords.settingsSections.account', message: 'profile name email password language role' },
      security: /*i18n*/ { id: 'search.keywords.settingsSections.security', message: 'two-factor 2fa passkeys sessions sign-in' },
      notifications: /*i18n*/ { id: 'search.keywords.settingsSections.notifications', message: 'email inbox digest time zone calendar feed' },
      developers: /*i18n*/ { id: 'search.keywords.settingsSections.developers', message: 'api tokens webhooks' },
      organization: /*i18n*/ { id: 'search.keywords.settingsSections.organization', message: 'organization name currency two-factor requirement single sign-on sso' },
    } satisfies Record<SettingsSection, Text>,
  },
  // The shortcuts sheet.
  sheetTitle: /*i18n*/ { id: 'search.sheetTitle', message: 'Keyboard shortcuts' },
  sheetDescription: /*i18n*/ { id: 'search.sheetDescription', message: 'Shortcuts work anywhere in the app, except while you type in a field or a dialog is open.' },
  then: /*i18n*/ { id: 'search.then', message: 'then' },
  // The keys' names as printed on the keyboard of the language.
  keys: {
    ctrl: /*i18n*/ { id: 'search.keys.ctrl', message: 'Ctrl' },
    enter: /*i18n*/ { id: 'search.keys.enter', message: 'Enter' },
    esc: /*i18n*/ { id: 'search.keys.esc', message: 'Esc' },
  },
  shortcuts: {
    palette: /*i18n*/ { id: 'search.shortcuts.palette', message: 'Open search and commands' },
    search: /*i18n*/ { id: 'search.shortcuts.search', message: 'Search' },
    create: /*i18n*/ { id: 'search.shortcuts.create', message: 'Create here: a task on a project, a client on Clients, else a project' },
    goProjects: /*i18n*/ { id: 'search.shortcuts.goProjects', message: 'Go to Projects' },
    goClients: /*i18n*/ { id: 'search.shortcuts.goClients', message: 'Go to Clients' },
    goMyWork: /*i18n*/ { id: 'search.shortcuts.goMyWork', message: 'Go to My Work' },
    goTeam: /*i18n*/ { id: 'search.shortcuts.goTeam', message: 'Go to Team' },
    sheet: /*i18n*/ { id: 'search.shortcuts.sheet', message: 'Show these shortcuts' },
    move: /*i18n*/ { id: 'search.shortcuts.move', message: 'Move through results' },
    open: /*i18n*/ { id: 'search.shortcuts.open', message: 'Open the result' },
    close: /*i18n*/ { id: 'search.shortcuts.close', message: 'Close' },
  },
} as const;

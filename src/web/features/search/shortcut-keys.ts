// The keyboard shortcuts (issue 34), as a rule on key presses without React: which press does
// what, and when none may fire (typing in a field, a dialog open). The launcher (in the top bar)
// listens and acts; the sheet lists the same table.

export type GoTab = 'projects' | 'clients' | 'my-work' | 'team';
export type ShortcutAction = { type: 'palette' } | { type: 'search' } | { type: 'sheet' } | { type: 'create' } | { type: 'go'; tab: GoTab };

/** `g` then one of these, within this long. */
export const GO_KEYS: Record<string, GoTab> = { p: 'projects', c: 'clients', m: 'my-work', t: 'team' };
export const GO_WINDOW_MS = 1500;

type Press = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** A field that takes typing: inputs (but buttons and boxes), text areas, selects, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  if (element.isContentEditable) return true;
  const field = element.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="textbox"]');
  if (!field) return false;
  if (field instanceof HTMLInputElement) return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file'].includes(field.type);
  return true;
}

/** Whether a dialog (or a menu) is open: the page's shortcuts stay out of its way. */
export function isDialogOpen(doc: Document): boolean {
  return doc.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

/**
 * What a press does, given whether `g` was pressed just before. Ctrl/Cmd+K opens the palette
 * even from a field (it types nothing there); the single keys fire only outside fields.
 */
export function readShortcut(press: Press, context: { typing: boolean; dialogOpen: boolean; afterG: boolean }): ShortcutAction | 'g' | null {
  if (context.dialogOpen) return null;
  const key = press.key.toLowerCase();
  if ((press.ctrlKey || press.metaKey) && !press.altKey && !press.shiftKey && key === 'k') return { type: 'palette' };
  if (context.typing || press.ctrlKey || press.metaKey || press.altKey) return null;
  if (context.afterG && GO_KEYS[key]) return { type: 'go', tab: GO_KEYS[key] };
  if (press.key === '?') return { type: 'sheet' };
  if (press.shiftKey) return null;
  if (press.key === '/') return { type: 'search' };
  if (key === 'c') return { type: 'create' };
  if (key === 'g') return 'g';
  return null;
}

/** Where `c` creates: a task on a project's page, a client on the Clients tab, else a project. */
export function createPath(pathname: string, search: string): string {
  const project = /^\/project(?:-dashboard)?\/([^/]+)/.exec(pathname);
  if (project) return `/project/${project[1]}?tab=tasks&create=task`;
  const tab = new URLSearchParams(search).get('tab');
  if (pathname === '/' && tab === 'clients') return '/?tab=clients&create=client';
  return '/?create=project';
}

export function tabPath(tab: GoTab): string {
  return tab === 'projects' ? '/' : `/?tab=${tab}`;
}

import { describe, expect, it } from 'vitest';
import { createPath, readShortcut, tabPath } from './shortcut-keys';

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});
const free = { typing: false, dialogOpen: false, afterG: false };

describe('readShortcut', () => {
  it('opens the palette on Ctrl+K and Cmd+K, even from a field', () => {
    expect(readShortcut(press('k', { ctrlKey: true }), free)).toEqual({ type: 'palette' });
    expect(readShortcut(press('K', { metaKey: true }), { ...free, typing: true })).toEqual({ type: 'palette' });
  });

  it('reads / ? c and g then p c m t', () => {
    expect(readShortcut(press('/'), free)).toEqual({ type: 'search' });
    expect(readShortcut(press('?', { shiftKey: true }), free)).toEqual({ type: 'sheet' });
    expect(readShortcut(press('c'), free)).toEqual({ type: 'create' });
    expect(readShortcut(press('g'), free)).toBe('g');
    expect(readShortcut(press('p'), { ...free, afterG: true })).toEqual({ type: 'go', tab: 'projects' });
    expect(readShortcut(press('c'), { ...free, afterG: true })).toEqual({ type: 'go', tab: 'clients' });
    expect(readShortcut(press('m'), { ...free, afterG: true })).toEqual({ type: 'go', tab: 'my-work' });
    expect(readShortcut(press('t'), { ...free, afterG: true })).toEqual({ type: 'go', tab: 'team' });
    expect(readShortcut(press('p'), free)).toBeNull();
  });

  it('never fires while typing in a field, with a dialog open, or with another modifier', () => {
    for (const key of ['/', '?', 'c', 'g']) expect(readShortcut(press(key), { ...free, typing: true })).toBeNull();
    expect(readShortcut(press('k', { ctrlKey: true }), { ...free, dialogOpen: true })).toBeNull();
    expect(readShortcut(press('/'), { ...free, dialogOpen: true })).toBeNull();
    expect(readShortcut(press('c', { ctrlKey: true }), free)).toBeNull();
    expect(readShortcut(press('C', { shiftKey: true }), free)).toBeNull();
  });
});

describe('createPath and tabPath', () => {
  it('creates a task on a project, a client on Clients, else a project', () => {
    expect(createPath('/project/abc/tasks/t1', '')).toBe('/project/abc?tab=tasks&create=task');
    expect(createPath('/', '?tab=clients')).toBe('/?tab=clients&create=client');
    expect(createPath('/', '?tab=team')).toBe('/?create=project');
    expect(tabPath('projects')).toBe('/');
    expect(tabPath('my-work')).toBe('/?tab=my-work');
  });
});

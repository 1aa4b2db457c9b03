import { describe, expect, it } from 'vitest';
import { parseProjectTab } from './project-tabs';

describe('parseProjectTab', () => {
  it('reads each tab from ?tab=', () => {
    expect(['info', 'tasks', 'files', 'notes'].map(parseProjectTab)).toEqual(['info', 'tasks', 'files', 'notes']);
  });

  it('falls back to Project Info when absent or unknown', () => {
    expect(parseProjectTab(null)).toBe('info');
    expect(parseProjectTab('')).toBe('info');
    expect(parseProjectTab('Notes')).toBe('info');
    expect(parseProjectTab('settings')).toBe('info');
  });
});

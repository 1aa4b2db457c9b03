import { describe, expect, it } from 'vitest';
import { parseDashboardTab } from './dashboard-tabs';

describe('parseDashboardTab', () => {
  it('defaults to Projects and keeps known tabs', () => {
    expect(parseDashboardTab(null)).toBe('projects');
    expect(parseDashboardTab('')).toBe('projects');
    expect(parseDashboardTab('settings')).toBe('settings');
  });

  it('returns null for a name that is no tab', () => {
    expect(parseDashboardTab('admin')).toBeNull();
    expect(parseDashboardTab('Settings')).toBeNull();
  });
});

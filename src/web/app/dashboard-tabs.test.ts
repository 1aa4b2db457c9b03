import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES } from '@/domain/activity';
import { parseDashboardTab, TAB_UNAVAILABLE_TEXTS } from './dashboard-tabs';

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

describe('TAB_UNAVAILABLE_TEXTS', () => {
  it("says spec 2's activity-log refusal on the Activities tab, and names other tabs", () => {
    expect(TAB_UNAVAILABLE_TEXTS.forbidden('activities')).toBe(ACTIVITY_MESSAGES.forbidden);
    expect(TAB_UNAVAILABLE_TEXTS.forbidden('clients')).toBe("You don't have permission to view Clients.");
  });
});

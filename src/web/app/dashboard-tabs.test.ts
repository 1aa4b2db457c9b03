import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES } from '@/domain/activity';
import { parseDashboardTab } from './dashboard-tabs';
import { en } from '@/web/test/texts';
import { APP_TEXTS } from './texts';

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

describe('APP_TEXTS.tabUnavailable', () => {
  it("says spec 2's activity-log refusal on the Activities tab, and names other tabs", () => {
    expect(en(APP_TEXTS.tabUnavailable.forbiddenActivities)).toBe(ACTIVITY_MESSAGES.forbidden.message);
    expect(en(APP_TEXTS.tabUnavailable.forbidden, { tab: 'Clients' })).toBe("You don't have permission to view Clients.");
  });
});

import { describe, expect, it } from 'vitest';
import { canDeleteProject, canManageProjects, canUseTab, tabsForRole, tabTitle } from './roles';

describe('roles', () => {
  it('gives developers only the Projects and Settings tabs', () => {
    expect(tabsForRole('developer')).toEqual(['projects', 'my-work', 'timesheet', 'settings']);
    expect(canUseTab('developer', 'clients')).toBe(false);
  });

  it('gives staff every tab', () => {
    for (const role of ['organization_admin', 'admin', 'account_executive'] as const) {
      expect(tabsForRole(role)).toEqual(['projects', 'my-work', 'timesheet', 'clients', 'team', 'reports', 'activities', 'settings']);
      expect(canManageProjects(role)).toBe(true);
    }
  });

  it('lets only admins delete projects', () => {
    expect(canDeleteProject('organization_admin')).toBe(true);
    expect(canDeleteProject('admin')).toBe(true);
    expect(canDeleteProject('account_executive')).toBe(false);
    expect(canDeleteProject('developer')).toBe(false);
  });

  it('capitalises the tab name for the page title', () => {
    expect(tabTitle('activities').message).toBe('Activities');
    expect(tabTitle('my-work').message).toBe('My Work');
  });
});

// Spec 6: roles and what each may do. ARCHITECTURE decision 2 settles the capability mapping.
import type { Text } from './locales';

export const ROLES = ['organization_admin', 'admin', 'account_executive', 'developer'] as const;
export type Role = (typeof ROLES)[number];

/** A role's name as the spec writes it, in the reader's language (issue 48); the stored role is data. */
export const ROLE_LABELS: Record<Role, Text> = {
  organization_admin: /*i18n*/ { id: 'domain.roles.organizationAdmin', message: 'Organization Admin' },
  admin: /*i18n*/ { id: 'domain.roles.admin', message: 'Admin' },
  account_executive: /*i18n*/ { id: 'domain.roles.accountExecutive', message: 'Account Executive' },
  developer: /*i18n*/ { id: 'domain.roles.developer', message: 'Developer' },
};

/**
 * Decision 006: the rank that orders team changes. A member manages only members of a strictly
 * lower rank, and sets only roles below their own.
 */
export const ROLE_RANK: Record<Role, number> = {
  organization_admin: 3,
  admin: 2,
  account_executive: 1,
  developer: 0,
};

/** Whether `caller` ranks strictly above `target`. */
export function outranks(caller: Role, target: Role): boolean {
  return ROLE_RANK[caller] > ROLE_RANK[target];
}

/** Admin rights: organization_admin and admin. */
export function isAdmin(role: Role): boolean {
  return role === 'organization_admin' || role === 'admin';
}

/** Managing projects: organization_admin, admin and account_executive. */
export function canManageProjects(role: Role): boolean {
  return role !== 'developer';
}

/** Managing (and inviting) users: organization_admin, admin and account_executive. */
export function canManageUsers(role: Role): boolean {
  return role !== 'developer';
}

/** Deleting a project: admin or organization_admin only. */
export function canDeleteProject(role: Role): boolean {
  return isAdmin(role);
}

/** Renaming the organization in Settings: its admins. */
export function canRenameOrganization(role: Role): boolean {
  return isAdmin(role);
}

/** 'my-work' (issue 16, beyond the spec): everyone's own open tasks. 'timesheet' (issue 32): everyone's own week of time. */
export const DASHBOARD_TABS = ['projects', 'my-work', 'timesheet', 'clients', 'team', 'reports', 'activities', 'settings'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

/** Spec 2 "Dashboard shell": which side tabs a role may use. */
export function canUseTab(role: Role, tab: DashboardTab): boolean {
  switch (tab) {
    case 'projects':
    case 'my-work':
    case 'timesheet':
    case 'settings':
      return true;
    case 'clients':
    case 'team':
    case 'reports':
      return canManageProjects(role);
    case 'activities':
      return canManageUsers(role);
  }
}

export function tabsForRole(role: Role): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => canUseTab(role, tab));
}

/** Each tab's name, the page's title: the capitalised tab name (spec 2), in the reader's language (issue 48). */
export const DASHBOARD_TAB_TITLES: Record<DashboardTab, Text> = {
  projects: /*i18n*/ { id: 'domain.roles.tab.projects', message: 'Projects' },
  'my-work': /*i18n*/ { id: 'domain.roles.tab.myWork', message: 'My Work' },
  timesheet: /*i18n*/ { id: 'domain.roles.tab.timesheet', message: 'Timesheet' },
  clients: /*i18n*/ { id: 'domain.roles.tab.clients', message: 'Clients' },
  team: /*i18n*/ { id: 'domain.roles.tab.team', message: 'Team' },
  reports: /*i18n*/ { id: 'domain.roles.tab.reports', message: 'Reports' },
  activities: /*i18n*/ { id: 'domain.roles.tab.activities', message: 'Activities' },
  settings: /*i18n*/ { id: 'domain.roles.tab.settings', message: 'Settings' },
};

/** Page title is the capitalised tab name: `t(tabTitle(tab))`. */
export function tabTitle(tab: DashboardTab): Text {
  return DASHBOARD_TAB_TITLES[tab];
}

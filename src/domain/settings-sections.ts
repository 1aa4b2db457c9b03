// Issue 49 item 5: Settings in sections, each its own address, `/?tab=settings&section=security`.
// A query parameter as the dashboard's other tabs and the project page's tabs have theirs (spec 2's
// routes keep `/?tab=settings`, which opens Account): no new route, and the links the server
// writes into emails (passkey added, digest, webhook turned off) lead straight to their card.
import type { Text } from './locales';
import { canRenameOrganization, isAdmin, type Role } from './roles';

export const SETTINGS_SECTIONS = ['account', 'security', 'notifications', 'developers', 'organization'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const SETTINGS_SECTION_LABELS: Record<SettingsSection, Text> = {
  account: /*i18n*/ { id: 'domain.settingsSections.account', message: 'Account' },
  security: /*i18n*/ { id: 'domain.settingsSections.security', message: 'Security' },
  notifications: /*i18n*/ { id: 'domain.settingsSections.notifications', message: 'Notifications & calendar' },
  developers: /*i18n*/ { id: 'domain.settingsSections.developers', message: 'Developers' },
  organization: /*i18n*/ { id: 'domain.settingsSections.organization', message: 'Organization' },
};

/**
 * A section is listed to whom it has a card for: the Organization section's cards (its name, its
 * currency, its two-factor requirement and single sign-on) are its admins' alone; everyone has
 * their own account, security, notifications and API tokens.
 */
export function canSeeSettingsSection(role: Role, section: SettingsSection): boolean {
  if (section === 'organization') return canRenameOrganization(role) || isAdmin(role);
  return true;
}

export function settingsSectionsForRole(role: Role): SettingsSection[] {
  return SETTINGS_SECTIONS.filter((section) => canSeeSettingsSection(role, section));
}

/** The section `?section=` names, when it is one the role may see; null otherwise. */
export function parseSettingsSection(value: string | null, role: Role): SettingsSection | null {
  const section = SETTINGS_SECTIONS.find((name) => name === value);
  return section && canSeeSettingsSection(role, section) ? section : null;
}

/** A section's address, a path with its query (the server prefixes its public URL for emails). */
export function settingsSectionPath(section: SettingsSection): string {
  return `/?tab=settings&section=${section}`;
}

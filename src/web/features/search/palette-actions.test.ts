// @vitest-environment jsdom
// Issue 49 item 5: the palette has a command per section of Settings the role has, "Settings:
// Security", found by its words and by what the section holds, leading to the section's address.
import { describe, expect, it } from 'vitest';
import type { Role } from '@/domain/roles';
import { SETTINGS_SECTION_LABELS, type SettingsSection } from '@/domain/settings-sections';
import { en } from '@/web/test/texts';
import { matchActions, paletteActions } from './palette-actions';
import { SEARCH_TEXTS } from './texts';

const actionsOf = (role: Role) => paletteActions(role, '/', en);
const settingsCommands = (role: Role) => actionsOf(role).filter((action) => action.id.startsWith('settings-'));
const command = (section: SettingsSection) => ({
  id: `settings-${section}`,
  label: en(SEARCH_TEXTS.settingsSection, { tab: 'Settings', section: en(SETTINGS_SECTION_LABELS[section]) }),
  path: `/?tab=settings&section=${section}`,
  whenTyped: true,
});

describe('The Settings commands', () => {
  it.each(['developer', 'account_executive'] as const)('a %s has one per section but Organization', (role) => {
    expect(settingsCommands(role)).toMatchObject(['account', 'security', 'notifications', 'developers'].map((s) => command(s as SettingsSection)));
  });

  it.each(['organization_admin', 'admin'] as const)('an %s has Organization too', (role) => {
    expect(settingsCommands(role)).toMatchObject(['account', 'security', 'notifications', 'developers', 'organization'].map((s) => command(s as SettingsSection)));
    expect(command('security').label).toBe('Settings: Security');
  });

  it('are found by their names and by what their section holds', () => {
    const found = (role: Role, query: string) => matchActions(actionsOf(role), query).map((action) => action.label);
    expect(found('developer', 'settings security')).toEqual(['Settings: Security']);
    expect(found('developer', 'passkeys')).toEqual(['Settings: Security']);
    expect(found('developer', 'language')).toEqual(['Settings: Account']);
    expect(found('developer', 'time zone')).toEqual(['Settings: Notifications & calendar']);
    expect(found('developer', 'webhooks')).toEqual(['Settings: Developers']);
    expect(found('developer', 'currency')).toEqual([]);
    expect(found('organization_admin', 'currency')).toEqual(['Settings: Organization']);
    expect(found('admin', 'settings')).toEqual(['Go to Settings', ...['account', 'security', 'notifications', 'developers', 'organization'].map((s) => command(s as SettingsSection).label)]);
  });
});

import { describe, expect, it } from 'vitest';
import { outranks, ROLES, type Role } from './roles';
import {
  assignableRoles,
  canSeeMember,
  checkMemberChange,
  checkRoleChange,
  MEMBER_ACTIONS,
  createTeamMemberSchema,
  listTeamQuerySchema,
  memberInitials,
  mergeTagSuggestions,
  normalizeTags,
  settableRoles,
  SUGGESTED_SKILL_TAGS,
  TEAM_MESSAGES,
  updateTeamMemberSchema,
  visibleMemberRoles,
} from './team';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('team member roles (spec 6)', () => {
  it('lets admins add admins, account executives and developers, and account executives only the last two', () => {
    expect(assignableRoles('organization_admin')).toEqual(['admin', 'account_executive', 'developer']);
    expect(assignableRoles('admin')).toEqual(['admin', 'account_executive', 'developer']);
    expect(assignableRoles('account_executive')).toEqual(['account_executive', 'developer']);
    expect(assignableRoles('developer')).toEqual([]);
    for (const role of ROLES) expect(assignableRoles(role)).not.toContain('organization_admin');
  });

  it('shows account executives only developers and account executives; admins see everyone; developers no one', () => {
    expect(visibleMemberRoles('organization_admin')).toEqual([...ROLES]);
    expect(visibleMemberRoles('admin')).toEqual([...ROLES]);
    expect(visibleMemberRoles('account_executive')).toEqual(['account_executive', 'developer']);
    expect(visibleMemberRoles('developer')).toEqual([]);
    expect(canSeeMember('account_executive', 'admin')).toBe(false);
    expect(canSeeMember('account_executive', 'organization_admin')).toBe(false);
    expect(canSeeMember('account_executive', 'developer')).toBe(true);
    expect(canSeeMember('admin', 'organization_admin')).toBe(true);
  });

  it('never removes an organization admin, nor the caller themself', () => {
    const me = { profileId: 'me', role: 'organization_admin' as const };
    expect(checkMemberChange(me, { id: 'x', role: 'organization_admin' }, 'remove')).toEqual({ ok: false, reason: 'organization_admin' });
    expect(checkMemberChange(me, { id: 'me', role: 'organization_admin' }, 'remove')).toEqual({ ok: false, reason: 'organization_admin' });
    expect(checkMemberChange({ profileId: 'me', role: 'admin' }, { id: 'me', role: 'admin' }, 'remove')).toEqual({ ok: false, reason: 'self' });
    expect(checkMemberChange(me, { id: 'x', role: 'developer' }, 'remove')).toEqual({ ok: true });
  });
});

describe('rank on team changes (decision 006)', () => {
  const O = 'organization_admin';
  const A = 'admin';
  const E = 'account_executive';
  const D = 'developer';
  // caller → the target roles they may edit, set the password of, change the role of and remove.
  // The same for every action: strictly lower rank only.
  const manageable: Record<Role, Role[]> = { [O]: [A, E, D], [A]: [E, D], [E]: [D], [D]: [] };
  const table = ROLES.flatMap((caller) =>
    ROLES.flatMap((target) => MEMBER_ACTIONS.map((action) => [caller, target, action, manageable[caller].includes(target)] as const)),
  );

  it('covers every caller × target × action', () => {
    expect(table).toHaveLength(4 * 4 * 4);
  });

  it.each(table)('%s → another %s, %s: %s', (caller, target, action, allowed) => {
    const result = checkMemberChange({ profileId: 'caller', role: caller }, { id: 'target', role: target }, action);
    expect(result.ok).toBe(allowed);
    expect(outranks(caller, target)).toBe(ROLES.indexOf(caller) < ROLES.indexOf(target));
  });

  it.each([
    ['edit', { ok: true }],
    ['set_password', { ok: false, reason: 'own_password' }],
    ['change_role', { ok: false, reason: 'own_role' }],
  ] as const)('yourself, %s → %o (every manager role)', (action, expected) => {
    for (const role of [O, A, E] as const) {
      expect(checkMemberChange({ profileId: 'me', role }, { id: 'me', role }, action)).toEqual(expected);
    }
  });

  it('refuses developers everything, themselves included', () => {
    for (const action of MEMBER_ACTIONS) {
      expect(checkMemberChange({ profileId: 'me', role: D }, { id: 'me', role: D }, action).ok).toBe(false);
    }
  });

  it('names the reason: an organization admin target, or a rank too high', () => {
    expect(checkMemberChange({ profileId: 'c', role: A }, { id: 't', role: O }, 'edit')).toEqual({ ok: false, reason: 'organization_admin' });
    expect(checkMemberChange({ profileId: 'c', role: A }, { id: 't', role: A }, 'set_password')).toEqual({ ok: false, reason: 'outranked' });
    expect(checkMemberChange({ profileId: 'c', role: E }, { id: 't', role: E }, 'remove')).toEqual({ ok: false, reason: 'outranked' });
  });

  it('sets only roles below the caller’s own', () => {
    expect(settableRoles(O)).toEqual([A, E, D]);
    expect(settableRoles(A)).toEqual([E, D]);
    expect(settableRoles(E)).toEqual([D]);
    expect(settableRoles(D)).toEqual([]);
  });

  const roleChanges = ROLES.flatMap((caller) =>
    ROLES.flatMap((target) =>
      ROLES.map((role) => [caller, target, role, manageable[caller].includes(target) && manageable[caller].includes(role)] as const),
    ),
  );
  it.each(roleChanges)('%s changes another %s to %s: %s', (caller, target, role, allowed) => {
    expect(checkRoleChange({ profileId: 'c', role: caller }, { id: 't', role: target }, role).ok).toBe(allowed);
  });

  it('says role_not_allowed for a role at or above the caller’s', () => {
    expect(checkRoleChange({ profileId: 'c', role: A }, { id: 't', role: D }, A)).toEqual({ ok: false, reason: 'role_not_allowed' });
    expect(checkRoleChange({ profileId: 'c', role: O }, { id: 't', role: D }, O)).toEqual({ ok: false, reason: 'role_not_allowed' });
  });
});

describe('skill tags (spec 3)', () => {
  it('trims, collapses spaces, drops empties and duplicates ignoring case, keeping the first spelling', () => {
    expect(normalizeTags(['  Vue  ', 'vue', '', '   ', 'Next   JS', 'next js'])).toEqual(['Vue', 'Next JS']);
  });

  it('gives a suggested tag its suggested spelling', () => {
    expect(normalizeTags(['react', 'TYPESCRIPT', 'ui/ux'])).toEqual(['React', 'TypeScript', 'UI/UX']);
  });

  it('offers the suggestions in spec order, then the organization’s own tags alphabetically, once each', () => {
    const merged = mergeTagSuggestions(['Webflow', 'react', 'Astro']);
    expect(merged.slice(0, SUGGESTED_SKILL_TAGS.length)).toEqual([...SUGGESTED_SKILL_TAGS]);
    expect(merged.slice(SUGGESTED_SKILL_TAGS.length)).toEqual(['Astro', 'Webflow']);
  });

  it('bounds the number and length of tags', () => {
    const many = Array.from({ length: 21 }, (_, i) => `tag${i}`);
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: 'A', tags: many }))).toBe(TEAM_MESSAGES.tooManyTags.id);
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: 'A', tags: ['x'.repeat(41)] }))).toBe(TEAM_MESSAGES.tagTooLong.id);
    // Duplicates do not count against the limit.
    expect(createTeamMemberSchema.safeParse({ fullName: 'A', tags: [...Array(20).fill('React'), 'Figma'] }).success).toBe(true);
  });

  it('reads one or several tag filters from the query string', () => {
    expect(listTeamQuerySchema.parse({ tag: 'react' }).tag).toEqual(['React']);
    expect(listTeamQuerySchema.parse({ tag: ['Figma', ' figma ', 'Vue'] }).tag).toEqual(['Figma', 'Vue']);
    expect(listTeamQuerySchema.parse({}).tag).toEqual([]);
  });
});

describe('team member form (spec 5)', () => {
  it('needs a non-blank full name, on add and on edit', () => {
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: '   ' }))).toBe(TEAM_MESSAGES.fullNameRequired.id);
    expect(messageOf(updateTeamMemberSchema.safeParse({ fullName: '' }))).toBe(TEAM_MESSAGES.fullNameRequired.id);
  });

  it('makes a developer by default, with empty optional values as null and the email lowercased', () => {
    expect(createTeamMemberSchema.parse({ fullName: ' Dana Dev ', email: ' Dana@Example.COM ', website: '', password: '' })).toEqual({
      fullName: 'Dana Dev',
      email: 'dana@example.com',
      role: 'developer',
      website: null,
      tags: [],
      password: undefined,
    });
    expect(createTeamMemberSchema.parse({ fullName: 'No Mail', email: '' }).email).toBeNull();
  });

  it('refuses an invalid email or website', () => {
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: 'A', email: 'nope' }))).toBe(TEAM_MESSAGES.emailInvalid.id);
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: 'A', website: 'not a site' }))).toBe(TEAM_MESSAGES.websiteInvalid.id);
  });

  it('takes a password only with 6 or more characters (empty means none)', () => {
    expect(messageOf(updateTeamMemberSchema.safeParse({ fullName: 'A', password: '12345' }))).toBe(TEAM_MESSAGES.passwordTooShort.id);
    expect(updateTeamMemberSchema.parse({ fullName: 'A', password: '123456' }).password).toBe('123456');
    expect(updateTeamMemberSchema.parse({ fullName: 'A', password: '' }).password).toBeUndefined();
  });

  it('makes avatar initials from the first and last names', () => {
    expect(memberInitials('Leo Martins')).toBe('LM');
    expect(memberInitials('  ada  ')).toBe('A');
    expect(memberInitials('Mary Ann de Vries')).toBe('MV');
  });
});

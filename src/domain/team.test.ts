import { describe, expect, it } from 'vitest';
import { ROLES } from './roles';
import {
  assignableRoles,
  canSeeMember,
  checkMemberRemoval,
  createTeamMemberSchema,
  listTeamQuerySchema,
  memberInitials,
  mergeTagSuggestions,
  normalizeTags,
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
    expect(checkMemberRemoval('me', { id: 'x', role: 'organization_admin' })).toEqual({ ok: false, reason: 'organization_admin' });
    expect(checkMemberRemoval('me', { id: 'me', role: 'admin' })).toEqual({ ok: false, reason: 'self' });
    expect(checkMemberRemoval('me', { id: 'x', role: 'developer' })).toEqual({ ok: true });
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
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: 'A', tags: many }))).toBe(TEAM_MESSAGES.tooManyTags);
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: 'A', tags: ['x'.repeat(41)] }))).toBe(TEAM_MESSAGES.tagTooLong);
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
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: '   ' }))).toBe(TEAM_MESSAGES.fullNameRequired);
    expect(messageOf(updateTeamMemberSchema.safeParse({ fullName: '' }))).toBe(TEAM_MESSAGES.fullNameRequired);
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
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: 'A', email: 'nope' }))).toBe(TEAM_MESSAGES.emailInvalid);
    expect(messageOf(createTeamMemberSchema.safeParse({ fullName: 'A', website: 'not a site' }))).toBe(TEAM_MESSAGES.websiteInvalid);
  });

  it('takes a password only with 6 or more characters (empty means none)', () => {
    expect(messageOf(updateTeamMemberSchema.safeParse({ fullName: 'A', password: '12345' }))).toBe(TEAM_MESSAGES.passwordTooShort);
    expect(updateTeamMemberSchema.parse({ fullName: 'A', password: '123456' }).password).toBe('123456');
    expect(updateTeamMemberSchema.parse({ fullName: 'A', password: '' }).password).toBeUndefined();
  });

  it('makes avatar initials from the first and last names', () => {
    expect(memberInitials('Leo Martins')).toBe('LM');
    expect(memberInitials('  ada  ')).toBe('A');
    expect(memberInitials('Mary Ann de Vries')).toBe('MV');
  });
});

// Team tab (spec 2 "Team tab", 3 profile and suggested skill tags, 5 "Team member", 6, 8).
import { z } from 'zod';
import { isWebsite } from './clients';
import { PROJECT_STATUSES } from './project-status';
import { canManageUsers, isAdmin, outranks, ROLES, type Role } from './roles';
import { projectListPageSchema, projectListQuerySchema } from './project-lists';
import { optionalText, text } from './text-fields';
import { normalizeTags } from './team-rules';
// Named here too for the server and other features; pages may read them from team-rules.ts (decision 013).
export { mergeTagSuggestions, normalizeTags, SUGGESTED_SKILL_TAGS } from './team-rules';

export const TEAM_MESSAGES = {
  title: /*i18n*/ { id: 'domain.team.title', message: 'Team Management' },
  subtitle: /*i18n*/ { id: 'domain.team.subtitle', message: 'Manage your team members and their skills' },
  addMember: /*i18n*/ { id: 'domain.team.addMember', message: 'Add Team Member' },
  editMember: /*i18n*/ { id: 'domain.team.editMember', message: 'Edit Team Member' },
  created: /*i18n*/ { id: 'domain.team.created', message: 'Team member created successfully' },
  updated: /*i18n*/ { id: 'domain.team.updated', message: 'Team member updated successfully' },
  removed: /*i18n*/ { id: 'domain.team.removed', message: 'Team member removed successfully' },
  removeFailed: /*i18n*/ { id: 'domain.team.removeFailed', message: 'Failed to remove team member' },
  updateFailed: /*i18n*/ { id: 'domain.team.updateFailed', message: 'Update failed' },
  confirmRemove: /*i18n*/ { id: 'domain.team.confirmRemove', message: 'Are you sure you want to remove this team member?' },
  cannotDeleteTitle: /*i18n*/ { id: 'domain.team.cannotDeleteTitle', message: 'Cannot Delete' },
  cannotDelete: /*i18n*/ { id: 'domain.team.cannotDelete', message: 'Organization admins cannot be deleted' },
  cannotRemoveSelf: /*i18n*/ { id: 'domain.team.cannotRemoveSelf', message: 'You cannot remove yourself from the team' },
  cannotChangeOwnRole: /*i18n*/ { id: 'domain.team.cannotChangeOwnRole', message: 'You cannot change your own role' },
  cannotChangeOrgAdminRole: /*i18n*/ { id: 'domain.team.cannotChangeOrgAdminRole', message: 'An organization admin\'s role cannot be changed' },
  orgAdminOnly: /*i18n*/ { id: 'domain.team.orgAdminOnly', message: 'Only organization admins can edit an organization admin' },
  ownPasswordInSettings: /*i18n*/ { id: 'domain.team.ownPasswordInSettings', message: 'Change your own password in Settings' },
  roleNotAllowed: /*i18n*/ { id: 'domain.team.roleNotAllowed', message: 'You cannot give a team member this role' },
  outranked: /*i18n*/ { id: 'domain.team.outranked', message: 'You can only change team members whose role is below yours' },
  passwordNeedsEmail: /*i18n*/ { id: 'domain.team.passwordNeedsEmail', message: 'Add an email so this member can sign in with a password' },
  emailRequiredForLogin: /*i18n*/ { id: 'domain.team.emailRequiredForLogin', message: 'This member can sign in, so their email cannot be removed' },
  emailTaken: /*i18n*/ { id: 'domain.team.emailTaken', message: 'An account with this email already exists.' },
  fullNameRequired: /*i18n*/ { id: 'domain.team.fullNameRequired', message: 'Full name is required' },
  fullNameTooLong: /*i18n*/ { id: 'domain.team.fullNameTooLong', message: 'Full name must be at most 200 characters' },
  tagsNotList: /*i18n*/ { id: 'domain.team.tagsNotList', message: 'Tags must be a list' },
  passwordTooLong: /*i18n*/ { id: 'domain.team.passwordTooLong', message: 'Password must be at most 256 characters long' },
  roleInvalid: /*i18n*/ { id: 'domain.team.roleInvalid', message: 'Choose a valid role' },
  emailInvalid: /*i18n*/ { id: 'domain.team.emailInvalid', message: 'Please enter a valid email address' },
  websiteInvalid: /*i18n*/ { id: 'domain.team.websiteInvalid', message: 'Website must be a valid URL' },
  passwordTooShort: /*i18n*/ { id: 'domain.team.passwordTooShort', message: 'Minimum 6 characters' },
  tagTooLong: /*i18n*/ { id: 'domain.team.tagTooLong', message: 'A skill tag has at most 40 characters' },
  tooManyTags: /*i18n*/ { id: 'domain.team.tooManyTags', message: 'A member has at most 20 skill tags' },
  notFound: /*i18n*/ { id: 'domain.team.notFound', message: 'Team member not found' },
  noSkills: /*i18n*/ { id: 'domain.team.noSkills', message: 'No skills added yet.' },
  noMembers: /*i18n*/ { id: 'domain.team.noMembers', message: 'No team members yet.' },
  noMatches: /*i18n*/ { id: 'domain.team.noMatches', message: 'No team members match these filters.' },
  clearFilters: /*i18n*/ { id: 'domain.team.clearFilters', message: 'Clear all filters' },
  noProjects: /*i18n*/ { id: 'domain.team.noProjects', message: 'No projects assigned yet.' },
  recentActivity: /*i18n*/ { id: 'domain.team.recentActivity', message: 'Recent activity for this member will appear here.' },
} as const;

export const MAX_TAG_LENGTH = 40;
export const MAX_TAGS = 20;
export const MIN_MEMBER_PASSWORD_LENGTH = 6;
/** Spec 8 default: a new member is a developer. */
export const DEFAULT_MEMBER_ROLE: Role = 'developer';

/**
 * Spec 6 "Add team member roles": admins add admins, account executives and developers; an
 * account executive who is not an admin adds account executives and developers. Nobody adds an
 * organization_admin here (sign-up makes the only one).
 */
export function assignableRoles(callerRole: Role): Role[] {
  if (isAdmin(callerRole)) return ['admin', 'account_executive', 'developer'];
  if (callerRole === 'account_executive') return ['account_executive', 'developer'];
  return [];
}

/** Spec 6 "Visible team members": account executives who are not admins see developers and account executives. */
export function visibleMemberRoles(callerRole: Role): Role[] {
  if (isAdmin(callerRole)) return [...ROLES];
  if (callerRole === 'account_executive') return ['account_executive', 'developer'];
  return [];
}

export function canSeeMember(callerRole: Role, memberRole: Role): boolean {
  return visibleMemberRoles(callerRole).includes(memberRole);
}

/** What a member may do to another member on the Team tab (decision 006). */
export const MEMBER_ACTIONS = ['edit', 'set_password', 'change_role', 'remove'] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];

export type MemberChangeCheck =
  | { ok: true }
  | { ok: false; reason: 'organization_admin' | 'outranked' | 'own_role' | 'own_password' | 'self' };

/**
 * Decision 006: a member edits, sets the password of, changes the role of or removes only
 * members of a strictly lower rank (organization_admin > admin > account_executive > developer).
 * Yourself: you edit your own profile, but your role stays, your password changes in Settings
 * (decision 7) and you cannot remove yourself. Spec 5: an organization admin is never removed.
 */
export function checkMemberChange(
  caller: { profileId: string; role: Role },
  member: { id: string; role: Role },
  action: MemberAction,
): MemberChangeCheck {
  if (!canManageUsers(caller.role)) return { ok: false, reason: 'outranked' };
  if (action === 'remove' && member.role === 'organization_admin') return { ok: false, reason: 'organization_admin' };
  if (member.id === caller.profileId) {
    if (action === 'edit') return { ok: true };
    if (action === 'change_role') return { ok: false, reason: 'own_role' };
    if (action === 'set_password') return { ok: false, reason: 'own_password' };
    return { ok: false, reason: 'self' };
  }
  if (outranks(caller.role, member.role)) return { ok: true };
  return { ok: false, reason: member.role === 'organization_admin' ? 'organization_admin' : 'outranked' };
}

/** Decision 006: the roles a caller may give an existing member: those below their own rank. */
export function settableRoles(callerRole: Role): Role[] {
  if (!canManageUsers(callerRole)) return [];
  return ROLES.filter((role) => outranks(callerRole, role));
}

/** Changing `member` to `role`: both the member and the new role must rank below the caller. */
export function checkRoleChange(
  caller: { profileId: string; role: Role },
  member: { id: string; role: Role },
  role: Role,
): MemberChangeCheck | { ok: false; reason: 'role_not_allowed' } {
  const check = checkMemberChange(caller, member, 'change_role');
  if (!check.ok) return check;
  return settableRoles(caller.role).includes(role) ? check : { ok: false, reason: 'role_not_allowed' };
}

/** Initials for the avatar: first letters of the first and last words. */
export function memberInitials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

const fullName = text({ message: TEAM_MESSAGES.fullNameRequired.id })
  .trim()
  .min(1, TEAM_MESSAGES.fullNameRequired.id)
  .max(200, TEAM_MESSAGES.fullNameTooLong.id);
const email = optionalText(320)
  .transform((v) => (v === null ? null : v.toLowerCase()))
  .refine((v) => v === null || z.email().safeParse(v).success, { message: TEAM_MESSAGES.emailInvalid.id });
const website = optionalText(2048).refine((v) => v === null || isWebsite(v), { message: TEAM_MESSAGES.websiteInvalid.id });
const tags = z
  .array(text().max(MAX_TAG_LENGTH * 2, TEAM_MESSAGES.tagTooLong.id), { message: TEAM_MESSAGES.tagsNotList.id })
  .max(MAX_TAGS * 2, TEAM_MESSAGES.tooManyTags.id)
  .optional()
  .default([])
  .transform(normalizeTags)
  .refine((v) => v.every((t) => t.length <= MAX_TAG_LENGTH), { message: TEAM_MESSAGES.tagTooLong.id })
  .refine((v) => v.length <= MAX_TAGS, { message: TEAM_MESSAGES.tooManyTags.id });
/** Spec 5: optional; when given it must have 6 or more characters. Empty means "not given". */
const password = text()
  .max(256, TEAM_MESSAGES.passwordTooLong.id)
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || v.length >= MIN_MEMBER_PASSWORD_LENGTH, { message: TEAM_MESSAGES.passwordTooShort.id });
const role = z.enum(ROLES, { message: TEAM_MESSAGES.roleInvalid.id });

export const createTeamMemberSchema = z.object({
  fullName,
  email,
  role: role.optional().default(DEFAULT_MEMBER_ROLE),
  website,
  tags,
  password,
});

/** 'Edit Team Member': the whole profile; role may be left out to keep it. */
export const updateTeamMemberSchema = z.object({
  fullName,
  email,
  role: role.optional(),
  website,
  tags,
  password,
});

export type CreateTeamMemberInput = z.input<typeof createTeamMemberSchema>;
export type UpdateTeamMemberInput = z.input<typeof updateTeamMemberSchema>;

export const teamMemberSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  website: z.string().nullable(),
  tags: z.array(z.string()),
  /** Whether the member has a login (members without an email have none, decision 6). */
  canSignIn: z.boolean(),
  createdAt: z.string(),
  /** Issue 32: the default hourly rate in minor units (the Team tab is staff's; webhooks never carry it). */
  hourlyRateMinor: z.number().int().nullable().optional(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const assignedProjectSchema = z.object({ id: z.string(), name: z.string(), status: z.enum(PROJECT_STATUSES) });
export type AssignedProject = z.infer<typeof assignedProjectSchema>;
/**
 * Spec 6: a developer member's assigned projects, by name, a page at a time (issue 36: it stopped
 * at 200); empty for everyone else.
 */
export const memberProjectPageSchema = projectListPageSchema(assignedProjectSchema);
export type MemberProjectPage = z.infer<typeof memberProjectPageSchema>;
/** A page of the member's projects; the cursor holds a project name of up to 200 characters. */
export const memberProjectsQuerySchema = projectListQuerySchema.extend({ cursor: text().max(1200).optional() });

export const TEAM_PAGE_SIZE = 48;
export const listTeamQuerySchema = z.object({
  search: text().trim().max(200).optional().default(''),
  /** Repeat `tag` to filter by several: a member matches when they have any of them. */
  tag: z
    .union([text().max(MAX_TAG_LENGTH * 2), z.array(text().max(MAX_TAG_LENGTH * 2)).max(MAX_TAGS)])
    .optional()
    .transform((v) => normalizeTags(v === undefined ? [] : Array.isArray(v) ? v : [v])),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(TEAM_PAGE_SIZE),
});
export const teamPageSchema = z.object({
  items: z.array(teamMemberSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
});
/**
 * The skill tags used by members the caller may see, each once, in text order, a page at a time
 * (issue 36: it stopped at 500 distinct tags); the web reads every page and puts the suggested
 * tags first (mergeTagSuggestions).
 */
export const teamTagPageSchema = projectListPageSchema(z.string());
export type TeamTagPage = z.infer<typeof teamTagPageSchema>;

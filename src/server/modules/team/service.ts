// Team members of the caller's organization (spec 2 "Team tab", 5, 6). Every query is scoped by
// the actor's organization and by the roles the actor may see; a member the actor may not see
// answers 404 like one of another organization.
import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { API_TOKEN_TEXTS } from '../../../domain/api-tokens';
import { canManageUsers, type Role } from '../../../domain/roles';
import {
  assignableRoles,
  checkMemberChange,
  checkRoleChange,
  createTeamMemberSchema,
  listTeamQuerySchema,
  type memberProjectsQuerySchema,
  TEAM_MESSAGES,
  updateTeamMemberSchema,
  visibleMemberRoles,
  type MemberAction,
  type MemberChangeCheck,
  type MemberProjectPage,
  type TeamMember,
  type TeamTagPage,
} from '../../../domain/team';
import type { OptionListQuery } from '../../../domain/option-lists';
import { emit } from '../../services/events';
import { createLogin, createMember } from '../../platform/auth/accounts';
import { isUniqueViolation, revokeSessions, setCredentialPassword } from '../../platform/auth/credentials';
import { hashPassword } from '../../platform/auth/password';
import { revokeTokensAboveRole } from '../api-tokens/public';
import { issueSetPasswordLink } from '../../platform/auth/reset-tokens';
import type { Actor } from '../../platform/auth/session';
import {
  afterByName,
  afterNewestFirst,
  containsPattern,
  countAll,
  cursorTimeOf,
  decodeCursor,
  decodeNameCursor,
  decodeTextCursor,
  encodeCursor,
  encodeNameCursor,
  encodeTextCursor,
} from '../../platform/db/cursor';
import type { Executor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/auth';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { projects } from '../projects/public';
import { developerProjectAccess } from '../sharing/public';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { enqueueEmail } from '../../platform/mail/outbox';
import { memberLocale } from '../../services/reader-locale';
import type { Platform } from '../../platform/platform';
import { passwordSetByMemberEmail, teamInvitationEmail, teamMemberAddedEmail } from './emails';

type ProfileRow = typeof profiles.$inferSelect;

/** Developers cannot use the Team tab (spec 6: those who can manage users and projects). */
function assertCanManageTeam(actor: Actor) {
  if (!canManageUsers(actor.role)) throw forbidden('You do not have permission to manage team members.');
}

function toTeamMember(row: ProfileRow): TeamMember {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    website: row.website,
    tags: row.tags,
    canSignIn: row.userId !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the Team tab (staff only) sees of a member: their card and their default rate. */
function toStaffView(row: ProfileRow): TeamMember {
  return { ...toTeamMember(row), hourlyRateMinor: row.hourlyRateMinor };
}

function visibleTo(actor: Actor): SQL {
  return and(eq(profiles.organizationId, actor.organizationId), inArray(profiles.role, visibleMemberRoles(actor.role)))!;
}

function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern));
}

/** Members having any of the tags, ignoring case. */
function tagCondition(tags: string[]): SQL | undefined {
  if (tags.length === 0) return undefined;
  const wanted = tags.map((t) => t.toLowerCase());
  return sql`exists (select 1 from unnest(${profiles.tags}) as member_tag(tag) where lower(member_tag.tag) in ${wanted})`;
}

export async function listTeamMembers({ db }: Platform, actor: Actor, query: z.output<typeof listTeamQuerySchema>) {
  assertCanManageTeam(actor);
  const matching = and(visibleTo(actor), searchCondition(query.search), tagCondition(query.tag));
  // Decision 021: a profile's created_at is the database's now(), to the microsecond, so the
  // cursor carries it to the microsecond; a millisecond one skipped members at a page boundary.
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = and(matching, cursor ? afterNewestFirst(profiles.createdAt, profiles.id, cursor) : undefined);
  const rows = await db
    .select({ profile: profiles, cursorTime: cursorTimeOf(profiles.createdAt) })
    .from(profiles)
    .where(page)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(query.limit + 1);
  const [count] = await db.select({ n: countAll }).from(profiles).where(matching);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit).map((r) => toStaffView(r.profile)),
    nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.profile.id }) : null,
    total: count?.n ?? 0,
  };
}

/**
 * Spec 3: the skill tags used by members the actor can see, each once, in text order, a keyset
 * page at a time (issue 36: it stopped at 500 distinct tags); the suggestions are the web's to
 * put first (mergeTagSuggestions), once it has every page.
 */
export async function listTeamTags({ db }: Platform, actor: Actor, query: OptionListQuery): Promise<TeamTagPage> {
  assertCanManageTeam(actor);
  const after = query.cursor ? decodeTextCursor(query.cursor) : undefined;
  const used = db
    .selectDistinct({ tag: sql<string>`unnest(${profiles.tags})`.as('tag') })
    .from(profiles)
    .where(visibleTo(actor))
    .as('used');
  const rows = await db
    .select({ tag: used.tag })
    .from(used)
    .where(after === undefined ? undefined : sql`${used.tag} > ${after}`)
    .orderBy(used.tag)
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return { items: rows.slice(0, query.limit).map((r) => r.tag), nextCursor: last ? encodeTextCursor(last.tag) : null };
}

async function findVisibleMember(executor: Executor, actor: Actor, memberId: string): Promise<ProfileRow> {
  const [row] = await executor
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, memberId), visibleTo(actor)))
    .limit(1);
  if (!row) throw notFound(TEAM_MESSAGES.notFound);
  return row;
}

export async function getTeamMember({ db }: Platform, actor: Actor, memberId: string): Promise<TeamMember> {
  assertCanManageTeam(actor);
  return toStaffView(await findVisibleMember(db, actor, memberId));
}

/**
 * Spec 6: a developer member's assigned projects, by name, then id, a keyset page at a time
 * (issue 36: the member page showed the first 200); for anyone else an empty page.
 */
export async function listMemberProjects(
  { db }: Platform,
  actor: Actor,
  memberId: string,
  query: z.output<typeof memberProjectsQuerySchema>,
): Promise<MemberProjectPage> {
  assertCanManageTeam(actor);
  const cursor = query.cursor ? decodeNameCursor(query.cursor) : undefined;
  const member = await findVisibleMember(db, actor, memberId);
  if (member.role !== 'developer') return { items: [], nextCursor: null };
  const rows = await db
    .select({ id: projects.id, name: projects.name, status: projects.status })
    .from(developerProjectAccess)
    .innerJoin(projects, eq(projects.id, developerProjectAccess.projectId))
    .where(
      and(
        eq(developerProjectAccess.developerProfileId, member.id),
        eq(projects.organizationId, actor.organizationId),
        cursor ? afterByName(projects.name, projects.id, cursor) : undefined,
      ),
    )
    .orderBy(projects.name, projects.id)
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return { items: rows.slice(0, query.limit), nextCursor: last ? encodeNameCursor(last) : null };
}

async function assertEmailFree(executor: Executor, email: string, exceptUserId?: string | null) {
  const [taken] = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  if (taken) throw conflict(TEAM_MESSAGES.emailTaken, 'email_taken');
}

/** Turns a refused team change into its 403 (400 for your own password: it has its own page). */
function assertMemberChange(check: MemberChangeCheck | { ok: false; reason: 'role_not_allowed' }, action: MemberAction) {
  if (check.ok) return;
  switch (check.reason) {
    case 'organization_admin':
      if (action === 'remove') throw forbidden(TEAM_MESSAGES.cannotDelete, 'organization_admin');
      if (action === 'change_role') throw forbidden(TEAM_MESSAGES.cannotChangeOrgAdminRole, 'organization_admin_role');
      throw forbidden(TEAM_MESSAGES.orgAdminOnly, 'organization_admin');
    case 'own_role':
      throw forbidden(TEAM_MESSAGES.cannotChangeOwnRole, 'own_role');
    case 'own_password':
      // ARCHITECTURE decision 7: your own password changes in Settings, with the current one.
      throw badRequest(TEAM_MESSAGES.ownPasswordInSettings, 'own_password');
    case 'self':
      throw forbidden(TEAM_MESSAGES.cannotRemoveSelf, 'self');
    case 'role_not_allowed':
      throw forbidden(TEAM_MESSAGES.roleNotAllowed, 'role_not_allowed');
    case 'outranked':
      throw forbidden(TEAM_MESSAGES.outranked, 'outranked');
  }
}

function assertMayAssign(actor: Actor, role: Role) {
  if (!assignableRoles(actor.role).includes(role)) throw forbidden(TEAM_MESSAGES.roleNotAllowed, 'role_not_allowed');
}

async function organizationOf(executor: Executor, organizationId: string) {
  const [row] = await executor
    .select({ id: organizations.id, name: organizations.name, locale: organizations.locale })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row!;
}

/**
 * Emails a member who just got a login: a set-password link when nobody chose a password for
 * them, otherwise a note that they were added (never the password itself).
 */
async function announceLogin(
  tx: Executor,
  platform: Platform,
  actor: Actor,
  member: { userId: string; email: string; fullName: string; role: Role; passwordGiven: boolean },
) {
  const now = platform.clock.now();
  const organization = await organizationOf(tx, actor.organizationId);
  // Issue 48: a member who just got a login has chosen no language yet: the organization's.
  const added = { to: member.email, fullName: member.fullName, role: member.role, inviterName: actor.fullName, organization, locale: organization.locale };
  if (member.passwordGiven) {
    await enqueueEmail(tx, teamMemberAddedEmail(added, `${platform.config.publicUrl}/`));
  } else {
    const link = await issueSetPasswordLink(tx, { userId: member.userId, email: member.email, now, publicUrl: platform.config.publicUrl });
    await enqueueEmail(tx, teamInvitationEmail(added, link));
  }
}

function rethrowEmailTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(TEAM_MESSAGES.emailTaken, 'email_taken');
  throw error;
}

/**
 * How the actor called (issue 46): through a personal API token, no credential of anyone is set,
 * so a leaked token cannot become a sign-in that outlives its revocation.
 */
export type CallerKind = { viaToken: boolean };

function tokenNotAllowed() {
  return forbidden(API_TOKEN_TEXTS.credentialsNotWithToken, 'token_not_allowed');
}

export async function addTeamMember(platform: Platform, actor: Actor, input: z.output<typeof createTeamMemberSchema>, caller: CallerKind) {
  assertCanManageTeam(actor);
  // A token may add a member with an email: the person sets their own password from the email.
  if (caller.viaToken && input.password) throw tokenNotAllowed();
  assertMayAssign(actor, input.role);
  if (input.password && !input.email) throw badRequest(TEAM_MESSAGES.passwordNeedsEmail, 'email_required');
  if (input.email) await assertEmailFree(platform.db, input.email);
  // Hashed before the transaction, which on the embedded database holds the only connection.
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await platform.db.transaction(async (tx) => {
      const { profileId, userId } = await createMember(tx, {
        organizationId: actor.organizationId,
        fullName: input.fullName,
        role: input.role,
        email: input.email,
        passwordHash,
        loginWithoutPassword: true,
        website: input.website,
        tags: input.tags,
      });
      if (userId && input.email) {
        await announceLogin(tx, platform, actor, {
          userId,
          email: input.email,
          fullName: input.fullName,
          role: input.role,
          passwordGiven: input.password !== undefined,
        });
      }
      const [row] = await tx.select().from(profiles).where(eq(profiles.id, profileId));
      const added = toTeamMember(row!);
      await emit(tx, {
        type: 'member.added',
        organizationId: actor.organizationId,
        actorId: actor.profileId,
        at: row!.createdAt,
        details: { member_name: input.fullName, member_email: input.email, role: input.role },
        payload: added,
      });
      return added;
    });
  } catch (error) {
    rethrowEmailTaken(error);
  }
}

export async function updateTeamMember(
  platform: Platform,
  actor: Actor,
  memberId: string,
  input: z.output<typeof updateTeamMemberSchema>,
  caller: CallerKind,
) {
  assertCanManageTeam(actor);
  const member = await findVisibleMember(platform.db, actor, memberId);
  // The whole profile comes back on every edit: the email as it is is no change.
  const emailChanges = (input.email ?? null) !== (member.email?.toLowerCase() ?? null);
  if (caller.viaToken && (input.password || emailChanges)) throw tokenNotAllowed();
  const role = input.role ?? member.role;
  // Decision 006: every part of the change must be allowed, by rank, before anything is written.
  assertMemberChange(checkMemberChange(actor, member, 'edit'), 'edit');
  if (role !== member.role) assertMemberChange(checkRoleChange(actor, member, role), 'change_role');
  if (input.password) assertMemberChange(checkMemberChange(actor, member, 'set_password'), 'set_password');
  if (member.userId && !input.email) throw badRequest(TEAM_MESSAGES.emailRequiredForLogin, 'email_required');
  if (input.password && !input.email) throw badRequest(TEAM_MESSAGES.passwordNeedsEmail, 'email_required');
  if (input.email && input.email !== member.email?.toLowerCase()) await assertEmailFree(platform.db, input.email, member.userId);

  const now = platform.clock.now();
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await platform.db.transaction(async (tx) => {
      let userId = member.userId;
      if (userId) {
        await tx.update(users).set({ name: input.fullName, email: input.email!, updatedAt: now }).where(eq(users.id, userId));
        if (passwordHash) {
          await setCredentialPassword(tx, userId, passwordHash, now);
          // A password set by someone else signs the member out everywhere, and they are told
          // who did it (decision 006), so a takeover cannot go unnoticed.
          await revokeSessions(tx, userId);
          const organization = await organizationOf(tx, actor.organizationId);
          await enqueueEmail(
            tx,
            passwordSetByMemberEmail(
              {
                to: member.email ?? input.email!,
                fullName: input.fullName,
                changerName: actor.fullName,
                organization,
                locale: await memberLocale(tx, actor.organizationId, member.id),
              },
              `${platform.config.publicUrl}/`,
            ),
          );
        }
      } else if (input.email) {
        // A member without a login who now has an email gets one (decision 6), like a new member.
        userId = await createLogin(tx, { fullName: input.fullName, email: input.email, passwordHash });
        await announceLogin(tx, platform, actor, {
          userId,
          email: input.email,
          fullName: input.fullName,
          role,
          passwordGiven: input.password !== undefined,
        });
      }
      const [row] = await tx
        .update(profiles)
        .set({
          userId,
          fullName: input.fullName,
          email: input.email,
          role,
          website: input.website,
          tags: input.tags,
          updatedAt: now,
        })
        .where(and(eq(profiles.id, member.id), eq(profiles.organizationId, actor.organizationId)))
        .returning();
      // Issue 30: a lower role ends the member's API tokens made with a higher one.
      if (role !== member.role) await revokeTokensAboveRole(tx, { profileId: member.id, organizationId: actor.organizationId }, role, { actorId: actor.profileId, now });
      const updated = toTeamMember(row!);
      await emit(tx, {
        type: 'member.updated',
        organizationId: actor.organizationId,
        actorId: actor.profileId,
        at: now,
        details: {
          member_name: input.fullName,
          member_email: input.email,
          ...(role !== member.role ? { previous_role: member.role, role } : {}),
          ...(passwordHash ? { password_changed: true } : {}),
        },
        payload: updated,
      });
      return updated;
    });
  } catch (error) {
    rethrowEmailTaken(error);
  }
}

/**
 * Removes the profile and its login together: sessions, credentials and reset tokens go with the
 * login, project access with the profile; rows the member wrote stay, their author set to null.
 */
export async function removeTeamMember({ db, clock }: Platform, actor: Actor, memberId: string): Promise<void> {
  assertCanManageTeam(actor);
  const member = await findVisibleMember(db, actor, memberId);
  assertMemberChange(checkMemberChange(actor, member, 'remove'), 'remove');
  await db.transaction(async (tx) => {
    await tx.delete(profiles).where(and(eq(profiles.id, member.id), eq(profiles.organizationId, actor.organizationId)));
    if (member.userId) await tx.delete(users).where(eq(users.id, member.userId));
    await emit(tx, {
      type: 'member.removed',
      organizationId: actor.organizationId,
      actorId: actor.profileId,
      at: clock.now(),
      details: { member_name: member.fullName, member_email: member.email, role: member.role },
      payload: { id: member.id, fullName: member.fullName, email: member.email, role: member.role },
    });
  });
}

// Share links of a project, for the staff of its organization (spec 2 "Share Project Access
// dialog", 4 "Access token"; decision 5). A developer who can see the project is refused (403);
// anyone else, another organization included, finds nothing (404).
import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { INTAKE_MESSAGES } from '../../../domain/intake';
import type { Locale } from '../../../domain/locales';
import { canManageProjects } from '../../../domain/roles';
import { PROJECT_DETAIL_MESSAGES } from '../../../domain/project-details';
import {
  type AccessLinkPage,
  type AccessOpenPage,
  SHARING_MESSAGES,
  type AccessLink,
  type createAccessLinkSchema,
} from '../../../domain/sharing';
import { emit } from '../../services/events';
import { hashPassword } from '../../platform/auth/password';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { afterNewestFirst, cursorTimeOf, decodeCursor, encodeCursor } from '../../platform/db/cursor';
import type { ProjectListQuery } from '../../../domain/project-lists';
import { profiles } from '../../platform/db/schema/tenancy';
import { projectAccessOpens, projectAccessTokens } from './schema';
import { projects } from '../projects/public';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { newAccessToken, showsProject } from '../../services/project-access/link';
import { visibleProjects } from '../../services/project-access/member';
import { findTemplate } from '../templates/public';

const DAY_MS = 24 * 60 * 60 * 1000;

export type StaffProject = {
  id: string;
  name: string;
  organizationId: string;
  description: string | null;
  companyOverview: string | null;
};

/** The project when the actor is staff of its organization; 403 for a developer who sees it, else 404. */
export async function requireStaffProject(db: Executor, actor: Actor, projectId: string): Promise<StaffProject> {
  const [row] = await db
    .select({
      id: projects.id,
      name: projects.name,
      organizationId: projects.organizationId,
      description: projects.description,
      companyOverview: projects.companyOverview,
    })
    .from(projects)
    .where(and(eq(projects.id, projectId), visibleProjects(actor)));
  if (!row) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
  if (!canManageProjects(actor.role)) throw forbidden(SHARING_MESSAGES.staffOnly);
  return row;
}


type LinkRow = typeof projectAccessTokens.$inferSelect;

export function toAccessLink(
  row: LinkRow,
  extra: { createdByName: string | null; openCount: number; lastOpenedAt: Date | null },
  now: Date,
): AccessLink {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    token: row.token,
    hasPassword: row.passwordHash !== null,
    viewersMayContribute: row.viewersMayContribute,
    viewersMayApprove: row.viewersMayApprove,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isExpired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
    createdAt: row.createdAt.toISOString(),
    createdByName: extra.createdByName,
    openCount: extra.openCount,
    lastOpenedAt: extra.lastOpenedAt?.toISOString() ?? null,
    intake: row.intakeState
      ? { state: row.intakeState, submittedAt: row.intakeSubmittedAt?.toISOString() ?? null, showsProject: row.intakeShowsProject }
      : null,
    showsProject: showsProject(row),
    locale: row.locale,
  };
}

/**
 * Inserts a link (the password already hashed, outside the transaction: Argon2 is slow) and
 * returns it as the dialog shows it. Used by "Generate Link" and by developer assignment.
 */
export async function insertAccessLink(
  tx: Executor,
  now: Date,
  values: {
    projectId: string;
    name: string | null;
    passwordHash: string | null;
    expiresAt: Date | null;
    createdBy: string;
    createdByName: string;
    /** Default: yes, as spec 6 has it. */
    viewersMayContribute?: boolean;
    /** Default: no (issue 33). */
    viewersMayApprove?: boolean;
    /** An intake link starts open for answers (issue 15). */
    intake?: boolean;
    /** An intake link, or one where viewers may approve, that also shows the project's work (issues 27, 49 item 10). */
    showProject?: boolean;
    /** The language its visitor is shown; null or absent: the organization's (issue 48 item 4). */
    locale?: Locale | null;
  },
): Promise<AccessLink> {
  const [row] = await tx
    .insert(projectAccessTokens)
    .values({
      projectId: values.projectId,
      name: values.name,
      token: newAccessToken(),
      passwordHash: values.passwordHash,
      viewersMayContribute: values.viewersMayContribute ?? true,
      viewersMayApprove: values.viewersMayApprove ?? false,
      intakeState: values.intake ? 'open' : null,
      intakeShowsProject: values.intake === true && values.showProject === true,
      approvalShowsProject: values.viewersMayApprove === true && values.showProject === true,
      locale: values.locale ?? null,
      isActive: true,
      expiresAt: values.expiresAt,
      createdBy: values.createdBy,
      createdAt: now,
    })
    .returning();
  return toAccessLink(row!, { createdByName: values.createdByName, openCount: 0, lastOpenedAt: null }, now);
}

/**
 * Spec 7: active links of the project, newest first, with how often and when last opened; and
 * whether the project has a questionnaire, which an intake link would otherwise take from a
 * template chosen in the dialog (issue 27). A keyset page at a time (issue 36: it stopped at 200
 * links with nothing to say more existed), on (created_at, id) to the microsecond.
 */
export async function listAccessLinks({ db, clock }: Platform, actor: Actor, projectId: string, query: ProjectListQuery): Promise<AccessLinkPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const project = await requireStaffProject(db, actor, projectId);
  const rows = await db
    .select({ link: projectAccessTokens, createdByName: profiles.fullName, cursorTime: cursorTimeOf(projectAccessTokens.createdAt) })
    .from(projectAccessTokens)
    .leftJoin(profiles, eq(profiles.id, projectAccessTokens.createdBy))
    // Served by project_access_tokens_project_id_idx (project_id, created_at), read backwards.
    .where(
      and(
        eq(projectAccessTokens.projectId, project.id),
        eq(projectAccessTokens.isActive, true),
        cursor ? afterNewestFirst(projectAccessTokens.createdAt, projectAccessTokens.id, cursor) : undefined,
      ),
    )
    .orderBy(desc(projectAccessTokens.createdAt), desc(projectAccessTokens.id))
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  const page = rows.slice(0, query.limit);
  const ids = page.map((r) => r.link.id);
  const stats =
    ids.length === 0
      ? []
      : await db
          .select({ id: projectAccessOpens.accessTokenId, n: count(), last: max(projectAccessOpens.openedAt) })
          .from(projectAccessOpens)
          // "Opened N times" counts opens; the log itself also lists reads and downloads.
          .where(and(inArray(projectAccessOpens.accessTokenId, ids), eq(projectAccessOpens.kind, 'open')))
          .groupBy(projectAccessOpens.accessTokenId);
  const byId = new Map(stats.map((s) => [s.id, s]));
  const now = clock.now();
  const items = page.map(({ link, createdByName }) => {
    const s = byId.get(link.id);
    return toAccessLink(link, { createdByName, openCount: s?.n ?? 0, lastOpenedAt: s?.last ?? null }, now);
  });
  // Counted in SQL: the questionnaire itself is not needed here.
  const [fields] = await db
    .select({ n: sql<number>`case when jsonb_typeof(${projects.templateFields}) = 'array' then jsonb_array_length(${projects.templateFields}) else 0 end` })
    .from(projects)
    .where(eq(projects.id, project.id));
  return {
    items,
    nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.link.id }) : null,
    projectHasQuestionnaire: Number(fields?.n ?? 0) > 0,
  };
}

/** ensureQuestionnaire's test: a list with at least one field. */
const hasQuestionnaire = (fields: unknown) => Array.isArray(fields) && fields.length > 0;

/**
 * An intake link needs a questionnaire to answer (issue 15): a project made without a template
 * gets a copy of the chosen template's fields, as a project created from it would.
 */
async function ensureQuestionnaire(tx: Executor, actor: Actor, projectId: string, templateId: string | null, now: Date): Promise<void> {
  const [project] = await tx.select({ fields: projects.templateFields }).from(projects).where(eq(projects.id, projectId)).for('update');
  if (hasQuestionnaire(project?.fields)) return;
  if (!templateId) throw badRequest(INTAKE_MESSAGES.needsTemplate, 'intake_needs_template');
  const template = await findTemplate(tx, actor, templateId);
  if (!template) throw badRequest(INTAKE_MESSAGES.templateNotFound, 'template_not_found');
  await tx.update(projects).set({ templateId: template.id, templateFields: template.fields, updatedAt: now }).where(eq(projects.id, projectId));
}

export async function createAccessLink(
  { db, clock }: Platform,
  actor: Actor,
  projectId: string,
  input: z.output<typeof createAccessLinkSchema>,
): Promise<AccessLink> {
  // Checked before hashing too, so no one outside the staff can make the server hash for them.
  await requireStaffProject(db, actor, projectId);
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const project = await requireStaffProject(tx, actor, projectId);
    const now = clock.now();
    if (input.intake) await ensureQuestionnaire(tx, actor, project.id, input.templateId, now);
    const expiresAt = input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS);
    const link = await insertAccessLink(tx, now, {
      projectId: project.id,
      name: input.name,
      passwordHash,
      expiresAt,
      createdBy: actor.profileId,
      createdByName: actor.fullName,
      viewersMayContribute: input.viewersMayContribute,
      viewersMayApprove: input.viewersMayApprove,
      intake: input.intake,
      showProject: input.showProject,
      locale: input.locale,
    });
    await emit(tx, {
      type: 'access_link.created',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: now,
      details: {
        link_name: input.name,
        has_password: passwordHash !== null,
        expires_at: link.expiresAt,
        viewers_may_contribute: input.viewersMayContribute,
        viewers_may_approve: input.viewersMayApprove,
        ...(input.intake ? { intake: true } : {}),
        ...(input.intake || input.viewersMayApprove ? { shows_project: input.showProject } : {}),
        ...(input.locale ? { locale: input.locale } : {}),
      },
    });
    return link;
  });
}

/**
 * Revokes a link of this project (spec 4: is_active false, and it cannot be undone). Returns
 * false when there was no active link with that id here, so callers that revoke as a side
 * effect (unassigning a developer) can go on.
 */
export async function revokeLinkRow(tx: Executor, now: Date, projectId: string, linkId: string) {
  const [row] = await tx
    .update(projectAccessTokens)
    .set({ isActive: false, revokedAt: now })
    .where(
      and(eq(projectAccessTokens.id, linkId), eq(projectAccessTokens.projectId, projectId), eq(projectAccessTokens.isActive, true)),
    )
    .returning({ id: projectAccessTokens.id, name: projectAccessTokens.name });
  return row;
}

export async function revokeAccessLink({ db, clock }: Platform, actor: Actor, projectId: string, linkId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const project = await requireStaffProject(tx, actor, projectId);
    const row = await revokeLinkRow(tx, clock.now(), project.id, linkId);
    if (!row) throw notFound(SHARING_MESSAGES.linkNotFound);
    await emit(tx, {
      type: 'access_link.revoked',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: clock.now(),
      details: { link_id: row.id, link_name: row.name },
    });
  });
}

/**
 * Decision 5 and 008: the link's access log (opens, reads once an hour per viewer, downloads),
 * newest first, a keyset page at a time (issue 36: every entry reachable, none cut off), and how
 * many entries in all.
 */
export async function listAccessOpens(
  { db }: Platform,
  actor: Actor,
  projectId: string,
  linkId: string,
  query: ProjectListQuery,
): Promise<AccessOpenPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const project = await requireStaffProject(db, actor, projectId);
  const [link] = await db
    .select({ id: projectAccessTokens.id })
    .from(projectAccessTokens)
    .where(and(eq(projectAccessTokens.id, linkId), eq(projectAccessTokens.projectId, project.id)));
  if (!link) throw notFound(SHARING_MESSAGES.linkNotFound);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: projectAccessOpens.id,
        openedAt: projectAccessOpens.openedAt,
        cursorTime: cursorTimeOf(projectAccessOpens.openedAt),
        kind: projectAccessOpens.kind,
        fileName: projectAccessOpens.fileName,
        viewerName: profiles.fullName,
        viewerEmail: profiles.email,
      })
      .from(projectAccessOpens)
      .leftJoin(profiles, eq(profiles.id, projectAccessOpens.profileId))
      // Served by project_access_opens_token_idx (access_token_id, opened_at), read backwards.
      .where(and(eq(projectAccessOpens.accessTokenId, link.id), cursor ? afterNewestFirst(projectAccessOpens.openedAt, projectAccessOpens.id, cursor) : undefined))
      .orderBy(desc(projectAccessOpens.openedAt), desc(projectAccessOpens.id))
      .limit(query.limit + 1),
    db.select({ n: count() }).from(projectAccessOpens).where(eq(projectAccessOpens.accessTokenId, link.id)),
  ]);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit).map((r) => ({
      id: r.id,
      openedAt: r.openedAt.toISOString(),
      kind: r.kind,
      fileName: r.fileName,
      viewerName: r.viewerName,
      viewerEmail: r.viewerEmail,
    })),
    nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.id }) : null,
    total: totals[0]?.n ?? 0,
  };
}

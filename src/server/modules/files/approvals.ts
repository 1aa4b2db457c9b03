// Client approvals (issue 33; src/domain/approvals.ts). Staff of the project's organization ask
// for the approval of a file's newest version; through a share link that allows it ("Viewers may
// approve") its holder, signed in or not, approves it or asks for changes, giving their name.
// Each decision is written with the version, the name, the link's name and the time, in one
// transaction with its activity entry, the staff's inbox and email and the live update.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { APPROVAL_MESSAGES } from '../../../domain/approvals';
import { withValues, type Locale } from '../../../domain/locales';
import { FILE_MESSAGES, type LinkApprovals, type ProjectFile } from '../../../domain/files';
import { approvalDecidedTitle } from '../../../domain/inbox';
import { canManageProjects } from '../../../domain/roles';
import { consumeRateLimit, type RateLimitRule } from '../../platform/auth/rate-limit';
import type { Actor } from '../../platform/auth/session';
import { approvalDecisions, fileApprovals, fileVersions, projectFiles } from './schema';
import { projectAccessTokens } from '../sharing/public';
import { projects } from '../projects/public';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { translate } from '../../platform/i18n';
import {
  approvalsOnly,
  findUsableLink,
  hasTokenShape,
  invalidLink,
  linkAccess,
  projectNotShown,
  showsApprovals,
  usable,
  type SharedLinkRequest,
  type UsableLink,
} from '../../services/project-access/link';
import { verifyLinkGrant } from '../../services/project-access/link-grant';
import { staffMembers } from '../../services/recipients';
import { visibleProjects } from '../../services/project-access/member';
import { approvalDecidedEmail } from './emails';
import { listFileRows } from './service';
import type { z } from 'zod';
import type { decideApprovalSchema, requestApprovalSchema } from '../../../domain/approvals';

/** A link's decisions per client address: plenty for a person, a wall for a script. */
export const APPROVAL_WRITE_LIMIT = { windowSeconds: 600, max: 30 } as const satisfies RateLimitRule;

const linkGone = () => new AppError(403, 'approval_link_inactive', APPROVAL_MESSAGES.linkGone);
const notAllowed = () => new AppError(403, 'approval_not_allowed', APPROVAL_MESSAGES.notAllowed);

/** A staff member's file on a project they see (404 otherwise), with its newest version. */
async function staffFile(tx: Parameters<Parameters<Platform['db']['transaction']>[0]>[0], actor: Actor, projectId: string, fileId: string) {
  const [row] = await tx
    .select({ id: projectFiles.id, fileName: projectFiles.fileName, isLink: projectFiles.isLink, organizationId: projects.organizationId, projectName: projects.name })
    .from(projectFiles)
    .innerJoin(projects, eq(projects.id, projectFiles.projectId))
    .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, projectId), visibleProjects(actor)))
    .for('update', { of: projectFiles });
  if (!row) throw notFound(FILE_MESSAGES.notFound);
  if (!canManageProjects(actor.role)) throw forbidden(APPROVAL_MESSAGES.notStaff);
  if (row.isLink) throw badRequest(APPROVAL_MESSAGES.notAFile, 'not_a_file');
  const [newest] = await tx
    .select({ version: fileVersions.version })
    .from(fileVersions)
    .where(eq(fileVersions.fileId, fileId))
    .orderBy(desc(fileVersions.version))
    .limit(1);
  if (!newest) throw badRequest(APPROVAL_MESSAGES.notAFile, 'not_a_file');
  return { ...row, version: newest.version };
}

/** PUT .../files/:fileId/approval: ask (again) for the client's approval of the newest version. */
export async function requestApproval(platform: Platform, actor: Actor, projectId: string, fileId: string, input: z.output<typeof requestApprovalSchema>) {
  await platform.db.transaction(async (tx) => {
    const file = await staffFile(tx, actor, projectId, fileId);
    const now = platform.clock.now();
    await tx
      .insert(fileApprovals)
      .values({ projectId, fileId, state: 'awaiting', version: file.version, message: input.message, dueDate: input.dueDate, requestedBy: actor.profileId, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: fileApprovals.fileId,
        set: { state: 'awaiting', version: file.version, message: input.message, dueDate: input.dueDate, requestedBy: actor.profileId, updatedAt: now },
      });
    await emit(tx, {
      type: 'approval.requested',
      organizationId: file.organizationId,
      projectId,
      actorId: actor.profileId,
      at: now,
      details: { file_name: file.fileName, version: file.version, due_date: input.dueDate },
    });
  });
}

/** DELETE .../files/:fileId/approval: the file no longer needs approval; its decisions stay. */
export async function cancelApproval(platform: Platform, actor: Actor, projectId: string, fileId: string) {
  await platform.db.transaction(async (tx) => {
    const file = await staffFile(tx, actor, projectId, fileId);
    const removed = await tx.delete(fileApprovals).where(eq(fileApprovals.fileId, fileId)).returning({ id: fileApprovals.id });
    if (removed.length === 0) return;
    await emit(tx, {
      type: 'approval.cancelled',
      organizationId: file.organizationId,
      projectId,
      actorId: actor.profileId,
      at: platform.clock.now(),
      details: { file_name: file.fileName },
    });
  });
}

/**
 * The link of a decision, checked before its body is read: 403 for a revoked or expired link
 * (issue 33: "403, nothing written", where reads through such a link answer 404), 404 for a
 * token that names no link, 401 without the password's grant, 403 on a link that does not allow
 * approvals, 429 past the rate limit.
 */
export async function admitDecision(platform: Platform, request: SharedLinkRequest): Promise<UsableLink> {
  const now = platform.clock.now();
  const link = await findUsableLink(platform.db, request.token, now);
  if (!link) {
    if (!hasTokenShape(request.token)) throw invalidLink();
    const [known] = await platform.db.select({ id: projectAccessTokens.id }).from(projectAccessTokens).where(eq(projectAccessTokens.token, request.token)).limit(1);
    throw known ? linkGone() : invalidLink();
  }
  if (link.passwordHash !== null && !verifyLinkGrant(platform.config.authSecret, request.grant, link.id, now.getTime())) {
    throw new AppError(401, 'password_required', 'This link is password protected.');
  }
  if (!link.viewersMayApprove) throw notAllowed();
  // An intake link made before issue 49 that hides the project hides its approvals too.
  if (!showsApprovals(link)) throw projectNotShown();
  if (!(await consumeRateLimit(platform, `brieflane:approval:${link.id}:${request.address}`, APPROVAL_WRITE_LIMIT))) throw tooManyRequests();
  return link;
}

/** POST /api/project-access/:token/files/:fileId/approval: the client's decision. */
export async function decideApproval(platform: Platform, link: UsableLink, viewer: SharedLinkRequest['viewer'], fileId: string, input: z.output<typeof decideApprovalSchema>): Promise<ProjectFile> {
  const now = platform.clock.now();
  const fileIdResult = await platform.db.transaction(async (tx) => {
    // The link again, locked: revoked or turned off since the request began stops the decision.
    const [current] = await tx
      .select({ id: projectAccessTokens.id, name: projectAccessTokens.name, viewersMayApprove: projectAccessTokens.viewersMayApprove })
      .from(projectAccessTokens)
      .where(and(eq(projectAccessTokens.id, link.id), usable(now)))
      .for('share');
    if (!current) throw linkGone();
    if (!current.viewersMayApprove) throw notAllowed();
    const [file] = await tx
      .select({ id: projectFiles.id, fileName: projectFiles.fileName, organizationId: projects.organizationId, projectName: projects.name })
      .from(projectFiles)
      .innerJoin(projects, eq(projects.id, projectFiles.projectId))
      .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, link.projectId)));
    if (!file) throw notFound(FILE_MESSAGES.notFound);
    const [approval] = await tx.select().from(fileApprovals).where(eq(fileApprovals.fileId, file.id)).for('update');
    if (!approval) throw conflict(APPROVAL_MESSAGES.notRequested, 'approval_not_requested');
    if (input.version !== approval.version) throw conflict(withValues(APPROVAL_MESSAGES.oldVersion, { version: input.version, newest: approval.version }), 'approval_old_version');
    if (approval.state !== 'awaiting') throw conflict(APPROVAL_MESSAGES.notRequested, 'approval_not_requested');
    await tx.insert(approvalDecisions).values({
      projectId: link.projectId,
      fileId: file.id,
      version: approval.version,
      decision: input.decision,
      comment: input.comment,
      deciderName: input.name,
      accessTokenId: link.id,
      linkName: current.name,
      createdAt: now,
    });
    await tx.update(fileApprovals).set({ state: input.decision, updatedAt: now }).where(eq(fileApprovals.id, approval.id));
    const projectUrl = `${platform.config.publicUrl}/project/${link.projectId}`;
    // Issue 46 4(a): the typed name is free text; the title names the link beside it, in each
    // recipient's language (issue 48), as their email does.
    const decision = { name: input.name, link: current.name, kind: input.decision, file: file.fileName, version: approval.version };
    const titleIn = (locale: Locale) => approvalDecidedTitle((text, values) => translate(locale, text, values), decision);
    await emit(tx, {
      type: input.decision === 'approved' ? 'approval.approved' : 'approval.changes_requested',
      organizationId: file.organizationId,
      projectId: link.projectId,
      // Someone of the organization signed in is named; anyone else is the link's client.
      actorId: viewer?.organizationId === file.organizationId ? viewer.profileId : null,
      at: now,
      // An unnamed link is null: Activity Logs says "Untitled link" in its reader's language.
      details: { file_name: file.fileName, version: approval.version, decider_name: input.name, link_name: current.name, comment: input.comment },
      notify: (await staffMembers(tx, file.organizationId)).map((member) => ({
        recipientId: member.id,
        kind: 'approval_decided' as const,
        inbox: { projectId: link.projectId, title: titleIn(member.locale), body: input.comment },
        email: approvalDecidedEmail(member, {
          deciderName: input.name,
          linkName: current.name,
          decision: input.decision,
          fileName: file.fileName,
          version: approval.version,
          projectName: file.projectName,
          comment: input.comment,
          projectUrl,
        }),
      })),
    });
    return file.id;
  });
  const [row] = await listFileRows(platform, linkAccess(platform, link, viewer), [fileIdResult]);
  return row!;
}

/** At most this many of each: what awaits, and what was decided. */
const LINK_APPROVALS_MAX = 100;

/**
 * GET /api/project-access/:token/approvals: the files awaiting approval on the link's project,
 * oldest request first; and (issue 49 item 7) those decided on, newest decision first, so the
 * client's page keeps showing what was decided, when and with what comment, after a reload.
 * Both bounded and served by file_approvals (project_id, state).
 */
export async function linkApprovals(platform: Platform, link: UsableLink, viewer: SharedLinkRequest['viewer']): Promise<LinkApprovals> {
  const [awaiting, decided] = await Promise.all([
    platform.db
      .select({ fileId: fileApprovals.fileId })
      .from(fileApprovals)
      .where(and(eq(fileApprovals.projectId, link.projectId), eq(fileApprovals.state, 'awaiting')))
      .orderBy(fileApprovals.updatedAt)
      .limit(LINK_APPROVALS_MAX),
    platform.db
      .select({ fileId: fileApprovals.fileId })
      .from(fileApprovals)
      .where(and(eq(fileApprovals.projectId, link.projectId), inArray(fileApprovals.state, ['approved', 'changes_requested'])))
      .orderBy(desc(fileApprovals.updatedAt))
      .limit(LINK_APPROVALS_MAX),
  ]);
  const access = linkAccess(platform, link, viewer);
  return {
    items: await listFileRows(platform, access, awaiting.map((r) => r.fileId)),
    decided: await listFileRows(platform, access, decided.map((r) => r.fileId)),
    canApprove: link.viewersMayApprove,
  };
}

/**
 * Issue 49 item 10: through a link that shows the approvals only, a file (its thumbnail, its
 * downloads) is reachable only while it awaits approval, and of its versions only the one
 * awaiting; anything else answers 404 `project_not_shown`, as the project's other work does.
 */
export async function requireApprovalFile(platform: Platform, link: UsableLink, fileId: string, version?: number): Promise<void> {
  if (!approvalsOnly(link)) return;
  const [approval] = await platform.db
    .select({ version: fileApprovals.version })
    .from(fileApprovals)
    .where(and(eq(fileApprovals.fileId, fileId), eq(fileApprovals.projectId, link.projectId), eq(fileApprovals.state, 'awaiting')))
    .limit(1);
  if (!approval || (version !== undefined && version !== approval.version)) throw projectNotShown();
}

/** The approval counts of these projects, for their cards (one grouped query, by the state index). */
export async function approvalCounts(db: Platform['db'], projectIds: string[]): Promise<Map<string, { awaiting: number; changesRequested: number }>> {
  const result = new Map<string, { awaiting: number; changesRequested: number }>();
  if (projectIds.length === 0) return result;
  const rows = await db
    .select({ projectId: fileApprovals.projectId, state: fileApprovals.state, count: sql<number>`count(*)::int` })
    .from(fileApprovals)
    .where(and(inArray(fileApprovals.projectId, projectIds), inArray(fileApprovals.state, ['awaiting', 'changes_requested'])))
    .groupBy(fileApprovals.projectId, fileApprovals.state);
  for (const row of rows) {
    const counts = result.get(row.projectId) ?? { awaiting: 0, changesRequested: 0 };
    if (row.state === 'awaiting') counts.awaiting = row.count;
    else counts.changesRequested = row.count;
    result.set(row.projectId, counts);
  }
  return result;
}

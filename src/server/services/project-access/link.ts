// The share link's way in (access.ts; spec 2 "Shared project page", 4 "Shared link", decision
// 004): anyone holding an active, unexpired link may view the project; a protected link first
// wants its password, proven once per browser by a signed grant cookie (link-grant.ts); a
// signed-in viewer, of any organization, may also contribute unless the link is view only. A
// viewer's reads leave an entry in the link's access log once an hour (decision 008). Opening
// a link (the password, the grant) belongs to modules/sharing.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INTAKE_MESSAGES } from '../../../domain/intake';
import type { IntakeState } from '../../../domain/intake-state';
import type { Locale } from '../../../domain/locales';
import { SHARED_LINK_ERRORS } from '../../../domain/shared-link-errors';
import { SHARING_MESSAGES } from '../../../domain/sharing';
import { text } from '../../../domain/text-fields';
import { consumeRateLimit, type RateLimitRule } from '../../platform/auth/rate-limit';
import { findSession, type Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { projectAccessOpens, projectAccessTokens } from '../../modules/sharing/schema';
import { projects } from '../../modules/projects/schema';
import { organizationLocale } from '../reader-locale';
import { AppError, errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { AccessedProject, ProjectAccess } from './access';
import { LINK_GRANT_COOKIE, verifyLinkGrant } from './link-grant';

/** What the gate knows about a caller through a link, gathered from the request. */
export type SharedLinkRequest = {
  token: string;
  /** The grant cookie, when the browser sent one. */
  grant: string | undefined;
  /** The signed-in viewer (any organization), or null. */
  viewer: Actor | null;
  /** The client address: tells anonymous readers apart in the access log's hourly reads. */
  address: string;
};

/** An active, unexpired link with its project, as read once per request. */
export type UsableLink = {
  id: string;
  projectId: string;
  passwordHash: string | null;
  viewersMayContribute: boolean;
  /** Issue 33: viewers may approve files or ask for changes. */
  viewersMayApprove: boolean;
  name: string | null;
  /** An intake link's questionnaire state (issue 15); null for an ordinary link. */
  intakeState: IntakeState | null;
  /** An intake link that staff also let show the project (issue 27); ignored for an ordinary link. */
  intakeShowsProject: boolean;
  /** A link where viewers may approve that staff also let show the project (issue 49 item 10); ignored for any other. */
  approvalShowsProject: boolean;
  /** The language staff chose for its visitor; null: the organization's (issue 48 item 4). */
  locale: Locale | null;
  project: AccessedProject;
};

/** The `:token` path parameter of every route under /api/project-access/:token. */
export const sharedLinkParams = z.object({ token: text().max(200) });

/** What a route through a link may answer besides its success: bad input, no grant, view only, gone, conflicts, too large, too many attempts. */
export const linkRouteErrors = errorResponses(400, 401, 403, 404, 409, 413, 429);

/** A viewer's reads are recorded once per link and viewer in this window. */
export const LINK_READ_RECORD_WINDOW = { windowSeconds: 3600, max: 1 } as const satisfies RateLimitRule;

export const projectNotShown = () => new AppError(404, SHARED_LINK_ERRORS.projectNotShown, INTAKE_MESSAGES.notShown);

type LinkShows = Pick<UsableLink, 'intakeState' | 'intakeShowsProject' | 'viewersMayApprove' | 'approvalShowsProject'>;

/**
 * Whether the link shows the project's work (tasks, files, notes): an ordinary link does; an
 * intake link shows its name, overview and questionnaire only (issue 27), and a link where
 * viewers may approve the files awaiting approval only (issue 49 item 10), unless staff chose
 * to show the project too ("Show the project", one switch for both).
 */
export function showsProject(link: LinkShows): boolean {
  return (link.intakeState === null || link.intakeShowsProject) && (!link.viewersMayApprove || link.approvalShowsProject);
}

/**
 * Issue 49 item 10: whether the link's viewer sees the files awaiting approval and decides them:
 * a link where viewers may approve, with the project or without it. An intake link made before
 * the switch that hid the project hid its approvals too, and still does (its approval column
 * was set by migration 0027, so it tells the two apart).
 */
export function showsApprovals(link: LinkShows): boolean {
  return link.viewersMayApprove && (showsProject(link) || !link.approvalShowsProject);
}

/**
 * A link that shows the files awaiting approval and nothing else of the project's work: its
 * reads of single files (thumbnail, download) are limited to those files.
 */
export function approvalsOnly(link: LinkShows): boolean {
  return !showsProject(link) && showsApprovals(link);
}

export const invalidLink = () => new AppError(404, SHARED_LINK_ERRORS.invalidLink, SHARING_MESSAGES.invalidLink);
/** A protected link without its grant: the answer names the link's language, for the password page (issue 48 item 4). */
export const passwordRequired = (locale?: Locale) => new AppError(401, SHARED_LINK_ERRORS.passwordRequired, SHARING_MESSAGES.passwordRequired, undefined, locale);

/** The language a link is shown in: staff's choice for it, else its organization's (issue 48 item 4). */
export async function linkLocale(db: Executor, link: UsableLink): Promise<Locale> {
  return link.locale ?? (await organizationLocale(db, link.project.organizationId));
}

// Our tokens are 43 base64url characters; anything else names no link and needs no query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** Whether `token` could be a link's token at all (anything else is never looked up). */
export function hasTokenShape(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** A new link token: 32 random bytes, base64url. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Active and not expired at `now`. */
export function usable(now: Date) {
  return and(eq(projectAccessTokens.isActive, true), or(isNull(projectAccessTokens.expiresAt), gt(projectAccessTokens.expiresAt, now)));
}

const projectColumns = { id: projects.id, name: projects.name, organizationId: projects.organizationId };

/** The link named by `token` with its project, if it is usable at `now`: one query. */
export async function findUsableLink(db: Executor, token: string, now: Date): Promise<UsableLink | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db
    .select({
      id: projectAccessTokens.id,
      projectId: projectAccessTokens.projectId,
      passwordHash: projectAccessTokens.passwordHash,
      viewersMayContribute: projectAccessTokens.viewersMayContribute,
      viewersMayApprove: projectAccessTokens.viewersMayApprove,
      name: projectAccessTokens.name,
      intakeState: projectAccessTokens.intakeState,
      intakeShowsProject: projectAccessTokens.intakeShowsProject,
      approvalShowsProject: projectAccessTokens.approvalShowsProject,
      locale: projectAccessTokens.locale,
      project: projectColumns,
    })
    .from(projectAccessTokens)
    .innerJoin(projects, eq(projects.id, projectAccessTokens.projectId))
    .where(and(eq(projectAccessTokens.token, token), usable(now)));
  return row;
}

/** The ProjectAccess through `link` for `viewer`. */
export function linkAccess(platform: Platform, link: UsableLink, viewer: Actor | null): ProjectAccess {
  return {
    actor: viewer ? { profileId: viewer.profileId, fullName: viewer.fullName, email: viewer.email } : null,
    // Through a link nobody manages, staff of the project's organization included: they have
    // the project page for that.
    canManage: false,
    readOnly: !link.viewersMayContribute,
    via: 'link',
    project: async (db) => {
      // A read outside a transaction uses the link as this request read it: one link read per
      // request. A write checks again inside its transaction, so a link revoked or expired
      // meanwhile stops it.
      if (db === platform.db) return link.project;
      const [row] = await db
        .select(projectColumns)
        .from(projectAccessTokens)
        .innerJoin(projects, eq(projects.id, projectAccessTokens.projectId))
        .where(and(eq(projectAccessTokens.id, link.id), usable(platform.clock.now())));
      if (!row) throw invalidLink();
      return row;
    },
  };
}

/** The gate's view of a request under /api/project-access/:token. */
export async function sharedLinkRequest(platform: Platform, request: FastifyRequest<{ Params: { token: string } }>): Promise<SharedLinkRequest> {
  return {
    token: request.params.token,
    grant: request.cookies[LINK_GRANT_COOKIE],
    viewer: (await findSession(platform, request))?.actor ?? null,
    address: request.ip,
  };
}

/**
 * The link and its ProjectAccess for a request: 404 `invalid_link` for an unknown, revoked or
 * expired token, 401 `password_required` for a protected link without a valid grant.
 */
export async function resolveSharedLink(platform: Platform, request: SharedLinkRequest): Promise<{ link: UsableLink; access: ProjectAccess }> {
  const now = platform.clock.now();
  const link = await findUsableLink(platform.db, request.token, now);
  if (!link) throw invalidLink();
  if (link.passwordHash !== null && !verifyLinkGrant(platform.config.authSecret, request.grant, link.id, now.getTime())) {
    throw passwordRequired(await linkLocale(platform.db, link));
  }
  return { link, access: linkAccess(platform, link, request.viewer) };
}

/** Whose reads these are in the access log: the signed-in viewer, else the client address. */
export function linkReaderKey(linkId: string, request: SharedLinkRequest): string {
  const who = request.viewer ? `profile:${request.viewer.profileId}` : `address:${request.address}`;
  return `brieflane:link-read:${linkId}:${who}`;
}

/**
 * What of the project a link route reaches: 'link' the link's own page (the project's name, an
 * intake link's questionnaire); 'work' the project's tasks, files, notes and links; 'approvals'
 * the files awaiting approval (their list, thumbnails and downloads), which a link that shows
 * approvals only reaches too (issue 49 item 10).
 */
export type LinkReach = 'link' | 'work' | 'approvals';

/**
 * A read through the link (the project, its tasks, files or notes, checked by resolveSharedWork
 * for `reach` 'work' or 'approvals'): the access, and an access log entry 'view' the first time
 * this viewer reads within the hour.
 */
export async function readSharedLink(
  platform: Platform,
  request: SharedLinkRequest,
  { reach = 'link' }: { reach?: LinkReach } = {},
): Promise<{ link: UsableLink; access: ProjectAccess }> {
  const { link, access } = reach === 'link' ? await resolveSharedLink(platform, request) : await resolveSharedWork(platform, request, reach);
  if (await consumeRateLimit(platform, linkReaderKey(link.id, request), LINK_READ_RECORD_WINDOW)) {
    await platform.db.insert(projectAccessOpens).values({
      accessTokenId: link.id,
      projectId: link.projectId,
      profileId: request.viewer?.profileId ?? null,
      openedAt: platform.clock.now(),
      kind: 'view',
    });
  }
  return { link, access };
}

/** A route's share link as the gate resolved it: the link, the access through it, and who asked. */
export type ResolvedSharedLink = { link: UsableLink; access: ProjectAccess; via: SharedLinkRequest };

/**
 * The share link of a route under /api/project-access/:token (the request context's, before the
 * body is read): for a read with the hourly access-log entry, for a write nothing recorded.
 * `reach` 'work': the route reaches the project's work (tasks, files, notes, links), which an
 * intake link that shows the questionnaire only, or an approval link that shows the approvals
 * only, refuses (404 `project_not_shown`); 'approvals' the files awaiting approval, which the
 * latter reaches; 'link' (the intake routes) neither.
 */
export async function resolveLinkRoute(
  platform: Platform,
  request: FastifyRequest<{ Params: { token: string } }>,
  kind: 'read' | 'write',
  { reach }: { reach: LinkReach },
): Promise<ResolvedSharedLink> {
  const via = await sharedLinkRequest(platform, request);
  const { link, access } =
    kind === 'read'
      ? await readSharedLink(platform, via, { reach })
      : reach === 'link'
        ? await resolveSharedLink(platform, via)
        : await resolveSharedWork(platform, via, reach);
  return { link, access, via };
}

/**
 * The link and its access for the project's work through it (tasks, files, notes, links,
 * downloads): resolveSharedLink's checks, then 404 `project_not_shown` for a link that does not
 * show the project (an intake link that shows the questionnaire only, an approval link that
 * shows the approvals only); with `reach` 'approvals', the latter passes (its routes keep it
 * to the files awaiting approval).
 */
export async function resolveSharedWork(
  platform: Platform,
  request: SharedLinkRequest,
  reach: Exclude<LinkReach, 'link'> = 'work',
): Promise<{ link: UsableLink; access: ProjectAccess }> {
  const resolved = await resolveSharedLink(platform, request);
  if (!showsProject(resolved.link) && !(reach === 'approvals' && showsApprovals(resolved.link))) throw projectNotShown();
  return resolved;
}

/** A download through the link, recorded every time with the file's name. */
export async function recordSharedDownload(platform: Platform, link: UsableLink, viewer: Actor | null, fileName: string): Promise<void> {
  await platform.db.insert(projectAccessOpens).values({
    accessTokenId: link.id,
    projectId: link.projectId,
    profileId: viewer?.profileId ?? null,
    openedAt: platform.clock.now(),
    kind: 'download',
    fileName,
  });
}

// The shared project page (spec 2 "Shared project page", 4 "Shared link"; decision 5): anyone
// holding an active, unexpired link may view the project; a protected link first wants its
// password, proven once per browser by a signed grant cookie (link-grant.ts); a signed-in
// viewer, of any organization, may also contribute unless the link is view only. The access
// log records every open and download, and a viewer's reads once an hour (decision 008).
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { SHARED_LINK_ERRORS, SHARING_MESSAGES, type SharedProject } from '../../../domain/sharing';
import { verifyPassword } from '../../platform/auth/password';
import { consumeRateLimit, type RateLimitRule } from '../../platform/auth/rate-limit';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { projectAccessOpens, projectAccessTokens, projects } from '../../platform/db/schema/work';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import type { ProjectAccess } from '../../platform/project-access';
import { LINK_GRANT_TTL_MS, signLinkGrant, verifyLinkGrant } from './link-grant';
import { admitLinkPasswordAttempt, clearLinkPasswordFailures, recordLinkPasswordFailure } from './link-password-guard';

/** What the shared routes know about the caller, gathered from the request by the route. */
export type SharedLinkRequest = {
  token: string;
  /** The grant cookie, when the browser sent one. */
  grant: string | undefined;
  /** The signed-in viewer (any organization), or null. */
  viewer: Actor | null;
  /** The client address: tells anonymous readers apart in the access log's hourly reads. */
  address: string;
};

type UsableLink = { id: string; projectId: string; passwordHash: string | null; viewersMayContribute: boolean };

/** A viewer's reads are recorded once per link and viewer in this window. */
export const LINK_READ_RECORD_WINDOW = { windowSeconds: 3600, max: 1 } as const satisfies RateLimitRule;

const invalidLink = () => new AppError(404, SHARED_LINK_ERRORS.invalidLink, SHARING_MESSAGES.invalidLink);
const passwordRequired = () => new AppError(401, SHARED_LINK_ERRORS.passwordRequired, SHARING_MESSAGES.passwordRequired);
const invalidPassword = () => new AppError(401, SHARED_LINK_ERRORS.invalidPassword, SHARING_MESSAGES.invalidPassword);

// Our tokens are 43 base64url characters; anything else names no link and needs no query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** Active and not expired at `now`. */
function usable(now: Date) {
  return and(
    eq(projectAccessTokens.isActive, true),
    or(isNull(projectAccessTokens.expiresAt), gt(projectAccessTokens.expiresAt, now)),
  );
}

async function findUsableLink(db: Executor, token: string, now: Date): Promise<UsableLink | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db
    .select({
      id: projectAccessTokens.id,
      projectId: projectAccessTokens.projectId,
      passwordHash: projectAccessTokens.passwordHash,
      viewersMayContribute: projectAccessTokens.viewersMayContribute,
    })
    .from(projectAccessTokens)
    .where(and(eq(projectAccessTokens.token, token), usable(now)));
  return row;
}

function linkAccess(platform: Platform, link: UsableLink, viewer: Actor | null): ProjectAccess {
  return {
    actor: viewer ? { profileId: viewer.profileId, fullName: viewer.fullName, email: viewer.email } : null,
    // Through a link nobody manages, staff of the project's organization included: they have
    // the project page for that.
    canManage: false,
    readOnly: !link.viewersMayContribute,
    via: 'link',
    project: async (db) => {
      // Again on every use, inside the caller's transaction: a revoked or expired link stops at once.
      const [row] = await db
        .select({ id: projects.id, name: projects.name, organizationId: projects.organizationId })
        .from(projectAccessTokens)
        .innerJoin(projects, eq(projects.id, projectAccessTokens.projectId))
        .where(and(eq(projectAccessTokens.id, link.id), usable(platform.clock.now())));
      if (!row) throw invalidLink();
      return row;
    },
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
    throw passwordRequired();
  }
  return { link, access: linkAccess(platform, link, request.viewer) };
}

/** The ProjectAccess of a request through a link (resolveSharedLink's checks). */
export async function sharedLinkAccess(platform: Platform, request: SharedLinkRequest): Promise<ProjectAccess> {
  return (await resolveSharedLink(platform, request)).access;
}

/** Whose reads these are in the access log: the signed-in viewer, else the client address. */
function readerKey(linkId: string, request: SharedLinkRequest): string {
  const who = request.viewer ? `profile:${request.viewer.profileId}` : `address:${request.address}`;
  return `brieflane:link-read:${linkId}:${who}`;
}

/**
 * A read through the link (the project, its tasks, files or notes): the access, and an access
 * log entry 'view' the first time this viewer reads within the hour.
 */
export async function readSharedLink(platform: Platform, request: SharedLinkRequest): Promise<{ link: UsableLink; access: ProjectAccess }> {
  const { link, access } = await resolveSharedLink(platform, request);
  if (await consumeRateLimit(platform, readerKey(link.id, request), LINK_READ_RECORD_WINDOW)) {
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

async function sharedProject(db: Executor, projectId: string, link: UsableLink, viewer: Actor | null): Promise<SharedProject> {
  const [row] = await db
    .select({
      id: projects.id,
      name: projects.name,
      companyOverview: projects.companyOverview,
      formData: projects.formData,
      templateFields: projects.templateFields,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!row) throw invalidLink();
  return {
    projectId: row.id,
    projectName: row.name,
    companyOverview: row.companyOverview,
    formData: row.formData ?? null,
    // Spec 3: fields that are not a list are treated as empty.
    templateFields: Array.isArray(row.templateFields) ? row.templateFields : null,
    canContribute: viewer !== null && link.viewersMayContribute,
    viewersMayContribute: link.viewersMayContribute,
    viewerName: viewer?.fullName ?? null,
  };
}

/** GET /api/project-access/:token: the project for a page that already has access; a read. */
export async function getSharedProject(platform: Platform, request: SharedLinkRequest): Promise<SharedProject> {
  const { link, access } = await readSharedLink(platform, request);
  const project = await access.project(platform.db);
  return sharedProject(platform.db, project.id, link, request.viewer);
}

/**
 * POST /api/project-access/:token/session: opening the link (spec 3 "project-access validation").
 * A protected link takes a valid grant or the right password; the right password earns a new
 * grant for the route to set. Every successful open is recorded.
 */
export async function openSharedLink(
  platform: Platform,
  request: SharedLinkRequest & { password: string | null },
): Promise<{ project: SharedProject; grant: { value: string; expiresAt: Date } | null }> {
  const { db, clock, config } = platform;
  const now = clock.now();
  const link = await findUsableLink(db, request.token, now);
  if (!link) throw invalidLink();

  let grant: { value: string; expiresAt: Date } | null = null;
  if (link.passwordHash !== null && !verifyLinkGrant(config.authSecret, request.grant, link.id, now.getTime())) {
    if (request.password === null) throw passwordRequired();
    // Before the (slow) hash check; only addresses that keep failing are held up.
    await admitLinkPasswordAttempt(platform, link.id, request.address);
    if (!(await verifyPassword(link.passwordHash, request.password))) {
      await recordLinkPasswordFailure(platform, link.id, request.address);
      throw invalidPassword();
    }
    await clearLinkPasswordFailures(platform, link.id, request.address);
    const expiresAt = new Date(now.getTime() + LINK_GRANT_TTL_MS);
    grant = { value: signLinkGrant(config.authSecret, link.id, expiresAt.getTime()), expiresAt };
  }

  const opened = await db.transaction(async (tx) => {
    // Still usable now (revoked while the password was being checked?), and the project with it.
    const project = await linkAccess(platform, link, request.viewer).project(tx);
    await tx.insert(projectAccessOpens).values({
      accessTokenId: link.id,
      projectId: project.id,
      profileId: request.viewer?.profileId ?? null,
      openedAt: clock.now(),
      kind: 'open',
    });
    return { project: await sharedProject(tx, project.id, link, request.viewer), grant };
  });
  // The page's reads that follow belong to this open: the hour of reads starts now.
  await consumeRateLimit(platform, readerKey(link.id, request), LINK_READ_RECORD_WINDOW);
  return opened;
}

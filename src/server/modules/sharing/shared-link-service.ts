// The shared project page (spec 2 "Shared project page", 4 "Shared link"; decision 004):
// opening a link, with its password once per browser and then a signed grant cookie, and the
// project as the page shows it. Who may read and write through a link is the project access
// gate's (services/project-access/link.ts); every open is recorded.
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { INBOX_TEXTS } from '../../../domain/inbox';
import { withValues } from '../../../domain/locales';
import { SHARED_LINK_ERRORS } from '../../../domain/shared-link-errors';
import { SHARING_MESSAGES, type SharedProject } from '../../../domain/sharing';
import { verifyPassword } from '../../platform/auth/password';
import { consumeRateLimit } from '../../platform/auth/rate-limit';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { projectAccessOpens, projectAccessTokens } from './schema';
import { projects } from '../projects/public';
import { emit } from '../../services/events';
import { AppError } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import {
  findUsableLink,
  invalidLink,
  LINK_READ_RECORD_WINDOW,
  linkAccess,
  linkLocale,
  linkReaderKey,
  passwordRequired,
  readSharedLink,
  showsApprovals,
  showsProject,
  type SharedLinkRequest,
  type UsableLink,
} from '../../services/project-access/link';
import { LINK_GRANT_TTL_MS, signLinkGrant, verifyLinkGrant } from '../../services/project-access/link-grant';
import { admitLinkPasswordAttempt, clearLinkPasswordFailures, recordLinkPasswordFailure } from './link-password-guard';

const invalidPassword = () => new AppError(401, SHARED_LINK_ERRORS.invalidPassword, SHARING_MESSAGES.invalidPassword);

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
  const locale = await linkLocale(db, link);
  // Issue 49 item 10: a link that shows the approvals only (not an intake link) shows the
  // project's name and the files awaiting approval, not its overview or questionnaire.
  const overview = showsProject(link) || link.intakeState !== null;
  return {
    projectId: row.id,
    projectName: row.name,
    companyOverview: overview ? row.companyOverview : null,
    formData: overview ? (row.formData ?? null) : null,
    // Spec 3: fields that are not a list are treated as empty.
    templateFields: overview && Array.isArray(row.templateFields) ? row.templateFields : null,
    canContribute: viewer !== null && link.viewersMayContribute && showsProject(link),
    viewersMayContribute: link.viewersMayContribute,
    canApprove: showsApprovals(link),
    viewerName: viewer?.fullName ?? null,
    intakeState: link.intakeState,
    showsProject: showsProject(link),
    locale,
  };
}

/**
 * Issue 16: the link's creator hears in the inbox when someone else opens it for the first time.
 * The link row is locked first, so two first opens at once notify once.
 */
async function tellOwnerOfFirstOpen(
  tx: Executor,
  link: UsableLink,
  project: { id: string; name: string; organizationId: string },
  viewer: Actor | null,
  now: Date,
): Promise<void> {
  const [owner] = await tx
    .select({ createdBy: projectAccessTokens.createdBy })
    .from(projectAccessTokens)
    .where(eq(projectAccessTokens.id, link.id))
    .for('update');
  if (!owner?.createdBy || owner.createdBy === viewer?.profileId) return;
  // An earlier open by anyone but the owner (signed out, or another member) was the first.
  const [earlier] = await tx
    .select({ id: projectAccessOpens.id })
    .from(projectAccessOpens)
    .where(
      and(
        eq(projectAccessOpens.accessTokenId, link.id),
        eq(projectAccessOpens.kind, 'open'),
        or(isNull(projectAccessOpens.profileId), ne(projectAccessOpens.profileId, owner.createdBy)),
      ),
    )
    .limit(1);
  if (earlier) return;
  await emit(tx, {
    type: 'access_link.first_opened',
    organizationId: project.organizationId,
    projectId: project.id,
    actorId: viewer?.profileId ?? null,
    at: now,
    notify: [
      {
        recipientId: owner.createdBy,
        kind: 'link_opened',
        inbox: { projectId: project.id, title: withValues(INBOX_TEXTS.linkOpened, { link: link.name ?? project.name }), body: viewer ? `${viewer.fullName} · ${project.name}` : project.name },
      },
    ],
  });
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
    if (request.password === null) throw passwordRequired(await linkLocale(db, link));
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
    await tellOwnerOfFirstOpen(tx, link, project, request.viewer, now);
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
  await consumeRateLimit(platform, linkReaderKey(link.id, request), LINK_READ_RECORD_WINDOW);
  return opened;
}

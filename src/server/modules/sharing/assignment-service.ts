// Assigning developers to a project (spec 2 "Assign Developer dialog", 6 "Assignable
// developers", 7 send-assign-developer-email). An assignment puts the project on the developer's
// access list, gives them their own share link (named after them, with the dialog's optional
// password) and emails them when they have an email; all in one transaction.
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SHARING_MESSAGES,
  type AssignedDeveloper,
  type assignDeveloperSchema,
  type AssignedDeveloperPage,
  type AssignmentResult,
  type DeveloperPage,
} from '../../../domain/sharing';
import type { OptionListQuery } from '../../../domain/option-lists';
import type { ProjectListQuery } from '../../../domain/project-lists';
import { emit } from '../../services/events';
import { hashPassword } from '../../platform/auth/password';
import type { Actor } from '../../platform/auth/session';
import { afterByName, afterOldestFirst, cursorTimeOf, decodeCursor, decodeNameCursor, encodeCursor, encodeNameCursor } from '../../platform/db/cursor';
import { profiles } from '../../platform/db/schema/tenancy';
import { developerProjectAccess } from './schema';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { enqueueEmail } from '../../platform/mail/outbox';
import type { Locale, Text } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import { memberLocaleColumn } from '../../services/reader-locale';
import { SHARING_EMAIL_TEXTS } from './email-texts';
import type { Platform } from '../../platform/platform';
import { insertAccessLink, requireStaffProject, revokeLinkRow, type StaffProject } from './staff-links-service';

/**
 * The developers assigned to the project, in the order they were assigned (then id), a keyset page
 * at a time (issue 36: both lists of the dialog stopped at 500 with nothing to say more existed).
 * The cursor carries the assignment's created_at to the microsecond.
 */
export async function listAssignedDevelopers({ db }: Platform, actor: Actor, projectId: string, query: ProjectListQuery): Promise<AssignedDeveloperPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const project = await requireStaffProject(db, actor, projectId);
  const rows = await db
    .select({
      profileId: profiles.id,
      fullName: profiles.fullName,
      email: profiles.email,
      assignedAt: developerProjectAccess.createdAt,
      cursorTime: cursorTimeOf(developerProjectAccess.createdAt),
    })
    .from(developerProjectAccess)
    .innerJoin(profiles, eq(profiles.id, developerProjectAccess.developerProfileId))
    .where(
      and(
        eq(developerProjectAccess.projectId, project.id),
        eq(profiles.organizationId, project.organizationId),
        cursor ? afterOldestFirst(developerProjectAccess.createdAt, developerProjectAccess.developerProfileId, cursor) : undefined,
      ),
    )
    .orderBy(asc(developerProjectAccess.createdAt), asc(developerProjectAccess.developerProfileId))
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit).map(({ cursorTime: _, ...a }) => ({ ...a, assignedAt: a.assignedAt.toISOString() })),
    nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.profileId }) : null,
  };
}

/**
 * The organization's developers not assigned to the project (spec 6 "Assignable developers"), by
 * name, then id, a keyset page at a time: the dialog's select reads every page.
 */
export async function listAvailableDevelopers({ db }: Platform, actor: Actor, projectId: string, query: OptionListQuery): Promise<DeveloperPage> {
  const cursor = query.cursor ? decodeNameCursor(query.cursor) : undefined;
  const project = await requireStaffProject(db, actor, projectId);
  const assigned = db
    .select({ one: sql`1` })
    .from(developerProjectAccess)
    .where(and(eq(developerProjectAccess.projectId, project.id), eq(developerProjectAccess.developerProfileId, profiles.id)));
  const rows = await db
    .select({ profileId: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, project.organizationId),
        eq(profiles.role, 'developer'),
        notExists(assigned),
        cursor ? afterByName(profiles.fullName, profiles.id, cursor) : undefined,
      ),
    )
    .orderBy(asc(profiles.fullName), asc(profiles.id))
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit),
    nextCursor: last ? encodeNameCursor({ name: last.fullName, id: last.profileId }) : null,
  };
}

/** Spec 7's email to the developer, in their language (issue 48). */
function assignmentEmail(developer: { fullName: string; locale: Locale }, project: StaffProject, projectUrl: string) {
  const say = (text: Text, values?: Record<string, string>) => translate(developer.locale, text, values);
  return {
    subject: say(SHARING_EMAIL_TEXTS.assignedSubject, { project: project.name }),
    text: [
      say(EMAIL_TEXTS.hello, { name: developer.fullName }),
      '',
      say(SHARING_EMAIL_TEXTS.assignedBody, { project: project.name }),
      '',
      say(SHARING_EMAIL_TEXTS.description, { description: project.description?.trim() || say(SHARING_EMAIL_TEXTS.noDescription) }),
      '',
      say(SHARING_EMAIL_TEXTS.companyOverview, { overview: project.companyOverview?.trim() || say(SHARING_EMAIL_TEXTS.noCompanyOverview) }),
      '',
      say(SHARING_EMAIL_TEXTS.openProject, { url: projectUrl }),
    ].join('\n'),
  };
}

export async function assignDeveloper(
  { db, clock, config }: Platform,
  actor: Actor,
  projectId: string,
  input: z.output<typeof assignDeveloperSchema>,
): Promise<AssignmentResult> {
  await requireStaffProject(db, actor, projectId);
  // Hashed before the transaction: Argon2 takes a while and should not hold locks.
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const project = await requireStaffProject(tx, actor, projectId);
    const [developer] = await tx
      .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, role: profiles.role, locale: memberLocaleColumn })
      .from(profiles)
      .where(and(eq(profiles.id, input.developerProfileId), eq(profiles.organizationId, project.organizationId)));
    // Someone of another organization, or no one: not found, as everywhere across tenants.
    if (!developer) throw notFound(SHARING_MESSAGES.selectDeveloper, 'developer_not_found');
    if (developer.role !== 'developer') throw badRequest(SHARING_MESSAGES.notADeveloper, 'not_a_developer');

    const now = clock.now();
    // The unique (project, developer) key settles two assignments at once: one wins, one is told.
    const [access] = await tx
      .insert(developerProjectAccess)
      .values({ projectId: project.id, developerProfileId: developer.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: developerProjectAccess.id });
    if (!access) throw conflict(SHARING_MESSAGES.alreadyAssigned, 'already_assigned');

    const link = await insertAccessLink(tx, now, {
      projectId: project.id,
      name: developer.fullName,
      passwordHash,
      expiresAt: null,
      createdBy: actor.profileId,
      createdByName: actor.fullName,
    });
    await tx.update(developerProjectAccess).set({ accessTokenId: link.id }).where(eq(developerProjectAccess.id, access.id));

    await emit(tx, {
      type: 'developer.assigned',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: now,
      details: { developer_name: developer.fullName, developer_email: developer.email, has_password: passwordHash !== null },
    });

    // Spec 7: only when the developer has an email (members without one get only the link).
    const emailed = developer.email !== null && developer.email !== '';
    if (emailed) {
      const mail = assignmentEmail(developer, project, `${config.publicUrl}/project/${project.id}`);
      await enqueueEmail(tx, {
        kind: 'assign_developer',
        to: developer.email!,
        organizationId: project.organizationId,
        ...mail,
      });
    }

    const assigned: AssignedDeveloper = {
      profileId: developer.id,
      fullName: developer.fullName,
      email: developer.email,
      assignedAt: now.toISOString(),
    };
    return { developer: assigned, link, emailed };
  });
}

/** Takes the project off the developer's list and revokes the link made for them. */
export async function unassignDeveloper(
  { db, clock }: Platform,
  actor: Actor,
  projectId: string,
  developerProfileId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const project = await requireStaffProject(tx, actor, projectId);
    const [removed] = await tx
      .delete(developerProjectAccess)
      .where(and(eq(developerProjectAccess.projectId, project.id), eq(developerProjectAccess.developerProfileId, developerProfileId)))
      .returning({ accessTokenId: developerProjectAccess.accessTokenId });
    if (!removed) throw new AppError(404, 'not_assigned', SHARING_MESSAGES.notAssigned);
    if (removed.accessTokenId) await revokeLinkRow(tx, clock.now(), project.id, removed.accessTokenId);
    const [developer] = await tx
      .select({ fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, developerProfileId));
    await emit(tx, {
      type: 'developer.unassigned',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: clock.now(),
      details: { developer_name: developer?.fullName ?? null, developer_email: developer?.email ?? null },
    });
  });
}

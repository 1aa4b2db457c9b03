// Client intake through a link (issue 15; src/domain/intake.ts has the rules). The viewer of an
// intake link, with no account, reads the project's questionnaire, saves drafts and submits;
// the answers land on the project's stored field copy, with an activity entry, an email to the
// staff and a live update. Staff reopen or lock it. The link is checked by the project access
// gate (services/project-access/link.ts); writes check it again inside their transaction.
import { and, eq } from 'drizzle-orm';
import { INBOX_TEXTS } from '../../../domain/inbox';
import { withValues } from '../../../domain/locales';
import { INTAKE_MESSAGES, intakeAnswersSchema, intakeStartingAnswers, type IntakeView } from '../../../domain/intake';
import type { IntakeState } from '../../../domain/intake-state';
import { canManageProjects } from '../../../domain/roles';
import { SHARING_MESSAGES } from '../../../domain/sharing';
import type { FormData } from '../../../domain/template-field';
import { sortFields, withDefaultAnswers } from '../../../domain/templates';
import { emit } from '../../services/events';
import { translate } from '../../platform/i18n';
import { intakeSubmittedEmail } from './emails';
import { consumeRateLimit, type RateLimitRule } from '../../platform/auth/rate-limit';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { clients } from '../clients/public';
import { projectAccessTokens } from '../sharing/public';
import { projects } from '../projects/public';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors';
import { staffMembers } from '../../services/recipients';
import type { Platform } from '../../platform/platform';
import { invalidLink, usable, type ResolvedSharedLink, type UsableLink } from '../../services/project-access/link';
import type { IntakeSubmittedEvent } from '../../../domain/webhooks';
import { visibleProjects } from '../../services/project-access/member';

/** Saves and submits per link and client address: a person answering never meets it. */
export const INTAKE_WRITE_LIMIT = { windowSeconds: 600, max: 30 } as const satisfies RateLimitRule;

const notIntake = () => new AppError(404, 'not_intake', INTAKE_MESSAGES.notIntake);
const notOpen = () => conflict(INTAKE_MESSAGES.notOpen, 'intake_not_open');

function requireIntake(link: UsableLink): IntakeState {
  if (!link.intakeState) throw notIntake();
  return link.intakeState;
}

/** The link's intake row with its project's questionnaire, client and due date. */
async function intakeRow(db: Executor, linkId: string, now: Date, { lock }: { lock: boolean }) {
  const query = db
    .select({
      state: projectAccessTokens.intakeState,
      draft: projectAccessTokens.intakeDraft,
      submittedAt: projectAccessTokens.intakeSubmittedAt,
      linkName: projectAccessTokens.name,
      projectId: projects.id,
      projectName: projects.name,
      organizationId: projects.organizationId,
      fields: projects.templateFields,
      formData: projects.formData,
      dueDate: projects.dueDate,
      clientName: clients.name,
    })
    .from(projectAccessTokens)
    .innerJoin(projects, eq(projects.id, projectAccessTokens.projectId))
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(and(eq(projectAccessTokens.id, linkId), usable(now)));
  const [row] = lock ? await query.for('update', { of: projectAccessTokens }) : await query;
  // Revoked or expired since the request's first read: the link is gone.
  if (!row) throw invalidLink();
  if (!row.state) throw notIntake();
  return { ...row, state: row.state, fields: sortFields(row.fields) };
}

function toView(row: Awaited<ReturnType<typeof intakeRow>>): IntakeView {
  // While open the form starts from the draft, else from what the project holds.
  const stored = row.state === 'open' && row.draft ? row.draft : row.formData;
  return {
    state: row.state,
    fields: row.fields.filter((field) => field.name in intakeStartingAnswers(row.fields, null)),
    answers: intakeStartingAnswers(row.fields, stored ?? null),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/** GET /api/project-access/:token/intake: the questions and the answers so far (a read). */
export async function getIntake(platform: Platform, { link }: ResolvedSharedLink): Promise<IntakeView> {
  requireIntake(link);
  return toView(await intakeRow(platform.db, link.id, platform.clock.now(), { lock: false }));
}

/** The checked answers, or a 400 with the first problem's message (the field's own). */
function checkAnswers(row: Awaited<ReturnType<typeof intakeRow>>, answers: Record<string, unknown>, draft: boolean): FormData {
  const checked = intakeAnswersSchema(row.fields, { draft }).safeParse(answers);
  if (checked.success) return checked.data;
  throw new AppError(400, 'invalid_answers', checked.error.issues[0]!.message);
}

/**
 * Before a save or submit reads its body: an intake link (404 otherwise) and a write within the
 * limit (429), counted whatever the body turns out to be.
 */
export async function admitIntakeWrite(platform: Platform, { link, via }: ResolvedSharedLink): Promise<void> {
  requireIntake(link);
  if (!(await consumeRateLimit(platform, `brieflane:intake:${link.id}:${via.address}`, INTAKE_WRITE_LIMIT))) throw tooManyRequests();
}

/** A save or submit admitted by admitIntakeWrite: the link row locked, the questionnaire open. */
async function intakeWrite<T>(
  platform: Platform,
  { link }: ResolvedSharedLink,
  write: (tx: Executor, row: Awaited<ReturnType<typeof intakeRow>>, link: UsableLink, now: Date) => Promise<T>,
): Promise<T> {
  return platform.db.transaction(async (tx) => {
    const now = platform.clock.now();
    const row = await intakeRow(tx, link.id, now, { lock: true });
    if (row.state !== 'open') throw notOpen();
    return write(tx, row, link, now);
  });
}

/** PUT /api/project-access/:token/intake/draft: keeps the answers so far; required ones may wait. */
export async function saveIntakeDraft(platform: Platform, shared: ResolvedSharedLink, answers: Record<string, unknown>): Promise<IntakeView> {
  return intakeWrite(platform, shared, async (tx, row, link) => {
    const draft = checkAnswers(row, answers, true);
    await tx.update(projectAccessTokens).set({ intakeDraft: draft }).where(eq(projectAccessTokens.id, link.id));
    return toView({ ...row, draft });
  });
}

/**
 * POST /api/project-access/:token/intake/submit: every required answer, checked; they land on
 * the project's questionnaire (its stored copy of the fields), Client Name and Due Date kept or
 * taken from the project. Logged, emailed to staff and put in their inbox, published live.
 */
export async function submitIntake(platform: Platform, shared: ResolvedSharedLink, answers: Record<string, unknown>): Promise<IntakeView> {
  const viewer = shared.via.viewer;
  return intakeWrite(platform, shared, async (tx, row, link, now) => {
    const submitted = checkAnswers(row, answers, false);
    const formData = { ...withDefaultAnswers(row.formData, { clientName: row.clientName, dueDate: row.dueDate }), ...submitted } as FormData;
    await tx.update(projects).set({ formData, updatedAt: now }).where(eq(projects.id, row.projectId));
    await tx
      .update(projectAccessTokens)
      .set({ intakeState: 'submitted', intakeSubmittedAt: now, intakeDraft: null })
      .where(eq(projectAccessTokens.id, link.id));
    const projectUrl = `${platform.config.publicUrl}/project/${row.projectId}`;
    const event: IntakeSubmittedEvent = {
      projectId: row.projectId,
      projectName: row.projectName,
      link: { id: link.id, name: row.linkName },
      submittedAt: now.toISOString(),
      formData,
    };
    await emit(tx, {
      type: 'intake.submitted',
      organizationId: row.organizationId,
      projectId: row.projectId,
      // Issue 26 6c: someone signed in with another organization submits as the link's client;
      // their own name is not recorded.
      actorId: viewer?.organizationId === row.organizationId ? viewer.profileId : null,
      at: now,
      // An unnamed link is null: Activity Logs says "Untitled link" in its reader's language.
      details: { link_name: row.linkName },
      payload: event,
      notify: (await staffMembers(tx, row.organizationId)).map((member) => ({
        recipientId: member.id,
        kind: 'intake_submitted' as const,
        inbox: { projectId: row.projectId, title: withValues(INBOX_TEXTS.intakeSubmitted, { project: row.projectName }), body: row.linkName ?? INTAKE_MESSAGES.untitledLink },
        email: intakeSubmittedEmail(member, row.projectName, row.linkName ?? translate(member.locale, INTAKE_MESSAGES.untitledLink), projectUrl),
      })),
    });
    return toView({ ...row, state: 'submitted', submittedAt: now, draft: null, formData });
  });
}

/** Staff reopen a submitted or locked questionnaire for edits through the same link, or lock it. */
export async function changeIntake(
  { db, clock }: Platform,
  actor: Actor,
  projectId: string,
  linkId: string,
  action: 'reopen' | 'lock',
): Promise<{ state: IntakeState }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: projectAccessTokens.id, state: projectAccessTokens.intakeState, organizationId: projects.organizationId, name: projectAccessTokens.name })
      .from(projectAccessTokens)
      .innerJoin(projects, eq(projects.id, projectAccessTokens.projectId))
      .where(and(eq(projectAccessTokens.id, linkId), eq(projects.id, projectId), eq(projectAccessTokens.isActive, true), visibleProjects(actor)))
      .for('update', { of: projectAccessTokens });
    if (!row) throw notFound(SHARING_MESSAGES.linkNotFound);
    if (!canManageProjects(actor.role)) throw forbidden(SHARING_MESSAGES.staffOnly);
    if (!row.state) throw badRequest(INTAKE_MESSAGES.notIntake, 'not_intake');
    const state: IntakeState = action === 'reopen' ? 'open' : 'locked';
    if (row.state === state) return { state };
    await tx.update(projectAccessTokens).set({ intakeState: state, intakeDraft: null }).where(eq(projectAccessTokens.id, row.id));
    await emit(tx, {
      type: action === 'reopen' ? 'intake.reopened' : 'intake.locked',
      organizationId: row.organizationId,
      projectId,
      actorId: actor.profileId,
      at: clock.now(),
      details: { link_name: row.name },
    });
    return { state };
  });
}

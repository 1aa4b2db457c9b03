// The project page (spec 2 "Project detail page"): one project with its client's name, and the
// Project Info edit form. A project the caller may not see (another organization's, or for a
// developer one not assigned) is not found.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PROJECT_DETAIL_MESSAGES,
  statusAfterEdit,
  updateProjectSchema,
  type ProjectDetail,
} from '../../../domain/project-details';
import { isPastDate, PROJECT_MESSAGES } from '../../../domain/project-rules';
import { canManageProjects } from '../../../domain/roles';
import { emit } from '../../services/events';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { clients } from '../clients/public';
import { fileApprovals } from '../files/public';
import { projects } from './schema';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { visibleProjects } from '../../services/project-access/member';
import { projectEvent, resetOverdueProjects, today } from './service';

type DetailRow = { project: typeof projects.$inferSelect; clientName: string; awaiting?: number; changesRequested?: number };

async function findVisibleProject(db: Executor, actor: Actor, projectId: string): Promise<DetailRow | undefined> {
  const [row] = await db
    .select({
      project: projects,
      clientName: clients.name,
      awaiting: sql<number>`(select count(*)::int from ${fileApprovals} where ${fileApprovals.projectId} = ${projects.id} and ${fileApprovals.state} = 'awaiting')`,
      changesRequested: sql<number>`(select count(*)::int from ${fileApprovals} where ${fileApprovals.projectId} = ${projects.id} and ${fileApprovals.state} = 'changes_requested')`,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(and(eq(projects.id, projectId), visibleProjects(actor)));
  return row;
}

function toDetail({ project, clientName, awaiting, changesRequested }: DetailRow, actor: Actor): ProjectDetail {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    status: project.status,
    dueDate: project.dueDate,
    clientId: project.clientId,
    clientName,
    companyOverview: project.companyOverview,
    templateId: project.templateId,
    // Spec 3: fields that are not a list are treated as empty.
    templateFields: Array.isArray(project.templateFields) ? project.templateFields : null,
    formData: project.formData ?? null,
    createdAt: project.createdAt.toISOString(),
    updatedAt: project.updatedAt.toISOString(),
    canEdit: canManageProjects(actor.role),
    ...(awaiting === undefined ? {} : { approvals: { awaiting, changesRequested: changesRequested ?? 0 } }),
  };
}

export async function getProjectDetail({ db }: Platform, actor: Actor, projectId: string): Promise<ProjectDetail> {
  const row = await findVisibleProject(db, actor, projectId);
  if (!row) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
  return toDetail(row, actor);
}

export async function updateProject(
  { db, clock }: Platform,
  actor: Actor,
  projectId: string,
  input: z.output<typeof updateProjectSchema>,
): Promise<{ project: ProjectDetail; statusForcedActive: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const row = await findVisibleProject(tx, actor, projectId);
    if (!row) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
    if (!canManageProjects(actor.role)) throw forbidden('You do not have permission to edit this project.');
    if (isPastDate(input.dueDate, today(clock), row.project.dueDate)) throw badRequest(PROJECT_MESSAGES.dueDateInPast, 'due_date_in_past');

    // Spec 4: a due date after today forces the status to active, and the answer says so.
    const { status, forcedActive } = statusAfterEdit(input.status, input.dueDate, today(clock));
    await tx
      .update(projects)
      .set({
        name: input.name,
        description: input.description,
        dueDate: input.dueDate,
        companyOverview: input.companyOverview,
        status,
        updatedAt: clock.now(),
      })
      .where(and(eq(projects.id, projectId), eq(projects.organizationId, actor.organizationId)));
    // Spec 4 / decision 3: after saving, overdue projects due today or later (or undated) reset.
    await resetOverdueProjects(tx, clock, actor.organizationId);

    const saved = await findVisibleProject(tx, actor, projectId);
    await emit(tx, {
      type: 'project.updated',
      organizationId: actor.organizationId,
      projectId,
      actorId: actor.profileId,
      at: clock.now(),
      details: { project_name: input.name, status, due_date: input.dueDate },
      payload: await projectEvent(tx, actor, projectId),
    });
    return {
      project: toDetail(saved!, actor),
      statusForcedActive: forcedActive,
      message: (forcedActive ? PROJECT_DETAIL_MESSAGES.savedActive : PROJECT_DETAIL_MESSAGES.saved).message,
    };
  });
}

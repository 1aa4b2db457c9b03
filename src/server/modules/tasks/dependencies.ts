// Task dependencies (issue 51 item 2): "this task is blocked by that one", finish-to-start, both of
// one project. Staff add and remove them; a loop is refused with its path (409 dependency_cycle);
// anyone who sees the project reads a task's blockers with the task. Shifting dependents moves
// every task downstream of a moved one to start after its blockers' due dates (shiftDependents),
// each move one task.updated event, all in one transaction.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEPENDENCY_FIELD_MESSAGES } from '../../../domain/task-dependency-schemas';
import { dependencyCycle, dependencyCycleMessage, shiftDependents } from '../../../domain/task-dependencies';
import { DEFAULT_WORKWEEK } from '../../../domain/schedule-rules';
import { TASK_MESSAGES, type Task } from '../../../domain/tasks';
import type { Executor } from '../../platform/db/client';
import { profiles } from '../../platform/db/schema/tenancy';
import { conflict, forbidden, invalidField, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { requireContributor, type ProjectAccess } from '../../services/project-access/access';
import { projects } from '../projects/public';
import { taskDependencies, tasks } from './schema';
import { asSeenThrough, blockedByColumn, getTask, toTask } from './service';

const assignee = alias(profiles, 'assignee');

/** Staff of the project's organization, signed in on the project page: the only ones who plan. */
function requirePlanner(access: ProjectAccess) {
  const actor = requireContributor(access);
  if (!access.canManage) throw forbidden(TASK_MESSAGES.staffOnly);
  return actor;
}

/**
 * The project's row locked for the plan's writes: adding dependencies and shifting dates take
 * turns, so two additions made at once cannot close a loop that neither saw.
 */
async function lockProject(tx: Executor, projectId: string) {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('no key update');
}

/** The project's task, or the 404 of a task that is not (another project's included). */
async function projectTask(tx: Executor, projectId: string, taskId: string) {
  const [row] = await tx.select({ id: tasks.id, title: tasks.title }).from(tasks).where(and(eq(tasks.id, taskId), eq(tasks.projectId, projectId)));
  if (!row) throw notFound(TASK_MESSAGES.notFound);
  return row;
}

/** Every "blocked by" of the project, as the domain's edges. */
async function projectEdges(tx: Executor, projectId: string) {
  return tx
    .select({ taskId: taskDependencies.taskId, blockedById: taskDependencies.blockedByTaskId })
    .from(taskDependencies)
    .innerJoin(tasks, eq(tasks.id, taskDependencies.taskId))
    .where(eq(tasks.projectId, projectId));
}

/**
 * `taskId` becomes blocked by `blockedByTaskId`. A blocker the caller cannot see (another
 * organization's, or none) is a 404 as the tasks API answers; another project's of the same
 * organization a 400 on `blockedByTaskId`; a loop a 409 naming it. An edge already there is
 * answered as it is (`created` false: the route's 200), nothing logged.
 */
export async function addDependency(
  platform: Platform,
  access: ProjectAccess,
  taskId: string,
  blockedByTaskId: string,
): Promise<{ task: Task; created: boolean }> {
  const { db, clock } = platform;
  const created = await db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requirePlanner(access);
    await lockProject(tx, project.id);
    const task = await projectTask(tx, project.id, taskId);
    const [blocker] = await tx
      .select({ id: tasks.id, title: tasks.title, projectId: tasks.projectId, organizationId: projects.organizationId })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(eq(tasks.id, blockedByTaskId));
    if (!blocker || blocker.organizationId !== project.organizationId) throw notFound(TASK_MESSAGES.notFound);
    if (blocker.projectId !== project.id) throw invalidField(DEPENDENCY_FIELD_MESSAGES.otherProject, 'blockedByTaskId');

    const edges = await projectEdges(tx, project.id);
    if (edges.some((edge) => edge.taskId === taskId && edge.blockedById === blockedByTaskId)) return false;
    const loop = dependencyCycle(edges, { taskId, blockedById: blockedByTaskId });
    if (loop) {
      const titles = new Map(
        (await tx.select({ id: tasks.id, title: tasks.title }).from(tasks).where(and(eq(tasks.projectId, project.id), inArray(tasks.id, [...new Set(loop)])))).map((row) => [row.id, row.title]),
      );
      const error = conflict(dependencyCycleMessage(loop.map((id) => titles.get(id) ?? id)), 'dependency_cycle');
      error.path = loop;
      throw error;
    }

    const now = clock.now();
    await tx.insert(taskDependencies).values({ taskId, blockedByTaskId, createdAt: now, createdBy: actor.profileId });
    await emit(tx, {
      type: 'task.dependency_added',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: now,
      details: { task_id: task.id, task_title: task.title, blocked_by_task_id: blocker.id, blocked_by_title: blocker.title },
    });
    return true;
  });
  return { task: await getTask(platform, access, taskId), created };
}

/** `taskId` is no longer blocked by `blockedByTaskId`; none such already: nothing to do (still 204). */
export async function removeDependency({ db, clock }: Platform, access: ProjectAccess, taskId: string, blockedByTaskId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requirePlanner(access);
    const task = await projectTask(tx, project.id, taskId);
    const [removed] = await tx
      .delete(taskDependencies)
      .where(and(eq(taskDependencies.taskId, task.id), eq(taskDependencies.blockedByTaskId, blockedByTaskId)))
      .returning({ blockedByTaskId: taskDependencies.blockedByTaskId });
    if (!removed) return;
    const [blocker] = await tx.select({ title: tasks.title }).from(tasks).where(and(eq(tasks.id, blockedByTaskId), eq(tasks.projectId, project.id)));
    await emit(tx, {
      type: 'task.dependency_removed',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: clock.now(),
      details: { task_id: task.id, task_title: task.title, blocked_by_task_id: blockedByTaskId, blocked_by_title: blocker?.title ?? null },
    });
  });
}

/**
 * Moves every (transitive) dependent of `taskId` to start on the first working day (Monday to
 * Friday) after its blockers' due dates, keeping its length in working days (shiftDependents).
 * Answers the tasks moved, in the order they were placed; each one is a task.updated event.
 */
export async function shiftTaskDependents({ db, clock }: Platform, access: ProjectAccess, taskId: string): Promise<Task[]> {
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requirePlanner(access);
    await lockProject(tx, project.id);
    await projectTask(tx, project.id, taskId);
    const planned = await tx.select({ id: tasks.id, startDate: tasks.startDate, dueDate: tasks.dueDate }).from(tasks).where(eq(tasks.projectId, project.id));
    const changes = shiftDependents({ tasks: planned, edges: await projectEdges(tx, project.id), movedTaskId: taskId, workweek: DEFAULT_WORKWEEK });
    if (changes.length === 0) return [];
    const now = clock.now();
    const before = new Map(planned.map((task) => [task.id, task]));
    for (const change of changes) {
      await tx
        .update(tasks)
        .set({ startDate: change.startDate, dueDate: change.dueDate, updatedAt: now })
        .where(and(eq(tasks.id, change.taskId), eq(tasks.projectId, project.id)));
    }
    const rows = await tx
      .select({ task: tasks, assigneeName: assignee.fullName, blockedBy: blockedByColumn })
      .from(tasks)
      .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
      .where(and(eq(tasks.projectId, project.id), inArray(tasks.id, changes.map((change) => change.taskId))))
      .orderBy(asc(tasks.id));
    const byId = new Map(rows.map((row) => [row.task.id, toTask(row.task, row.assigneeName, row.blockedBy)]));
    const moved: Task[] = [];
    for (const change of changes) {
      const task = byId.get(change.taskId)!;
      const old = before.get(change.taskId)!;
      const changed = (['startDate', 'dueDate'] as const).filter((field) => old[field] !== change[field]);
      await emit(tx, {
        type: 'task.updated',
        organizationId: project.organizationId,
        projectId: project.id,
        actorId: actor.profileId,
        at: now,
        details: { task_id: task.id, task_title: task.title, changed: changed.join(', ') },
        payload: task,
      });
      moved.push(asSeenThrough(access, task));
    }
    return moved;
  });
}

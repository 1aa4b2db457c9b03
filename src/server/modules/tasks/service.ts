// Tasks of a project (spec 2 "Tasks", 4 "Task status", 6, 7; issue 16). Anyone who can see the
// project may list its tasks and, when signed in, change their status (members, and link
// viewers of any organization); only staff create and edit them, and assign them to a member
// who can see the project. Completing a task emails, through the outbox in the same
// transaction, the developers with access and the organization's admins and account
// executives (spec 6); an assignment emails and notifies the assignee.
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { format } from 'date-fns/format';
import { INBOX_TEXTS } from '../../../domain/inbox';
import { isPastDate } from '../../../domain/project-rules';
import { boardColumnRank, placeAfter, positionAtEnd } from '../../../domain/task-order';
import type { OptionListQuery } from '../../../domain/option-lists';
import type { ProjectListQuery } from '../../../domain/project-lists';
import { startsAfterDue } from '../../../domain/task-rules';
import {
  createTaskSchema,
  STAFF_TASK_FIELDS,
  TASK_MESSAGES,
  type AssigneePage,
  type Task,
  type updateTaskSchema,
} from '../../../domain/tasks';
import type { TaskStatus } from '../../../domain/project-status';
import type { Executor } from '../../platform/db/client';
import { profiles } from '../../platform/db/schema/tenancy';
import { cursorTimeOf, decodeRankedCursor, decodeRankedNameCursor, encodeRankedCursor, encodeRankedNameCursor } from '../../platform/db/cursor';
import { projects } from '../projects/public';
import { developerProjectAccess } from '../sharing/public';
import { taskColumnRank, tasks } from './schema';
import { blockedByColumn, blockersOfTask, toTask } from './task-row';
import { dateTaken, makeNextOccurrence, organizationToday } from './recurrence';
import { RECURRENCE_MESSAGES } from '../../../domain/recurrence-rules';

export { blockedByColumn, blockersOfTask, toTask };
import { badRequest, conflict, forbidden, invalidField, notFound } from '../../platform/errors';
import { emit, type EventDelivery } from '../../services/events';
import { projectFollowers } from '../../services/inbox';
import { taskAssignedEmail, taskCompletedEmail } from './emails';
import { assignedDeveloperRecipients, staffRecipients, type Recipient } from '../../services/recipients';
import { memberLocaleColumn } from '../../services/reader-locale';
import { withValues, type Locale } from '../../../domain/locales';
import type { Platform } from '../../platform/platform';
import type { AccessedProject, ProjectActor } from '../../services/project-access/access';
import { requireContributor, type ProjectAccess } from '../../services/project-access/access';
import { profileSeesProject } from '../../services/project-access/member';

const assignee = alias(profiles, 'assignee');

/**
 * A task as its reader may see it (issue 51): through a share link without its estimate, the
 * agency's own figure of the effort (its dates are the plan the client follows).
 */
export function asSeenThrough(access: ProjectAccess, task: Task): Task {
  return access.via === 'link' ? { ...task, estimateMinutes: null } : task;
}

/**
 * A member who may be given a task of this project: of its organization, and staff or a
 * developer assigned to it. Anyone else (another organization's included) is a 400, nothing written.
 */
async function requireAssignable(tx: Executor, project: AccessedProject, profileId: string): Promise<{ id: string; fullName: string; email: string | null; locale: Locale }> {
  const [member] = await tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, locale: memberLocaleColumn })
    .from(profiles)
    .where(
      and(eq(profiles.id, profileId), profileSeesProject(project)),
    );
  if (!member) throw badRequest(TASK_MESSAGES.assigneeNotAllowed, 'assignee_not_allowed');
  return member;
}

/**
 * Who the task picker offers: staff and the project's developers (`onProject`), then the
 * organization's other developers (issue 27 item 6), whom staff may first assign to the project;
 * each group by name, then id. Keyset-paged on that order (issue 36: it stopped at 500 with
 * nothing to say more existed); the picker reads every page.
 */
export async function listAssignees({ db }: Platform, access: ProjectAccess, query: OptionListQuery): Promise<AssigneePage> {
  const cursor = query.cursor ? decodeRankedNameCursor(query.cursor) : undefined;
  const project = await access.project(db);
  if (!access.canManage) throw forbidden('You do not have permission to assign tasks.');
  const assigned = db
    .select({ developerProfileId: developerProjectAccess.developerProfileId })
    .from(developerProjectAccess)
    .where(eq(developerProjectAccess.projectId, project.id))
    .as('assigned');
  const onProject = sql<boolean>`(${profiles.role} <> 'developer' or ${assigned.developerProfileId} is not null)`;
  // 0: on the project, 1: not yet; the first key of the order and of the cursor.
  const rank = sql<number>`(case when ${onProject} then 0 else 1 end)`;
  const rows = await db
    .select({ id: profiles.id, fullName: profiles.fullName, role: profiles.role, onProject })
    .from(profiles)
    .leftJoin(assigned, eq(assigned.developerProfileId, profiles.id))
    .where(
      and(
        eq(profiles.organizationId, project.organizationId),
        cursor ? sql`(${rank}, ${profiles.fullName}, ${profiles.id}) > (${cursor.rank}::int, ${cursor.name}, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(rank, profiles.fullName, profiles.id)
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit),
    nextCursor: last ? encodeRankedNameCursor({ rank: last.onProject ? 0 : 1, name: last.fullName, id: last.id }) : null,
  };
}

/** A new assignee's news, inbox and email (none when people assign themselves). */
function assignmentNews(
  { config }: Platform,
  project: AccessedProject,
  actor: ProjectActor,
  member: { id: string; fullName: string; email: string | null; locale: Locale } | null,
  task: { id: string; title: string },
): EventDelivery<'task.created' | 'task.updated' | 'task.completed'>[] {
  if (!member || member.id === actor.profileId) return [];
  return [
    {
      recipientId: member.id,
      kind: 'task_assigned',
      inbox: { projectId: project.id, taskId: task.id, title: withValues(INBOX_TEXTS.assigned, { task: task.title }), body: project.name },
      email: taskAssignedEmail(member, actor.fullName, project, task, config.publicUrl),
    },
  ];
}

const columnRank = taskColumnRank(tasks.status);

/**
 * One page of the project's tasks in the board's order (issue 27: one order for the list and the
 * board): To Do, In Progress, Completed, each by position, then age, then id (compareTaskListOrder).
 * Keyset-paged (issue 36): the cursor is the last row's key, compared as one row value, which
 * tasks_project_board_idx serves as an index condition.
 */
export async function listTasks({ db }: Platform, access: ProjectAccess, query: ProjectListQuery): Promise<{ items: Task[]; nextCursor: string | null }> {
  const cursor = query.cursor ? decodeRankedCursor(query.cursor) : undefined;
  const project = await access.project(db);
  const rows = await db
    .select({ task: tasks, assigneeName: assignee.fullName, blockedBy: blockedByColumn, cursorTime: cursorTimeOf(tasks.createdAt) })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .where(
      and(
        eq(tasks.projectId, project.id),
        cursor
          ? sql`(${columnRank}, ${tasks.position}, ${tasks.createdAt}, ${tasks.id}) > (${cursor.rank}::int, ${cursor.position}::double precision, ${cursor.time}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(columnRank, asc(tasks.position), asc(tasks.createdAt), asc(tasks.id))
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit).map((row) => asSeenThrough(access, toTask(row.task, row.assigneeName, row.blockedBy))),
    nextCursor: last
      ? encodeRankedCursor({ rank: boardColumnRank(last.task.status), position: last.task.position, createdAt: last.cursorTime, id: last.task.id })
      : null,
  };
}

/** One task of the project (its page and panel, issue 29); 404 when it is not this project's. */
export async function getTask({ db }: Platform, access: ProjectAccess, taskId: string): Promise<Task> {
  const project = await access.project(db);
  const [row] = await db
    .select({ task: tasks, assigneeName: assignee.fullName, blockedBy: blockedByColumn })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.assigneeId))
    .where(and(eq(tasks.id, taskId), eq(tasks.projectId, project.id)));
  if (!row) throw notFound(TASK_MESSAGES.notFound);
  return asSeenThrough(access, toTask(row.task, row.assigneeName, row.blockedBy));
}

export async function createTask(platform: Platform, access: ProjectAccess, input: z.output<typeof createTaskSchema>): Promise<Task> {
  const { db, clock } = platform;
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireContributor(access);
    if (!access.canManage) throw forbidden('You do not have permission to add tasks.');
    if (isPastDate(input.dueDate, format(clock.now(), 'yyyy-MM-dd'))) throw badRequest(TASK_MESSAGES.dueDateInPast, 'due_date_in_past');
    const member = input.assigneeId ? await requireAssignable(tx, project, input.assigneeId) : null;
    const now = clock.now();
    const [row] = await tx
      .insert(tasks)
      .values({
        projectId: project.id,
        title: input.title,
        description: input.description,
        priority: input.priority,
        dueDate: input.dueDate,
        startDate: input.startDate,
        estimateMinutes: input.estimateMinutes,
        status: 'pending',
        assigneeId: member?.id ?? null,
        // Last in its board column.
        position: now.getTime(),
        createdBy: actor.profileId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // A new task is blocked by nothing yet.
    const task = toTask(row!, member?.fullName ?? null, []);
    await emit(tx, {
      type: 'task.created',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: now,
      details: {
        task_id: row!.id,
        task_title: input.title,
        priority: input.priority,
        due_date: input.dueDate,
        ...(input.startDate ? { start_date: input.startDate } : {}),
        ...(input.estimateMinutes ? { estimate_minutes: input.estimateMinutes } : {}),
        assignee_name: member?.fullName ?? null,
      },
      payload: task,
      notify: assignmentNews(platform, project, actor, member, row!),
    });
    return task;
  });
}

/** Spec 6: developers with access to the project, and the organization's admins and account executives, once each. */
async function completionRecipients(tx: Executor, organizationId: string, projectId: string): Promise<Recipient[]> {
  const byEmail = new Map<string, Recipient>();
  for (const recipient of [...(await assignedDeveloperRecipients(tx, organizationId, projectId)), ...(await staffRecipients(tx, organizationId))]) {
    const key = recipient.email.toLowerCase();
    if (!byEmail.has(key)) byEmail.set(key, { id: recipient.id, email: key, fullName: recipient.fullName, locale: recipient.locale });
  }
  return [...byEmail.values()];
}

/**
 * PATCH of a task (issue 16): its status (the checkbox: pending/completed; the menu or board:
 * in_progress) and board place for anyone who may work on the project; title, description,
 * priority, due date and assignee for staff only. One activity entry per change, with what changed.
 */
export async function updateTask(
  platform: Platform,
  access: ProjectAccess,
  taskId: string,
  change: z.output<typeof updateTaskSchema>,
): Promise<Task> {
  const { db, clock } = platform;
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireContributor(access);
    if (!access.canManage && STAFF_TASK_FIELDS.some((field) => change[field] !== undefined)) throw forbidden(TASK_MESSAGES.staffOnly);
    // Moves on one project's board take turns, each seeing the last one's order: the project row
    // is locked before any task row, so two moves crossing between columns wait instead of
    // deadlocking on each other's tasks. (No key update: adding a task is not held up.)
    if (change.status !== undefined || change.afterTaskId !== undefined) {
      await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for('no key update');
    }
    const [current] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, taskId), eq(tasks.projectId, project.id)))
      .for('update');
    // A task of another project is indistinguishable from none.
    if (!current) throw notFound(TASK_MESSAGES.notFound);
    // One of the two dates sent: checked against the other as stored (both sent: the schema did).
    if (startsAfterDue({ startDate: change.startDate === undefined ? current.startDate : change.startDate, dueDate: change.dueDate === undefined ? current.dueDate : change.dueDate })) {
      throw invalidField(TASK_MESSAGES.startAfterDue, change.startDate === undefined ? 'dueDate' : 'startDate');
    }
    // Issue 51 item 4: one occurrence of a recurring task per date.
    if (change.dueDate && change.dueDate !== current.dueDate && (await dateTaken(tx, current, change.dueDate))) {
      throw invalidField(RECURRENCE_MESSAGES.dateTaken, 'dueDate');
    }
    const member = change.assigneeId ? await requireAssignable(tx, project, change.assigneeId) : null;

    const now = clock.now();
    const status = change.status ?? current.status;
    const statusChanged = status !== current.status;
    const assigneeChanged = change.assigneeId !== undefined && change.assigneeId !== current.assigneeId;
    const edits = Object.fromEntries(
      (['title', 'description', 'priority', 'dueDate', 'startDate', 'estimateMinutes'] as const).filter((f) => change[f] !== undefined && change[f] !== current[f]).map((f) => [f, change[f]]),
    );
    // The task's place in its column: where the move asked for, or last in the new column.
    const placement = statusChanged || change.afterTaskId !== undefined ? await place(tx, current, status, change.afterTaskId) : [];
    const position = placement.find((p) => p.id === current.id)?.position;
    const moved = placement.length > 0;
    // Already so (a double click, two people at once): nothing to record or email.
    if (!statusChanged && !assigneeChanged && !moved && Object.keys(edits).length === 0) {
      return asSeenThrough(access, toTask(current, await assigneeName(tx, current.assigneeId), await blockersOfTask(tx, current.id)));
    }

    const [row] = await tx
      .update(tasks)
      .set({
        ...edits,
        ...(statusChanged
          ? // Spec 4: completing records when and by whom; anything else clears both.
            status === 'completed'
            ? { status, completedAt: now, completedBy: actor.profileId }
            : { status, completedAt: null, completedBy: null }
          : {}),
        ...(assigneeChanged ? { assigneeId: change.assigneeId } : {}),
        ...(position !== undefined ? { position } : {}),
        updatedAt: now,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.projectId, project.id)))
      .returning();
    if (!row) throw notFound(TASK_MESSAGES.notFound);
    await storePositions(tx, project.id, placement.filter((p) => p.id !== current.id));

    const task = toTask(row, row.assigneeId ? (member?.fullName ?? (await assigneeName(tx, row.assigneeId))) : null, await blockersOfTask(tx, row.id));
    const base = { organizationId: project.organizationId, projectId: project.id, actorId: actor.profileId, at: now };
    // A move within its column changes only the board's order: nothing to log, email or send.
    if (!statusChanged && !assigneeChanged && Object.keys(edits).length === 0) {
      await emit(tx, { type: 'task.moved', ...base });
      return asSeenThrough(access, task);
    }
    const completed = statusChanged && status === 'completed';
    await emit(tx, {
      type: completed ? 'task.completed' : 'task.updated',
      ...base,
      // The project's organization: a signed-in user of another one may act through a link.
      details: {
        task_id: row.id,
        task_title: row.title,
        ...(statusChanged ? { status } : {}),
        ...(assigneeChanged ? { assignee_name: member?.fullName ?? null } : {}),
        ...(Object.keys(edits).length > 0 ? { changed: Object.keys(edits).join(', ') } : {}),
      },
      payload: task,
      notify: [
        ...(assigneeChanged ? assignmentNews(platform, project, actor, member, row) : []),
        ...(completed ? await completionNews(tx, platform, project, actor, row) : []),
      ],
    });
    // Issue 51 item 4: a recurring task completed brings its next occurrence (once: completing it
    // again after reopening finds it made).
    if (completed && row.recurrenceRule) {
      await makeNextOccurrence(tx, platform, project, row, row.dueDate ?? (await organizationToday(tx, project.organizationId, now)), actor.profileId);
    }
    return asSeenThrough(access, task);
  });
}

/**
 * Who hears of a completed task: by email, spec 6's recipients (completionRecipients); in the
 * inbox, those who follow the project (its assignees among them), but whoever did it.
 */
async function completionNews(
  tx: Executor,
  { config }: Platform,
  project: AccessedProject,
  actor: ProjectActor,
  task: { id: string; title: string },
): Promise<EventDelivery<'task.completed'>[]> {
  const emails = (await completionRecipients(tx, project.organizationId, project.id)).map((recipient) => ({
    recipientId: recipient.id,
    kind: 'task_completed' as const,
    email: taskCompletedEmail(recipient, actor.fullName, project, task, config.publicUrl),
  }));
  const inbox = (await projectFollowers(tx, project, actor.profileId)).map((recipientId) => ({
    recipientId,
    kind: 'task_completed' as const,
    inbox: { projectId: project.id, taskId: task.id, title: withValues(INBOX_TEXTS.completed, { task: task.title }), body: project.name },
  }));
  return [...emails, ...inbox];
}

export async function assigneeName(tx: Executor, profileId: string | null): Promise<string | null> {
  if (!profileId) return null;
  const [row] = await tx.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, profileId));
  return row?.fullName ?? null;
}

/** The checkbox (spec 4), for members and for link viewers alike. */
export function setTaskStatus(platform: Platform, access: ProjectAccess, taskId: string, status: Extract<TaskStatus, 'pending' | 'completed'>): Promise<Task> {
  return updateTask(platform, access, taskId, { status });
}

/**
 * The positions to store for a task going into the `status` column: right after `afterTaskId`
 * (null: the top), or last when no place is named. The caller holds the project's lock.
 */
async function place(tx: Executor, task: typeof tasks.$inferSelect, status: TaskStatus, afterTaskId: string | null | undefined) {
  const column = (
    await tx
      .select({ id: tasks.id, position: tasks.position, createdAt: tasks.createdAt })
      .from(tasks)
      .where(and(eq(tasks.projectId, task.projectId), eq(tasks.status, status)))
  ).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  const moved = { id: task.id, position: task.position, createdAt: task.createdAt.toISOString() };
  if (afterTaskId === undefined) return [{ id: task.id, position: positionAtEnd(column, moved) }];
  const placement = placeAfter(column, moved, afterTaskId);
  // The neighbour left the column (or the project) meanwhile: the board the move was made on is gone.
  if (!placement) throw conflict(TASK_MESSAGES.boardChanged, 'board_changed');
  return placement;
}

/** Other tasks' new positions when a column is numbered again, in one statement. */
async function storePositions(tx: Executor, projectId: string, positions: Array<{ id: string; position: number }>) {
  if (positions.length === 0) return;
  const values = sql.join(
    positions.map((p) => sql`(${p.id}::uuid, ${p.position}::double precision)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${tasks} set position = v.position
    from (values ${values}) as v(id, position)
    where ${tasks.id} = v.id and ${tasks.projectId} = ${projectId}`);
}

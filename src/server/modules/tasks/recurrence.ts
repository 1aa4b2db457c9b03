// Recurring tasks (issue 51 item 4, decision 046): a task's rule, set and cleared by staff; the
// next occurrence made when one is completed or when its due date comes (a job, in the
// organization's time zone), exactly once; "skip this one". Dates are calendar dates: the rule
// counts them through rrule (recurrence-dates.ts); the time zone says only which day is today.
import { and, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { nextOccurrence, todayIn } from '../../../domain/recurrence-dates';
import { parseRecurrence, RECURRENCE_MESSAGES, serializeRecurrence, storedRecurrence, type Recurrence } from '../../../domain/recurrence-rules';
import { TASK_MESSAGES, type Task } from '../../../domain/tasks';
import { effectiveTimeZone } from '../../../domain/time-zone-rules';
import type { Executor } from '../../platform/db/client';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { badRequest, forbidden, invalidField, notFound } from '../../platform/errors';
import { createJob, runWithServer } from '../../platform/jobs';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { requireContributor, type AccessedProject, type ProjectAccess } from '../../services/project-access/access';
import { projects } from '../projects/public';
import { tasks } from './schema';
import { blockersOfTask, toTask } from './task-row';

type TaskRow = typeof tasks.$inferSelect;

export const RECURRENCE_INTERVAL_MS = 15 * 60 * 1000;
/** Occurrences made per run; a full batch runs again at once. */
export const RECURRENCE_BATCH = 200;

const DAY_MS = 86_400_000;
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The day it is now for the organization (its time zone, UTC when it has none). */
export async function organizationToday(tx: Executor, organizationId: string, now: Date): Promise<string> {
  const [org] = await tx.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, organizationId));
  return todayIn(now, effectiveTimeZone(org?.timeZone));
}

async function assigneeName(tx: Executor, profileId: string | null): Promise<string | null> {
  if (!profileId) return null;
  const [row] = await tx.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, profileId));
  return row?.fullName ?? null;
}

/** The project's task, locked for the change; a task of another project is none. */
async function lockedTask(tx: Executor, project: AccessedProject, taskId: string): Promise<TaskRow> {
  const [row] = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.projectId, project.id)))
    .for('update');
  if (!row) throw notFound(TASK_MESSAGES.notFound);
  return row;
}

/** Whether the series already has an occurrence after this one (the next one made). */
async function hasNext(tx: Executor, row: TaskRow): Promise<boolean> {
  if (!row.seriesId) return false;
  const later = row.dueDate
    ? gt(tasks.dueDate, row.dueDate)
    : and(ne(tasks.id, row.id), gt(tasks.createdAt, row.createdAt));
  const [found] = await tx.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.seriesId, row.seriesId), later)).limit(1);
  return found !== undefined;
}

/** Whether another occurrence of the series is due on `date`. */
export async function dateTaken(tx: Executor, row: TaskRow, date: string): Promise<boolean> {
  if (!row.seriesId) return false;
  const [found] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.seriesId, row.seriesId), eq(tasks.dueDate, date), ne(tasks.id, row.id)))
    .limit(1);
  return found !== undefined;
}

/** The start date kept the same number of days before the new due date (none when either is unset). */
function startFor(row: TaskRow, dueDate: string): string | null {
  return row.startDate && row.dueDate ? plusDays(dueDate, -daysBetween(row.startDate, row.dueDate)) : null;
}

/**
 * Makes the occurrence after `row`, due on the rule's next date after `after` (counted from the
 * task's own due date), unless the series has it already: the unique (series, due date) key makes
 * it once however many completions or job runs race. Emits task.created for it. Returns the new
 * row, or null when nothing was made.
 */
export async function makeNextOccurrence(
  tx: Executor,
  { clock }: Pick<Platform, 'clock'>,
  project: AccessedProject,
  row: TaskRow,
  after: string,
  actorId: string | null,
): Promise<TaskRow | null> {
  const recurrence = storedRecurrence(row.recurrenceRule);
  if (!recurrence || !row.seriesId) return null;
  if (await hasNext(tx, row)) return null;
  const dueDate = nextOccurrence(recurrence, after, row.dueDate ?? after);
  if (!dueDate) return null;
  const now = clock.now();
  const [next] = await tx
    .insert(tasks)
    .values({
      projectId: row.projectId,
      title: row.title,
      description: row.description,
      priority: row.priority,
      assigneeId: row.assigneeId,
      estimateMinutes: row.estimateMinutes,
      dueDate,
      startDate: startFor(row, dueDate),
      recurrenceRule: row.recurrenceRule,
      seriesId: row.seriesId,
      status: 'pending',
      position: now.getTime(),
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!next) return null;
  const name = await assigneeName(tx, next.assigneeId);
  await emit(tx, {
    type: 'task.created',
    organizationId: project.organizationId,
    projectId: project.id,
    actorId,
    at: now,
    details: {
      task_id: next.id,
      task_title: next.title,
      priority: next.priority,
      due_date: next.dueDate,
      ...(next.startDate ? { start_date: next.startDate } : {}),
      ...(next.estimateMinutes ? { estimate_minutes: next.estimateMinutes } : {}),
      assignee_name: name,
      repeats: row.id,
    },
    payload: toTask(next, name, []),
  });
  return next;
}

function requireStaff(access: ProjectAccess) {
  const actor = requireContributor(access);
  if (!access.canManage) throw forbidden(TASK_MESSAGES.staffOnly);
  return actor;
}

/** The change answered and sent: one task.updated with what changed. */
async function updated(tx: Executor, platform: Platform, project: AccessedProject, actorId: string, row: TaskRow, changed: string): Promise<Task> {
  const task = toTask(row, await assigneeName(tx, row.assigneeId), await blockersOfTask(tx, row.id));
  await emit(tx, {
    type: 'task.updated',
    organizationId: project.organizationId,
    projectId: project.id,
    actorId,
    at: platform.clock.now(),
    details: { task_id: row.id, task_title: row.title, changed },
    payload: task,
  });
  return task;
}

/** PUT .../recurrence: the task repeats by `rule` (staff). A rule outside the model, or giving no date, is the `rule` field's 400. */
export async function setRecurrence(platform: Platform, access: ProjectAccess, taskId: string, rule: string): Promise<Task> {
  return platform.db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireStaff(access);
    const today = await organizationToday(tx, project.organizationId, platform.clock.now());
    const parsed = parseRecurrence(rule, today);
    if (!parsed.ok) throw invalidField(parsed.message, 'rule');
    const current = await lockedTask(tx, project, taskId);
    const from = current.dueDate ?? today;
    if (!nextOccurrence(parsed.recurrence, from, from)) throw invalidField(RECURRENCE_MESSAGES.noNextDate, 'rule');
    const stored = serializeRecurrence(parsed.recurrence);
    if (stored === current.recurrenceRule) return toTask(current, await assigneeName(tx, current.assigneeId), await blockersOfTask(tx, current.id));
    const [row] = await tx
      .update(tasks)
      .set({ recurrenceRule: stored, seriesId: current.seriesId ?? current.id, updatedAt: platform.clock.now() })
      .where(eq(tasks.id, current.id))
      .returning();
    return updated(tx, platform, project, actor.profileId, row!, 'recurrence');
  });
}

/** DELETE .../recurrence: the task no longer repeats (its occurrences so far stay, and their series). */
export async function clearRecurrence(platform: Platform, access: ProjectAccess, taskId: string): Promise<Task> {
  return platform.db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireStaff(access);
    const current = await lockedTask(tx, project, taskId);
    if (current.recurrenceRule === null) return toTask(current, await assigneeName(tx, current.assigneeId), await blockersOfTask(tx, current.id));
    const [row] = await tx.update(tasks).set({ recurrenceRule: null, updatedAt: platform.clock.now() }).where(eq(tasks.id, current.id)).returning();
    return updated(tx, platform, project, actor.profileId, row!, 'recurrence');
  });
}

/**
 * POST .../skip: this occurrence moves to the rule's next date after its due date (after today
 * when it has none) that no other occurrence of the series holds; its start date keeps its
 * distance. Staff, like any change of dates.
 */
export async function skipOccurrence(platform: Platform, access: ProjectAccess, taskId: string): Promise<Task> {
  return platform.db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireStaff(access);
    const current = await lockedTask(tx, project, taskId);
    const recurrence = storedRecurrence(current.recurrenceRule);
    if (!recurrence || current.status === 'completed') throw badRequest(RECURRENCE_MESSAGES.notRecurring, 'not_recurring');
    const from = current.dueDate ?? (await organizationToday(tx, project.organizationId, platform.clock.now()));
    const dueDate = await freeDateAfter(tx, current, recurrence, from);
    if (!dueDate) throw badRequest(RECURRENCE_MESSAGES.noNextDate, 'no_next_date');
    const [row] = await tx
      .update(tasks)
      .set({ dueDate, startDate: startFor(current, dueDate) ?? current.startDate, updatedAt: platform.clock.now() })
      .where(eq(tasks.id, current.id))
      .returning();
    return updated(tx, platform, project, actor.profileId, row!, 'dueDate');
  });
}

async function freeDateAfter(tx: Executor, row: TaskRow, recurrence: Recurrence, from: string): Promise<string | null> {
  let after = from;
  // A few occurrences ahead may exist already (the job made them): the first date none holds.
  for (let tries = 0; tries < 50; tries += 1) {
    const date = nextOccurrence(recurrence, after, row.dueDate ?? from);
    if (!date || !(await dateTaken(tx, row, date))) return date;
    after = date;
  }
  return null;
}

/**
 * One run of the job: every open recurring occurrence whose due date has come in its
 * organization's time zone, and whose next occurrence does not exist yet, gets it, due on the
 * rule's next date after the later of its due date and today (a task long overdue does not make
 * a string of past ones). A weekly task appears weekly even when last week's is still open.
 */
export async function makeDueOccurrences(platform: Platform): Promise<{ made: number; full: boolean }> {
  const { db, clock } = platform;
  const now = clock.now();
  // No zone is more than a day ahead of UTC: the candidates due by tomorrow (UTC), checked one by one.
  const latest = plusDays(now.toISOString().slice(0, 10), 1);
  const candidates = await db
    .select({ id: tasks.id, dueDate: tasks.dueDate, projectId: projects.id, projectName: projects.name, organizationId: projects.organizationId, timeZone: organizations.timeZone })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(
      and(
        // Served by tasks_recurring_due_idx.
        isNotNull(tasks.recurrenceRule),
        ne(tasks.status, 'completed'),
        lte(tasks.dueDate, latest),
        sql`not exists (select 1 from ${tasks} as later where later.series_id = ${tasks.seriesId} and later.due_date > ${tasks.dueDate})`,
      ),
    )
    .orderBy(tasks.dueDate, tasks.id)
    .limit(RECURRENCE_BATCH);
  let made = 0;
  for (const candidate of candidates) {
    const today = todayIn(now, effectiveTimeZone(candidate.timeZone));
    if (!candidate.dueDate || candidate.dueDate > today) continue;
    const created = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(tasks).where(eq(tasks.id, candidate.id)).for('update');
      if (!row || row.status === 'completed' || !row.recurrenceRule || !row.dueDate) return null;
      const project = { id: candidate.projectId, name: candidate.projectName, organizationId: candidate.organizationId };
      return makeNextOccurrence(tx, platform, project, row, row.dueDate > today ? row.dueDate : today, null);
    });
    if (created) made += 1;
  }
  return { made, full: candidates.length === RECURRENCE_BATCH };
}

export function scheduleRecurrence(app: FastifyInstance, platform: Platform, intervalMs = RECURRENCE_INTERVAL_MS) {
  const log = app.log.child({ job: 'recurring-tasks' });
  const job = createJob({
    name: 'recurring-tasks',
    everyMs: intervalMs,
    firstAfterMs: Math.min(5 * 60 * 1000, intervalMs),
    log,
    run: async () => {
      const result = await makeDueOccurrences(platform);
      if (result.made) log.info(result, 'recurring tasks made');
      return result.full && result.made > 0 ? 'again' : undefined;
    },
  });
  runWithServer(app, job);
}

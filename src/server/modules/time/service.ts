// Time entries, the running timer and the weekly timesheet (issue 32, decision 034).
//
// Who may: a member logs their own time on projects they can see (developers: their assigned
// projects); staff change the time of members ranked below them (decision 006); developers see
// only their own entries; share links never reach any of this. Every write is one transaction
// that first locks the member's profile row, so two concurrent writes cannot both pass the
// 24-hours-a-day check; changing someone else's time writes an activity row; the member's tabs
// hear of every change of their time or timer ('time' topic, for them only).
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { withValues } from '../../../domain/locales';
import { outranks, canManageProjects, type Role } from '../../../domain/roles';
import { TASK_MESSAGES } from '../../../domain/task-rules';
import { PROJECT_DETAIL_MESSAGES } from '../../../domain/project-details';
import type { Weekday } from '../../../domain/region-rules';
import {
  addDaysToDate,
  daysBetween,
  elapsedMinutes,
  elapsedSeconds,
  isShortTimer,
  MAX_MINUTES_PER_DAY,
  TIME_ENTRY_LIST_LIMIT,
  dayFullMessage,
  TIME_MESSAGES,
  TIMER_CONFIRM_MINUTES,
  timerLongMessage,
  timerOverDayMessage,
  timerShortMessage,
  WORK_DATE_MAX_DAYS_AHEAD,
  weekDays,
  weekStartOf,
  type startTimerSchema,
  type stopTimerSchema,
  type TimeEntry,
  type TimeEntryListQuery,
  type TimeEntryUpdate,
  type TimeEntryValues,
  type Timer,
  type Timesheet,
  type TimesheetRow,
  type timesheetCellSchema,
} from '../../../domain/time-entries';
import type { z } from 'zod';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { profiles } from '../../platform/db/schema/tenancy';
import { projects } from '../projects/public';
import { runningTimers, timeEntries } from './schema';
import { tasks } from '../tasks/public';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { checkBudgetAlert } from '../budgets/public';
import { profileSeesProject, visibleProjects } from '../../services/project-access/member';

type Member = { id: string; fullName: string; role: Role };
type Project = { id: string; name: string; organizationId: string };

/** Whether `actor` may change `member`'s time: their own, or staff ranking above them. */
function mayChange(actor: Actor, member: { id: string | null; role: Role | null }): boolean {
  if (member.id === actor.profileId) return true;
  if (!canManageProjects(actor.role)) return false;
  // A removed member's hours stay (decision 034); staff may still correct them.
  return member.role === null || outranks(actor.role, member.role);
}

/** The member whose time this is: the caller by default; another only for staff (404 outside the organization). */
async function resolveMember(db: Executor, actor: Actor, profileId: string | undefined): Promise<Member> {
  if (!profileId || profileId === actor.profileId) return { id: actor.profileId, fullName: actor.fullName, role: actor.role };
  const [row] = await db
    .select({ id: profiles.id, fullName: profiles.fullName, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.organizationId, actor.organizationId)));
  if (!row) throw notFound(TIME_MESSAGES.memberNotFound);
  if (!canManageProjects(actor.role)) throw forbidden(TIME_MESSAGES.othersHidden);
  return row;
}

/** Serializes the writes of one member's time (the day-total check reads, then writes). */
async function lockMember(tx: Executor, memberId: string): Promise<void> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, memberId)).for('update');
}

/** A project the caller sees (404 otherwise) and `member` may log time on. */
async function requireProjectFor(tx: Executor, actor: Actor, member: Member, projectId: string): Promise<Project> {
  const [project] = await tx
    .select({ id: projects.id, name: projects.name, organizationId: projects.organizationId })
    .from(projects)
    .where(and(eq(projects.id, projectId), visibleProjects(actor)));
  if (!project) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
  if (member.id !== actor.profileId) {
    const [sees] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, member.id), profileSeesProject(project)));
    if (!sees) throw badRequest(withValues(TIME_MESSAGES.memberNotOnProject, { name: member.fullName }), 'member_not_on_project');
  }
  return project;
}

async function requireTaskOf(tx: Executor, projectId: string, taskId: string | null): Promise<{ id: string; title: string } | null> {
  if (!taskId) return null;
  const [task] = await tx.select({ id: tasks.id, title: tasks.title }).from(tasks).where(and(eq(tasks.id, taskId), eq(tasks.projectId, projectId)));
  if (!task) throw notFound(TASK_MESSAGES.notFound);
  return task;
}

/** Decision 034: time is logged from 2000 (the schema) up to a year after today. */
function checkNotTooFarAhead({ clock }: Platform, workDate: string): void {
  const today = clock.now().toISOString().slice(0, 10);
  if (daysBetween(today, workDate) > WORK_DATE_MAX_DAYS_AHEAD) throw badRequest(TIME_MESSAGES.dateOutOfRange, 'date_out_of_range');
}

/** Refuses a change that would put more than 24 hours on the member's day (under the member's lock). */
async function checkDayTotal(tx: Executor, memberId: string, workDate: string, adding: number, except: string[] = []): Promise<void> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${timeEntries.minutes}), 0)::int` })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.profileId, memberId),
        eq(timeEntries.workDate, workDate),
        except.length > 0 ? sql`${timeEntries.id} not in (${sql.join(except.map((id) => sql`${id}::uuid`), sql`, `)})` : undefined,
      ),
    );
  const total = (row?.total ?? 0) + adding;
  if (total > MAX_MINUTES_PER_DAY) throw badRequest(dayFullMessage(workDate, total), 'day_full');
}

/**
 * What follows any change of a member's time, in its transaction: their tabs hear of it. The one
 * place to hang what else a change of logged time sets off (issue 32's budgets).
 */
export async function timeChanged(
  tx: Executor,
  change: { organizationId: string; memberId: string | null; projectIds: string[]; at?: Date; publicUrl?: string },
): Promise<void> {
  const at = change.at ?? new Date();
  if (change.memberId) await emit(tx, { type: 'time.changed', organizationId: change.organizationId, memberId: change.memberId, actorId: null, at });
  // Issue 32 item 3 (decision 037): the project's budget bar moves, and staff hear of 80 % and
  // 100 % once each; checkBudgetAlert locks the project row, so writes at once alert once.
  for (const projectId of new Set(change.projectIds)) {
    await emit(tx, { type: 'project.time_changed', organizationId: change.organizationId, projectId, actorId: null, at });
    await checkBudgetAlert(tx, at, { organizationId: change.organizationId, projectId, publicUrl: change.publicUrl });
  }
}

async function logForOther(
  tx: Executor,
  at: Date,
  actor: Actor,
  member: { id: string | null; name: string },
  type: 'time.member_added' | 'time.member_edited' | 'time.member_deleted',
  entry: { id: string; projectId: string; workDate: string; minutes: number; taskTitle?: string | null },
  extra: Record<string, unknown> = {},
): Promise<void> {
  if (member.id === actor.profileId) return;
  await emit(tx, {
    type,
    organizationId: actor.organizationId,
    actorId: actor.profileId,
    at,
    projectId: entry.projectId,
    details: { member_name: member.name, work_date: entry.workDate, minutes: entry.minutes, entry_id: entry.id, ...(entry.taskTitle ? { task_title: entry.taskTitle } : {}), ...extra },
  });
}

const entryColumns = {
  entry: timeEntries,
  projectName: projects.name,
  taskTitle: tasks.title,
  memberRole: profiles.role,
};
type EntryRow = { entry: typeof timeEntries.$inferSelect; projectName: string; taskTitle: string | null; memberRole: Role | null };

function toEntry(row: EntryRow, actor: Actor): TimeEntry {
  const { entry } = row;
  return {
    id: entry.id,
    projectId: entry.projectId,
    projectName: row.projectName,
    taskId: entry.taskId,
    taskTitle: row.taskTitle,
    profileId: entry.profileId,
    memberName: entry.memberName,
    workDate: entry.workDate,
    minutes: entry.minutes,
    note: entry.note,
    billable: entry.billable,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
    canEdit: mayChange(actor, { id: entry.profileId, role: row.memberRole }),
  };
}

function selectEntries(db: Executor, where: SQL | undefined) {
  return db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(tasks, eq(tasks.id, timeEntries.taskId))
    .leftJoin(profiles, eq(profiles.id, timeEntries.profileId))
    .where(where);
}

/** An entry the caller can see (404 otherwise: another organization's, or for a developer another member's). */
async function requireEntry(tx: Executor, actor: Actor, entryId: string): Promise<EntryRow> {
  const [row] = await selectEntries(
    tx,
    and(
      eq(timeEntries.id, entryId),
      eq(timeEntries.organizationId, actor.organizationId),
      canManageProjects(actor.role) ? undefined : eq(timeEntries.profileId, actor.profileId),
    ),
  );
  if (!row) throw notFound(TIME_MESSAGES.entryNotFound);
  return row;
}

/** Entries in a date range: the caller's own, a member's (staff), or a project's (staff: everyone's; developers: their own). */
export async function listTimeEntries({ db }: Platform, actor: Actor, query: TimeEntryListQuery): Promise<{ items: TimeEntry[]; truncated: boolean }> {
  const staff = canManageProjects(actor.role);
  const member = query.profileId ? await resolveMember(db, actor, query.profileId) : null;
  if (query.projectId) {
    const [project] = await db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, query.projectId), visibleProjects(actor)));
    if (!project) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
  }
  // Without a project, a list is one member's: the caller's unless staff named another.
  const memberId = member?.id ?? (staff && query.projectId ? null : actor.profileId);
  const rows = await selectEntries(
    db,
    and(
      eq(timeEntries.organizationId, actor.organizationId),
      memberId ? eq(timeEntries.profileId, memberId) : undefined,
      query.projectId ? eq(timeEntries.projectId, query.projectId) : undefined,
      gte(timeEntries.workDate, query.from),
      lte(timeEntries.workDate, query.to),
    ),
  )
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.createdAt), asc(timeEntries.id))
    .limit(TIME_ENTRY_LIST_LIMIT + 1);
  return { items: rows.slice(0, TIME_ENTRY_LIST_LIMIT).map((row) => toEntry(row, actor)), truncated: rows.length > TIME_ENTRY_LIST_LIMIT };
}

/**
 * Writes one entry for `member` (the caller, or a member they outrank) in `tx`, after every check:
 * the project and task, the date, and the day's total under the member's lock. Shared by manual
 * entries, the timer and the timesheet.
 */
async function insertEntry(
  tx: Executor,
  platform: Platform,
  actor: Actor,
  member: Member,
  input: { projectId: string; taskId: string | null; workDate: string; minutes: number; note: string | null; billable: boolean },
): Promise<{ row: typeof timeEntries.$inferSelect; project: Project; task: { id: string; title: string } | null }> {
  if (!mayChange(actor, member)) throw forbidden(TIME_MESSAGES.notYours);
  checkNotTooFarAhead(platform, input.workDate);
  await lockMember(tx, member.id);
  const project = await requireProjectFor(tx, actor, member, input.projectId);
  const task = await requireTaskOf(tx, project.id, input.taskId);
  await checkDayTotal(tx, member.id, input.workDate, input.minutes);
  const now = platform.clock.now();
  const [row] = await tx
    .insert(timeEntries)
    .values({
      organizationId: actor.organizationId,
      projectId: project.id,
      taskId: task?.id ?? null,
      profileId: member.id,
      memberName: member.fullName,
      workDate: input.workDate,
      minutes: input.minutes,
      note: input.note,
      billable: input.billable,
      createdBy: actor.profileId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return { row: row!, project, task };
}

/** A manual entry: the caller's own, or (staff) a member's ranked below them. */
export async function createTimeEntry(platform: Platform, actor: Actor, input: TimeEntryValues): Promise<TimeEntry> {
  return platform.db.transaction(async (tx) => {
    const member = await resolveMember(tx, actor, input.profileId);
    const { row, project, task } = await insertEntry(tx, platform, actor, member, { ...input, minutes: input.duration });
    await logForOther(tx, platform.clock.now(), actor, { id: member.id, name: member.fullName }, 'time.member_added', { ...row, taskTitle: task?.title });
    await timeChanged(tx, { organizationId: actor.organizationId, memberId: member.id, projectIds: [project.id], at: platform.clock.now(), publicUrl: platform.config.publicUrl });
    return toEntry({ entry: row, projectName: project.name, taskTitle: task?.title ?? null, memberRole: member.role }, actor);
  });
}

export async function updateTimeEntry(platform: Platform, actor: Actor, entryId: string, patch: TimeEntryUpdate): Promise<TimeEntry> {
  return platform.db.transaction(async (tx) => {
    const current = await requireEntry(tx, actor, entryId);
    const { entry } = current;
    if (!mayChange(actor, { id: entry.profileId, role: current.memberRole })) throw forbidden(TIME_MESSAGES.notYours);
    if (entry.profileId) await lockMember(tx, entry.profileId);
    const workDate = patch.workDate ?? entry.workDate;
    const minutes = patch.duration ?? entry.minutes;
    if (patch.workDate !== undefined) checkNotTooFarAhead(platform, workDate);
    if (entry.profileId && (workDate !== entry.workDate || minutes > entry.minutes)) await checkDayTotal(tx, entry.profileId, workDate, minutes, [entry.id]);
    const task = patch.taskId !== undefined ? await requireTaskOf(tx, entry.projectId, patch.taskId) : undefined;
    const [row] = await tx
      .update(timeEntries)
      .set({
        workDate,
        minutes,
        ...(task !== undefined ? { taskId: task?.id ?? null } : {}),
        ...(patch.note !== undefined ? { note: patch.note } : {}),
        ...(patch.billable !== undefined ? { billable: patch.billable } : {}),
        updatedAt: platform.clock.now(),
      })
      .where(and(eq(timeEntries.id, entry.id), eq(timeEntries.organizationId, actor.organizationId)))
      .returning();
    const taskTitle = task !== undefined ? (task?.title ?? null) : current.taskTitle;
    await logForOther(tx, platform.clock.now(), actor, { id: entry.profileId, name: entry.memberName }, 'time.member_edited', { ...row!, taskTitle }, { minutes_before: entry.minutes, work_date_before: entry.workDate });
    await timeChanged(tx, { organizationId: actor.organizationId, memberId: entry.profileId, projectIds: [entry.projectId], at: platform.clock.now(), publicUrl: platform.config.publicUrl });
    return toEntry({ ...current, entry: row!, taskTitle }, actor);
  });
}

export async function deleteTimeEntry(platform: Platform, actor: Actor, entryId: string): Promise<void> {
  await platform.db.transaction(async (tx) => {
    const current = await requireEntry(tx, actor, entryId);
    const { entry } = current;
    if (!mayChange(actor, { id: entry.profileId, role: current.memberRole })) throw forbidden(TIME_MESSAGES.notYours);
    await tx.delete(timeEntries).where(and(eq(timeEntries.id, entry.id), eq(timeEntries.organizationId, actor.organizationId)));
    await logForOther(tx, platform.clock.now(), actor, { id: entry.profileId, name: entry.memberName }, 'time.member_deleted', { ...entry, taskTitle: current.taskTitle });
    await timeChanged(tx, { organizationId: actor.organizationId, memberId: entry.profileId, projectIds: [entry.projectId], at: platform.clock.now(), publicUrl: platform.config.publicUrl });
  });
}

// The timer: one per member (running_timers' key), in the database, so it outlives a reload, a
// sign-out and a restart.

async function readTimer(db: Executor, actor: Actor): Promise<Timer | null> {
  const [row] = await db
    .select({ timer: runningTimers, projectName: projects.name, taskTitle: tasks.title })
    .from(runningTimers)
    .innerJoin(projects, eq(projects.id, runningTimers.projectId))
    .leftJoin(tasks, eq(tasks.id, runningTimers.taskId))
    .where(and(eq(runningTimers.profileId, actor.profileId), eq(runningTimers.organizationId, actor.organizationId)));
  if (!row) return null;
  const { timer } = row;
  return {
    projectId: timer.projectId,
    projectName: row.projectName,
    taskId: timer.taskId,
    taskTitle: row.taskTitle,
    note: timer.note,
    billable: timer.billable,
    startedAt: timer.startedAt.toISOString(),
  };
}

export async function getTimer({ db }: Platform, actor: Actor): Promise<{ timer: Timer | null }> {
  return { timer: await readTimer(db, actor) };
}

/** Starts the caller's timer; a second start while one runs is a 409 and writes nothing. */
export async function startTimer(platform: Platform, actor: Actor, input: z.output<typeof startTimerSchema>): Promise<{ timer: Timer }> {
  return platform.db.transaction(async (tx) => {
    const self: Member = { id: actor.profileId, fullName: actor.fullName, role: actor.role };
    const project = await requireProjectFor(tx, actor, self, input.projectId);
    const task = await requireTaskOf(tx, project.id, input.taskId);
    const inserted = await tx
      .insert(runningTimers)
      .values({ profileId: actor.profileId, organizationId: actor.organizationId, projectId: project.id, taskId: task?.id ?? null, note: input.note, billable: input.billable, startedAt: platform.clock.now() })
      .onConflictDoNothing({ target: runningTimers.profileId })
      .returning({ profileId: runningTimers.profileId });
    if (inserted.length === 0) throw conflict(TIME_MESSAGES.timerRunning, 'timer_running');
    await timeChanged(tx, { organizationId: actor.organizationId, memberId: actor.profileId, projectIds: [] });
    return { timer: (await readTimer(tx, actor))! };
  });
}

/**
 * Stops the caller's timer into an entry of the minutes it ran, rounded to the nearest (at least
 * one). Over TIMER_CONFIRM_MINUTES it asks first (409 timer_long, nothing written): `save` keeps
 * all of it (up to a day), `trim` saves TIMER_CONFIRM_MINUTES. Under TIMER_SHORT_SECONDS it asks
 * too (409 timer_short, nothing written): only `save` keeps its minute; DELETE discards it.
 */
export async function stopTimer(platform: Platform, actor: Actor, input: z.output<typeof stopTimerSchema>): Promise<{ entry: TimeEntry }> {
  return platform.db.transaction(async (tx) => {
    const [timer] = await tx
      .select()
      .from(runningTimers)
      .where(and(eq(runningTimers.profileId, actor.profileId), eq(runningTimers.organizationId, actor.organizationId)))
      .for('update');
    if (!timer) throw notFound(TIME_MESSAGES.noTimer, 'no_timer');
    const now = platform.clock.now();
    if (isShortTimer(timer.startedAt, now) && input.confirm !== 'save') throw conflict(timerShortMessage(elapsedSeconds(timer.startedAt, now)), 'timer_short');
    const ran = Math.max(1, elapsedMinutes(timer.startedAt, now));
    let minutes = ran;
    if (ran > TIMER_CONFIRM_MINUTES) {
      if (!input.confirm) throw conflict(timerLongMessage(ran), 'timer_long');
      if (input.confirm === 'trim') minutes = TIMER_CONFIRM_MINUTES;
      else if (ran > MAX_MINUTES_PER_DAY) throw new AppError(422, 'timer_over_day', timerOverDayMessage(ran));
    }
    // The day it started, as the member's browser saw it: within a day of the start's UTC date.
    const startDay = timer.startedAt.toISOString().slice(0, 10);
    const workDate = input.workDate ?? startDay;
    if (Math.abs(daysBetween(startDay, workDate)) > 1) throw badRequest(TIME_MESSAGES.dateInvalid, 'bad_request');
    const self: Member = { id: actor.profileId, fullName: actor.fullName, role: actor.role };
    const { row, project, task } = await insertEntry(tx, platform, actor, self, { projectId: timer.projectId, taskId: timer.taskId, workDate, minutes, note: timer.note, billable: timer.billable });
    await tx.delete(runningTimers).where(eq(runningTimers.profileId, actor.profileId));
    await timeChanged(tx, { organizationId: actor.organizationId, memberId: actor.profileId, projectIds: [project.id], at: platform.clock.now(), publicUrl: platform.config.publicUrl });
    return { entry: toEntry({ entry: row, projectName: project.name, taskTitle: task?.title ?? null, memberRole: actor.role }, actor) };
  });
}

/** Throws the running timer away, saving nothing. */
export async function discardTimer(platform: Platform, actor: Actor): Promise<void> {
  await platform.db.transaction(async (tx) => {
    const gone = await tx
      .delete(runningTimers)
      .where(and(eq(runningTimers.profileId, actor.profileId), eq(runningTimers.organizationId, actor.organizationId)))
      .returning({ profileId: runningTimers.profileId });
    if (gone.length === 0) throw notFound(TIME_MESSAGES.noTimer, 'no_timer');
    await timeChanged(tx, { organizationId: actor.organizationId, memberId: actor.profileId, projectIds: [] });
  });
}

// The weekly timesheet: one member's week as rows (a task, or the project itself) by days.

/** The week's sums per row and day, in one grouped query over time_entries_profile_date_idx. */
export function timesheetQuery(db: Executor, organizationId: string, memberId: string, weekStart: string) {
  return db
    .select({
      projectId: timeEntries.projectId,
      projectName: projects.name,
      taskId: timeEntries.taskId,
      taskTitle: tasks.title,
      workDate: timeEntries.workDate,
      minutes: sql<number>`sum(${timeEntries.minutes})::int`,
    })
    .from(timeEntries)
    .innerJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(tasks, eq(tasks.id, timeEntries.taskId))
    .where(and(eq(timeEntries.profileId, memberId), gte(timeEntries.workDate, weekStart), lte(timeEntries.workDate, addDaysToDate(weekStart, 6)), eq(timeEntries.organizationId, organizationId)))
    .groupBy(timeEntries.projectId, projects.name, timeEntries.taskId, tasks.title, timeEntries.workDate);
}

/** The week holding `query.week`, starting on `firstDay` (the member's first day of the week; Monday when not asked). */
export async function getTimesheet({ db }: Platform, actor: Actor, query: { week: string; profileId?: string; firstDay: Weekday }): Promise<Timesheet> {
  const member = await resolveMember(db, actor, query.profileId);
  return readTimesheet(db, actor, member, query.week, query.firstDay);
}

async function readTimesheet(db: Executor, actor: Actor, member: Member, day: string, firstDay: Weekday): Promise<Timesheet> {
  const weekStart = weekStartOf(day, firstDay);
  const days = weekDays(weekStart);
  const cells = await timesheetQuery(db, actor.organizationId, member.id, weekStart);
  const rows = new Map<string, TimesheetRow>();
  for (const cell of cells) {
    const key = `${cell.projectId}/${cell.taskId ?? ''}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { projectId: cell.projectId, projectName: cell.projectName, taskId: cell.taskId, taskTitle: cell.taskTitle, minutes: days.map(() => 0), total: 0 }));
    row.minutes[days.indexOf(cell.workDate)]! += cell.minutes;
    row.total += cell.minutes;
  }
  const sorted = [...rows.values()].sort(
    (a, b) => a.projectName.localeCompare(b.projectName) || a.projectId.localeCompare(b.projectId) || (a.taskTitle ?? '').localeCompare(b.taskTitle ?? '') || (a.taskId ?? '').localeCompare(b.taskId ?? ''),
  );
  const dayTotals = days.map((_, i) => sorted.reduce((sum, row) => sum + row.minutes[i]!, 0));
  return {
    weekStart,
    firstDay,
    days,
    profileId: member.id,
    memberName: member.fullName,
    canEdit: mayChange(actor, member),
    rows: sorted,
    dayTotals,
    total: dayTotals.reduce((sum, minutes) => sum + minutes, 0),
  };
}

/**
 * Sets one cell of the timesheet to a total (decision 034). Empty: a new entry. One entry: it
 * takes the new value (0 deletes it). Several: a rise is a new entry of the difference (billable
 * as the newest); a fall trims the newest entries first, deleting those it empties, so the older
 * entries keep their notes. Answers the member's week as it now is.
 */
export async function setTimesheetCell(platform: Platform, actor: Actor, input: z.output<typeof timesheetCellSchema>): Promise<Timesheet> {
  const member = await platform.db.transaction(async (tx) => {
    const member = await resolveMember(tx, actor, input.profileId);
    if (!mayChange(actor, member)) throw forbidden(TIME_MESSAGES.notYours);
    await lockMember(tx, member.id);
    const existing = await tx
      .select({ id: timeEntries.id, minutes: timeEntries.minutes, billable: timeEntries.billable })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.organizationId, actor.organizationId),
          eq(timeEntries.profileId, member.id),
          eq(timeEntries.projectId, input.projectId),
          input.taskId ? eq(timeEntries.taskId, input.taskId) : isNull(timeEntries.taskId),
          eq(timeEntries.workDate, input.workDate),
        ),
      )
      .orderBy(desc(timeEntries.createdAt), desc(timeEntries.id));
    const current = existing.reduce((sum, entry) => sum + entry.minutes, 0);
    const target = input.duration;
    if (target === current) return member;
    let project: Project;
    if (target > current) {
      checkNotTooFarAhead(platform, input.workDate);
      project = await requireProjectFor(tx, actor, member, input.projectId);
      await requireTaskOf(tx, project.id, input.taskId);
      await checkDayTotal(tx, member.id, input.workDate, target - current);
      const now = platform.clock.now();
      if (existing.length === 1) {
        await tx.update(timeEntries).set({ minutes: target, updatedAt: now }).where(eq(timeEntries.id, existing[0]!.id));
      } else {
        await tx.insert(timeEntries).values({
          organizationId: actor.organizationId,
          projectId: project.id,
          taskId: input.taskId,
          profileId: member.id,
          memberName: member.fullName,
          workDate: input.workDate,
          minutes: target - current,
          billable: existing[0]?.billable ?? true,
          createdBy: actor.profileId,
          createdAt: now,
          updatedAt: now,
        });
      }
    } else {
      // Lowering (or clearing) a cell only touches entries already there, of a project in the organization.
      const [row] = await tx
        .select({ id: projects.id, name: projects.name, organizationId: projects.organizationId })
        .from(projects)
        .where(and(eq(projects.id, input.projectId), visibleProjects(actor)));
      if (!row && member.id !== actor.profileId) throw notFound(PROJECT_DETAIL_MESSAGES.notFound);
      project = row ?? { id: input.projectId, name: '', organizationId: actor.organizationId };
      let excess = current - target;
      const emptied: string[] = [];
      for (const entry of existing) {
        if (excess === 0) break;
        if (entry.minutes <= excess) {
          emptied.push(entry.id);
          excess -= entry.minutes;
        } else {
          await tx.update(timeEntries).set({ minutes: entry.minutes - excess, updatedAt: platform.clock.now() }).where(eq(timeEntries.id, entry.id));
          excess = 0;
        }
      }
      if (emptied.length > 0) await tx.delete(timeEntries).where(inArray(timeEntries.id, emptied));
    }
    if (member.id !== actor.profileId) {
      await emit(tx, {
        type: 'time.member_edited',
        organizationId: actor.organizationId,
        actorId: actor.profileId,
        at: platform.clock.now(),
        projectId: project.id,
        details: { member_name: member.fullName, work_date: input.workDate, minutes: target, minutes_before: current },
      });
    }
    await timeChanged(tx, { organizationId: actor.organizationId, memberId: member.id, projectIds: [project.id], at: platform.clock.now(), publicUrl: platform.config.publicUrl });
    return member;
  });
  return readTimesheet(platform.db, actor, member, input.workDate, input.firstDay);
}

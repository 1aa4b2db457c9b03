// A member's calendar feed (issue 30 item 4, decision 023): a secret iCalendar address that
// calendar apps poll for the member's due dates: their My Work tasks (open, assigned to them,
// in projects they can still see) and the projects they can see (staff: the organization's;
// developers: the assigned ones). The address carries a 256-bit token; only its SHA-256 is
// stored (as reset tokens are), so the address is shown once, when it is made.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import ical, { ICalEventTransparency } from 'ical-generator';
import { CALENDAR_FEED_TEXTS as T, type CalendarFeed, type CalendarFeedStatus, type CreatedCalendarFeed } from '../../../domain/calendar-feed';
import { calendarText } from '../../../domain/calendar-text';
import type { Locale } from '../../../domain/locales';
import type { Role } from '../../../domain/roles';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { calendarFeeds } from './schema';
import { clients } from '../clients/public';
import { projects } from '../projects/public';
import { tasks } from '../tasks/public';
import { translate } from '../../platform/i18n';
import type { Platform } from '../../platform/platform';
import { memberLocaleColumn } from '../../services/reader-locale';
import { visibleProjects } from '../../services/project-access/member';

/**
 * What one feed holds, so a member with years of dated work costs a bounded query and a
 * bounded file: due dates from 60 days ago on (a calendar app keeps what it already showed),
 * the soonest first, at most 2,000 tasks and 1,000 projects (about 1 MB of iCalendar at most).
 */
export const FEED_PAST_DAYS = 60;
export const FEED_MAX_TASKS = 2000;
export const FEED_MAX_PROJECTS = 1000;

/** Calendar apps are asked to come back hourly (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const FEED_REFRESH_SECONDS = 60 * 60;

// Our tokens are 43 base64url characters (32 bytes); anything else names no feed and needs no query.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What the table stores for a token, and what a presented token is looked up by. */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/calendar/${token}.ics`;
}

function toFeed(row: { createdAt: Date; lastFetchedAt: Date | null }): CalendarFeed {
  return { createdAt: row.createdAt.toISOString(), lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null };
}

/** Settings: whether the member has a feed, made when, last read when. Never the address. */
export async function readCalendarFeed({ db }: Platform, actor: Actor): Promise<CalendarFeedStatus> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastFetchedAt: calendarFeeds.lastFetchedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.profileId, actor.profileId));
  return { feed: row ? toFeed(row) : null };
}

/**
 * Makes the member's feed, or a new address for it: the new token's hash replaces the old one
 * in the same row, so from this commit on the old address names nothing.
 */
export async function createCalendarFeed({ db, clock, config }: Platform, actor: Actor): Promise<CreatedCalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  const values = { tokenHash: hashFeedToken(token), createdAt: clock.now(), lastFetchedAt: null };
  const [row] = await db
    .insert(calendarFeeds)
    .values({ profileId: actor.profileId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.profileId, set: values })
    .returning();
  return { feed: toFeed(row!), url: feedUrl(config.publicUrl, token) };
}

/** Turns the feed off: its address names nothing from now on. Nothing to turn off is fine too. */
export async function deleteCalendarFeed({ db }: Platform, actor: Actor): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.profileId, actor.profileId));
}

/** Whose feed a token opens: the member as they are now (their role decides what they see). */
export type FeedOwner = {
  profileId: string;
  organizationId: string;
  role: Role;
  organizationName: string;
  tokenHash: string;
  /** The language the feed speaks: the member's saved one, else their organization's (issue 48). */
  locale: Locale;
};

export async function findFeedOwner(db: Executor, token: string): Promise<FeedOwner | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const [row] = await db
    .select({
      profileId: profiles.id,
      organizationId: profiles.organizationId,
      role: profiles.role,
      organizationName: organizations.name,
      tokenHash: calendarFeeds.tokenHash,
      locale: memberLocaleColumn,
    })
    .from(calendarFeeds)
    .innerJoin(profiles, eq(profiles.id, calendarFeeds.profileId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(calendarFeeds.tokenHash, hashFeedToken(token)));
  return row;
}

// Spelled as tasks_assignee_open_idx spells its key (as My Work does), so the planner reads the
// assignee's open tasks off that index in due-date order instead of sorting them all.
const taskDueKey = sql<string>`coalesce(${tasks.dueDate}, ${sql.raw(`'9999-12-31'`)}::date)`;

/** The UTC day `days` before `now`, as a date column holds it. */
function dayBefore(now: Date, days: number): string {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function nextDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 24 * 60 * 60 * 1000);
}

/** The web app's address of a task: its panel over the project page (issue 29). */
function taskPageUrl(publicUrl: string, projectId: string, taskId: string): string {
  return `${publicUrl}/project/${projectId}/tasks/${taskId}`;
}

/**
 * The feed as iCalendar text (RFC 5545): one all-day event per due date, each with a UID that
 * stays the same while the task or project exists, so a calendar app moves an event whose due
 * date moved instead of adding a second one.
 */
export async function writeCalendarFeed({ db, clock, config }: Platform, owner: FeedOwner): Promise<string> {
  const now = clock.now();
  const from = dayBefore(now, FEED_PAST_DAYS);
  // Whether the owner can see the task's project, per row as My Work asks it (tasks/my-work.ts:
  // a join would make the planner sort every open task). The inner "projects" is the subquery's.
  const canSeeProject = sql`(select ${visibleProjects(owner)} from ${projects} where ${projects.id} = ${tasks.projectId})`;
  const [taskRows, projectRows] = await Promise.all([
    db
      .select({
        id: tasks.id,
        title: tasks.title,
        dueDate: tasks.dueDate,
        projectId: projects.id,
        projectName: projects.name,
        clientName: clients.name,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .where(
        and(
          eq(tasks.assigneeId, owner.profileId),
          ne(tasks.status, 'completed'),
          isNotNull(tasks.dueDate),
          sql`${taskDueKey} >= ${from}::date`,
          canSeeProject,
        ),
      )
      .orderBy(asc(taskDueKey), asc(tasks.id))
      .limit(FEED_MAX_TASKS),
    db
      .select({ id: projects.id, name: projects.name, dueDate: projects.dueDate, clientName: clients.name })
      .from(projects)
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .where(
        and(
          visibleProjects(owner),
          sql`${projects.dueDate} >= ${from}::date`,
          // Finished work leaves the calendar, as a completed task leaves My Work.
          notInArray(projects.status, ['completed', 'cancelled']),
        ),
      )
      .orderBy(asc(projects.dueDate), asc(projects.id))
      .limit(FEED_MAX_PROJECTS),
  ]);

  // Issue 46 4(b): every stored text goes through calendarText before it is written (titles and
  // names may hold control characters and line separators); the rest of each text is ours.
  const say = (text: (typeof T)[keyof typeof T], values?: Record<string, string>) => translate(owner.locale, text, values);
  const calendar = ical({
    name: say(T.name, { organization: calendarText(owner.organizationName) }),
    description: say(T.description),
    prodId: { company: 'Brieflane', product: 'Brieflane', language: owner.locale.toUpperCase() },
    ttl: FEED_REFRESH_SECONDS,
  });
  // A due date is a day, not a time: DTSTART;VALUE=DATE and DTEND the day after (RFC 5545
  // 3.6.1), free rather than busy.
  const allDay = (dueDate: string) => ({
    allDay: true,
    start: new Date(`${dueDate}T00:00:00Z`),
    end: nextDay(dueDate),
    stamp: now,
    transparency: ICalEventTransparency.TRANSPARENT,
  });
  for (const task of taskRows) {
    const url = taskPageUrl(config.publicUrl, task.projectId, task.id);
    const projectName = calendarText(task.projectName);
    calendar.createEvent({
      ...allDay(task.dueDate!),
      id: `task-${task.id}@brieflane`,
      summary: say(T.taskSummary, { task: calendarText(task.title), project: projectName }),
      description: `${say(T.taskDescription, { project: projectName, client: calendarText(task.clientName) })}\n${url}`,
      url,
    });
  }
  for (const project of projectRows) {
    const url = `${config.publicUrl}/project/${project.id}`;
    calendar.createEvent({
      ...allDay(project.dueDate!),
      id: `project-${project.id}@brieflane`,
      summary: say(T.projectSummary, { project: calendarText(project.name) }),
      description: `${say(T.projectDescription, { client: calendarText(project.clientName) })}\n${url}`,
      url,
    });
  }
  return calendar.toString();
}

/** A calendar app read the feed: shown in Settings as "last fetched". */
export async function recordFeedFetch({ db, clock }: Platform, owner: FeedOwner): Promise<void> {
  await db.update(calendarFeeds).set({ lastFetchedAt: clock.now() }).where(eq(calendarFeeds.tokenHash, owner.tokenHash));
}

// Due reminders (issue 29 item 5): a task's assignee hears, in the inbox and by email, the day
// before it is due and the day it becomes overdue, once per task, person and due date, however
// many app servers run the job. Days are UTC days, like every other due date on the server.
import { addDays } from 'date-fns/addDays';
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { INBOX_TEXTS, type DueReminderKind } from '../../../domain/inbox';
import type { Executor } from '../../platform/db/client';
import { profiles } from '../../platform/db/schema/tenancy';
import { projects } from '../projects/public';
import { taskReminders, tasks } from './schema';
import { profileSeesProject } from '../../services/project-access/member';
import { createJob, runWithServer } from '../../platform/jobs';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import { dueReminderEmail } from './emails';
import { memberLocaleColumn } from '../../services/reader-locale';
import { withValues, type Locale } from '../../../domain/locales';

export const DUE_REMINDER_INTERVAL_MS = 15 * 60 * 1000;
/** Reminders handled per run; a full batch runs again at once. */
export const DUE_REMINDER_BATCH = 200;
/**
 * An overdue reminder still goes out this many days after the day it became overdue (a server
 * that was down that day catches up), and never for tasks overdue longer (no flood on first start).
 */
export const OVERDUE_CATCH_UP_DAYS = 3;

/** The UTC day of a moment, as a due date is written. */
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

type Candidate = {
  taskId: string;
  title: string;
  dueDate: string;
  projectId: string;
  projectName: string;
  organizationId: string;
  assigneeId: string;
  assigneeName: string;
  assigneeEmail: string | null;
  assigneeLocale: Locale;
};

/** Open tasks due in [from, to] whose assignee still sees the project and has not had this reminder. */
async function candidates(db: Executor, kind: DueReminderKind, from: string, to: string): Promise<Candidate[]> {
  return db
    .select({
      taskId: tasks.id,
      title: tasks.title,
      dueDate: sql<string>`${tasks.dueDate}::text`,
      projectId: projects.id,
      projectName: projects.name,
      organizationId: projects.organizationId,
      assigneeId: profiles.id,
      assigneeName: profiles.fullName,
      assigneeEmail: profiles.email,
      assigneeLocale: memberLocaleColumn,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(profiles, and(eq(profiles.id, tasks.assigneeId), eq(profiles.organizationId, projects.organizationId)))
    .where(
      and(
        // Served by tasks_due_reminder_idx.
        ne(tasks.status, 'completed'),
        sql`${tasks.assigneeId} is not null`,
        gte(tasks.dueDate, from),
        lte(tasks.dueDate, to),
        profileSeesProject({ id: projects.id, organizationId: projects.organizationId }),
        sql`not exists (select 1 from ${taskReminders} where ${taskReminders.taskId} = ${tasks.id} and ${taskReminders.profileId} = ${profiles.id} and ${taskReminders.kind} = ${kind} and ${taskReminders.dueDate} = ${tasks.dueDate})`,
      ),
    )
    .orderBy(tasks.dueDate, tasks.id)
    .limit(DUE_REMINDER_BATCH);
}

/**
 * Claims the reminder and tells the person, in one transaction: the claim is the unique row, so
 * of two servers with the same candidate one inserts it and sends, the other inserts nothing
 * (waiting for the first to commit) and sends nothing.
 */
async function remind(platform: Platform, kind: DueReminderKind, task: Candidate): Promise<boolean> {
  const { db, clock, config } = platform;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(taskReminders)
      .values({ taskId: task.taskId, profileId: task.assigneeId, kind, dueDate: task.dueDate, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning({ id: taskReminders.id });
    if (claimed.length === 0) return false;
    const title = kind === 'task_due_soon' ? withValues(INBOX_TEXTS.dueSoon, { task: task.title }) : withValues(INBOX_TEXTS.overdue, { task: task.title });
    const at = clock.now();
    await emit(tx, {
      type: 'task.due_reminder',
      organizationId: task.organizationId,
      projectId: task.projectId,
      actorId: null,
      at,
      notify: [
        {
          recipientId: task.assigneeId,
          kind,
          inbox: { projectId: task.projectId, taskId: task.taskId, title, body: task.projectName },
          email: dueReminderEmail(
            { email: task.assigneeEmail, fullName: task.assigneeName, locale: task.assigneeLocale },
            kind,
            { id: task.taskId, title: task.title, dueDate: task.dueDate },
            { id: task.projectId, name: task.projectName },
            config.publicUrl,
          ),
        },
      ],
    });
    return true;
  });
}

/** One run: the day-before and the became-overdue reminders due now. */
export async function sendDueReminders(platform: Platform): Promise<{ dueSoon: number; overdue: number; full: boolean }> {
  const today = platform.clock.now();
  const tomorrow = utcDay(addDays(today, 1));
  const soon = await candidates(platform.db, 'task_due_soon', tomorrow, tomorrow);
  const late = await candidates(platform.db, 'task_overdue', utcDay(addDays(today, -OVERDUE_CATCH_UP_DAYS)), utcDay(addDays(today, -1)));
  let dueSoon = 0;
  let overdue = 0;
  for (const task of soon) if (await remind(platform, 'task_due_soon', task)) dueSoon += 1;
  for (const task of late) if (await remind(platform, 'task_overdue', task)) overdue += 1;
  return { dueSoon, overdue, full: soon.length === DUE_REMINDER_BATCH || late.length === DUE_REMINDER_BATCH };
}

export function scheduleDueReminders(app: FastifyInstance, platform: Platform, intervalMs = DUE_REMINDER_INTERVAL_MS) {
  const log = app.log.child({ job: 'due-reminders' });
  const job = createJob({
    name: 'due-reminders',
    everyMs: intervalMs,
    // A few minutes after start, like housekeeping: a starting server serves requests first.
    firstAfterMs: Math.min(5 * 60 * 1000, intervalMs),
    log,
    run: async () => {
      const result = await sendDueReminders(platform);
      if (result.dueSoon || result.overdue) log.info(result, 'due reminders sent');
      return result.full ? 'again' : undefined;
    },
  });
  runWithServer(app, job);
}

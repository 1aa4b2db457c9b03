// Due reminders (issue 29 item 5), with the clock moved: the day before, the day a task becomes
// overdue, once per task and person however many servers run the job at once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock';
import { emailOutbox } from '../../platform/db/schema/platform';
import { notifications } from '../inbox/schema';
import { tasks } from './schema';
import type { Platform } from '../../platform/platform';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { OVERDUE_CATCH_UP_DAYS, sendDueReminders } from './due-reminders';

const clock = fixedClock(new Date('2026-11-27T09:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;

describe('due reminders', () => {
  let t: TestApp;
  let a: Agency;
  /** Two app servers on one database. */
  let servers: [Platform, Platform];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { developer: 'Dana Dev', project: 'Reminded Project' });
    const platform: Platform = { config: t.config, database: t.database, db: t.db, clock, storage: undefined as never };
    servers = [platform, { ...platform }];
    const task = async (name: string, dueDate: string, assignee?: TestUser) => {
      const res = await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: name, dueDate, assigneeId: assignee?.profileId ?? null } });
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = res.json().id;
    };
    // Due dates in the past are refused at creation; they are set once the clock has moved.
    await task('Due tomorrow', '2026-11-28', a.developer);
    await task('Nobody on it', '2026-11-28');
    await task('Done already', '2026-11-28', a.executive);
    await task('Became overdue', '2026-11-27', a.executive);
    await task('Also overdue', '2026-11-27', a.admin);
    await task('Forgotten', '2026-12-31', a.admin);
    await task('Taken away', '2026-11-28', a.developer);
    await a.executive.inject({ method: 'PATCH', url: `/api/projects/${a.projectId}/tasks/${ids['Done already']}`, payload: { status: 'completed' } });
  });
  afterAll(() => t.close());

  const both = async () => {
    const [one, two] = await Promise.all(servers.map((server) => sendDueReminders(server)));
    return { dueSoon: one!.dueSoon + two!.dueSoon, overdue: one!.overdue + two!.overdue };
  };
  const inbox = (user: TestUser, kind: string) =>
    t.db.select().from(notifications).where(and(eq(notifications.recipientId, user.profileId), eq(notifications.kind, kind as never)));
  const mails = (user: TestUser, kind: string) => t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, user.email!), eq(emailOutbox.kind, kind)));

  it('reminds the assignee the day before, once, with two servers running the job together', async () => {
    expect(await both()).toEqual({ dueSoon: 2, overdue: 0 });
    const notes = await inbox(a.developer, 'task_due_soon');
    expect(notes.map((n) => n.title).sort()).toEqual(['"Due tomorrow" is due tomorrow', '"Taken away" is due tomorrow']);
    expect(notes.find((n) => n.taskId === ids['Due tomorrow'])).toMatchObject({ projectId: a.projectId, body: 'Reminded Project' });
    const [mail] = (await mails(a.developer, 'task_due_soon')).filter((m) => m.subject.startsWith('"Due tomorrow"'));
    expect(mail!.subject).toBe('"Due tomorrow" is due tomorrow (Reminded Project)');
    expect(mail!.text).toContain(`/project/${a.projectId}/tasks/${ids['Due tomorrow']}`);
    // Again, on either server: nothing more.
    expect(await both()).toEqual({ dueSoon: 0, overdue: 0 });
    expect(await inbox(a.developer, 'task_due_soon')).toHaveLength(2);
    expect(await mails(a.developer, 'task_due_soon')).toHaveLength(2);
    // Nobody for an unassigned or a completed task.
    expect(await inbox(a.executive, 'task_due_soon')).toEqual([]);
  });

  it('reminds the day a task becomes overdue, once', async () => {
    clock.advance(DAY); // 2026-11-28: the tasks due on the 27th are overdue today; those due today are not.
    expect(await both()).toEqual({ dueSoon: 0, overdue: 2 });
    expect((await inbox(a.executive, 'task_overdue')).map((n) => n.title)).toEqual(['"Became overdue" is overdue']);
    expect((await inbox(a.admin, 'task_overdue')).map((n) => n.title)).toEqual(['"Also overdue" is overdue']);
    expect(await mails(a.executive, 'task_overdue')).toHaveLength(1);
    expect(await both()).toEqual({ dueSoon: 0, overdue: 0 });
  });

  it('catches up a missed day, but neither a task overdue for longer nor someone who no longer sees the project', async () => {
    clock.advance(2 * DAY); // 2026-11-30: the tasks due on the 28th became overdue on the 29th, when nobody ran the job.
    // Written straight to the database: the API refuses a due date in the past, and an assignee off the project.
    await t.db.update(tasks).set({ assigneeId: a.unassigned.profileId }).where(eq(tasks.id, ids['Taken away']!));
    await t.db.update(tasks).set({ dueDate: '2026-11-26' }).where(eq(tasks.id, ids['Forgotten']!));
    expect('2026-11-26' < new Date(clock.now().getTime() - OVERDUE_CATCH_UP_DAYS * DAY).toISOString().slice(0, 10)).toBe(true);
    expect(await both()).toEqual({ dueSoon: 0, overdue: 1 });
    expect((await inbox(a.developer, 'task_overdue')).map((n) => n.taskId)).toEqual([ids['Due tomorrow']]);
    expect(await inbox(a.unassigned, 'task_overdue')).toEqual([]);
    expect((await inbox(a.admin, 'task_overdue')).map((n) => n.taskId)).toEqual([ids['Also overdue']]);
  });

  it('reminds again for a new due date', async () => {
    const tomorrow = new Date(clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const moved = await a.orgAdmin.inject({ method: 'PATCH', url: `/api/projects/${a.projectId}/tasks/${ids['Due tomorrow']}`, payload: { dueDate: tomorrow } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await both()).toEqual({ dueSoon: 1, overdue: 0 });
    expect(await inbox(a.developer, 'task_due_soon')).toHaveLength(3);
  });
});

// Issue 51: a task's start date and estimate through the API: stored and answered, refused with
// the field's message when the start falls after the due date or the estimate is out of range,
// nothing written then; staff only.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_MESSAGES } from '../../../domain/tasks';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { tasks } from './schema';
import type { TestUser } from '../../test/as-user';
import { seedAgency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe("a task's plan: start date and estimate", () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let developer: TestUser;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    ({ orgAdmin, developer, projectId } = await seedAgency(t, { project: 'Planned Project' }));
  });
  afterAll(() => t.close());

  const tasksUrl = () => `/api/projects/${projectId}/tasks`;
  const add = (payload: Record<string, unknown>, user = orgAdmin) => user.inject({ method: 'POST', url: tasksUrl(), payload });
  const patch = (taskId: string, payload: Record<string, unknown>, user = orgAdmin, headers: Record<string, string> = {}) =>
    user.inject({ method: 'PATCH', url: `${tasksUrl()}/${taskId}`, payload, headers });
  const stored = async (taskId: string) => (await t.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!;
  const countTasks = async () => (await t.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.projectId, projectId))).length;

  it('stores and answers a start date and an estimate in minutes, lists them, and logs them with the new task', async () => {
    const res = await add({ title: 'Wireframes', startDate: '2026-12-01', dueDate: '2026-12-04', estimateMinutes: 720 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Wireframes', startDate: '2026-12-01', dueDate: '2026-12-04', estimateMinutes: 720 });
    const listed = (await developer.inject({ method: 'GET', url: tasksUrl() })).json().items.find((task: { id: string }) => task.id === res.json().id);
    expect(listed).toMatchObject({ startDate: '2026-12-01', estimateMinutes: 720 });
    const [log] = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.projectId, projectId), eq(activityLogs.action, 'create_task')));
    expect(log!.details).toMatchObject({ task_title: 'Wireframes', start_date: '2026-12-01', estimate_minutes: 720 });

    // Neither is required; a start on the due date itself is fine.
    const plain = await add({ title: 'Kick-off' });
    expect(plain.json()).toMatchObject({ startDate: null, estimateMinutes: null });
    expect((await add({ title: 'Same day', startDate: '2026-12-02', dueDate: '2026-12-02', estimateMinutes: 1 })).statusCode).toBe(201);
  });

  it('refuses a start after the due date and an estimate out of range on the field, writing nothing', async () => {
    const before = await countTasks();
    const late = await add({ title: 'Backwards', startDate: '2026-12-05', dueDate: '2026-12-04' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({ code: 'validation_error', field: 'startDate', message: TASK_MESSAGES.startAfterDue.message });
    for (const estimateMinutes of [0, -30, 1.5, 999 * 60 + 1, '2h']) {
      const res = await add({ title: 'Bad estimate', estimateMinutes });
      expect(res.statusCode, String(estimateMinutes)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'estimateMinutes', message: TASK_MESSAGES.estimateOutOfRange.message });
    }
    expect((await add({ title: 'Bad start', startDate: '2026-02-30' })).json().error).toMatchObject({ code: 'validation_error', field: 'startDate' });
    expect(await countTasks()).toBe(before);
  });

  it('checks one date changed against the other as stored, in the caller’s language, and keeps the task as it was', async () => {
    const id = (await add({ title: 'Design', startDate: '2026-12-07', dueDate: '2026-12-11', estimateMinutes: 600 })).json().id as string;

    const lateStart = await patch(id, { startDate: '2026-12-14' });
    expect(lateStart.statusCode).toBe(400);
    expect(lateStart.json().error).toMatchObject({ code: 'validation_error', field: 'startDate', message: TASK_MESSAGES.startAfterDue.message });
    const earlyDue = await patch(id, { dueDate: '2026-12-04' }, orgAdmin, { 'accept-language': 'de' });
    expect(earlyDue.statusCode).toBe(400);
    expect(earlyDue.json().error).toMatchObject({ code: 'validation_error', field: 'dueDate', message: 'Das Startdatum muss am oder vor dem Fälligkeitsdatum liegen.' });
    expect(await stored(id)).toMatchObject({ startDate: '2026-12-07', dueDate: '2026-12-11', estimateMinutes: 600 });

    // Both moved together, then the estimate changed and the start cleared.
    const moved = await patch(id, { startDate: '2026-12-14', dueDate: '2026-12-18' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ startDate: '2026-12-14', dueDate: '2026-12-18' });
    const changed = await patch(id, { estimateMinutes: 90, startDate: null });
    expect(changed.json()).toMatchObject({ startDate: null, dueDate: '2026-12-18', estimateMinutes: 90 });
    const [log] = (
      await t.db
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.projectId, projectId), eq(activityLogs.action, 'update_task')))
    ).slice(-1);
    expect(log!.details).toMatchObject({ task_title: 'Design', changed: 'startDate, estimateMinutes' });
  });

  it('lets only staff plan a task: a developer on the project may change its status, not its dates or estimate', async () => {
    const id = (await add({ title: 'Build', estimateMinutes: 240 })).json().id as string;
    for (const change of [{ startDate: '2026-12-01' }, { estimateMinutes: 60 }]) {
      const res = await patch(id, change, developer);
      expect(res.statusCode).toBe(403);
    }
    expect(await stored(id)).toMatchObject({ startDate: null, estimateMinutes: 240 });
  });

  it('is held by the database too: a start after the due date cannot be stored', async () => {
    const id = (await add({ title: 'Guarded', startDate: '2026-12-01', dueDate: '2026-12-02' })).json().id as string;
    await expect(t.db.update(tasks).set({ startDate: '2026-12-03' }).where(eq(tasks.id, id))).rejects.toThrow();
    await expect(t.db.update(tasks).set({ estimateMinutes: 0 }).where(eq(tasks.id, id))).rejects.toThrow();
  });
});

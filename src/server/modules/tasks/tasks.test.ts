import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_MESSAGES } from '../../../domain/tasks';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { tasks } from './schema';
import { emailOutbox } from '../../platform/db/schema/platform';
import { createMember } from '../../platform/auth/accounts';
import type { TestUser } from '../../test/as-user';
import { seedAgency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('tasks API', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let unassigned: TestUser;
  let outsider: TestUser;
  let projectId: string;
  let otherProjectId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    ({ orgAdmin, admin, executive, developer, unassigned, outsider, projectId, otherProjectId } = await seedAgency(t, { project: 'Tasked Project' }));
  });
  afterAll(() => t.close());

  const url = (id = projectId) => `/api/projects/${id}/tasks`;
  const addTask = (user: TestUser, payload: Record<string, unknown>, id = projectId) =>
    user.inject({ method: 'POST', url: url(id), payload });
  const setStatus = (user: TestUser, taskId: string, status: string, id = projectId) =>
    user.inject({ method: 'PATCH', url: `${url(id)}/${taskId}`, payload: { status } });
  const logsFor = (action: string) =>
    t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, projectId), eq(activityLogs.action, action)));

  it('lets each staff role add a task (pending, medium by default) and logs create_task', async () => {
    for (const user of [orgAdmin, admin, executive]) {
      clock.advance(1000);
      const res = await addTask(user, { title: `  Task by ${user.role}  `, dueDate: '' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ title: `Task by ${user.role}`, status: 'pending', priority: 'medium', dueDate: null, completedAt: null });
    }
    clock.advance(1000);
    const high = await addTask(orgAdmin, { title: 'Urgent', description: 'Now', priority: 'high', dueDate: '2026-11-30' });
    expect(high.json()).toMatchObject({ priority: 'high', description: 'Now', dueDate: '2026-11-30' });
    expect(await logsFor('create_task')).toHaveLength(4);
  });

  it('lists tasks in board order (a new task goes last in To Do) to staff and assigned developers only', async () => {
    const titles = (await developer.inject({ method: 'GET', url: url() })).json().items.map((x: { title: string }) => x.title);
    expect(titles.slice(-2)).toEqual(['Task by account_executive', 'Urgent']);
    for (const user of [unassigned, outsider]) {
      const res = await user.inject({ method: 'GET', url: url() });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Project not found');
    }
  });

  it('refuses developers, outsiders and bad input, writing nothing', async () => {
    const before = (await t.db.select().from(tasks).where(eq(tasks.projectId, projectId))).length;
    expect((await addTask(developer, { title: 'Dev task' })).statusCode).toBe(403);
    expect((await addTask(unassigned, { title: 'Dev task' })).statusCode).toBe(404);
    expect((await addTask(outsider, { title: 'Outsider task' })).statusCode).toBe(404);
    for (const payload of [{ title: '   ' }, {}]) {
      const res = await addTask(orgAdmin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(TASK_MESSAGES.titleRequired.message);
    }
    expect((await addTask(orgAdmin, { title: 'T', priority: 'urgent' })).statusCode).toBe(400);
    expect((await addTask(orgAdmin, { title: 'T', dueDate: 'soon' })).statusCode).toBe(400);
    // Issue 27: a due date before today is refused as on a project, with the same words.
    const past = await addTask(orgAdmin, { title: 'T', dueDate: '2026-11-21' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toEqual({ code: 'due_date_in_past', message: TASK_MESSAGES.dueDateInPast.message });
    expect((await addTask(orgAdmin, { title: 'x'.repeat(301) })).statusCode).toBe(400);
    expect((await t.db.select().from(tasks).where(eq(tasks.projectId, projectId))).length).toBe(before);
  });

  it("answers a task's validation and rule errors in the caller's language with the same code (issue 48)", async () => {
    const ask = (payload: Record<string, unknown>, acceptLanguage: string) =>
      orgAdmin.inject({ method: 'POST', url: url(), payload, headers: { 'accept-language': acceptLanguage } });
    const [german, spanish, english] = await Promise.all([ask({ title: '  ' }, 'de-DE,de;q=0.9'), ask({ title: '  ' }, 'es'), ask({ title: '  ' }, 'fr')]);
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({ error: { code: 'validation_error', message: 'Der Aufgabentitel ist erforderlich', field: 'title' } });
    expect(spanish.json()).toEqual({ error: { code: 'validation_error', message: 'El título de la tarea es obligatorio', field: 'title' } });
    expect(english.json().error).toEqual({ code: german.json().error.code, message: TASK_MESSAGES.titleRequired.message, field: 'title' });
    // A rule the service checks (an AppError with a text), not the schema.
    const past = await ask({ title: 'T', dueDate: '2026-11-21' }, 'de');
    expect(past.json()).toEqual({ error: { code: 'due_date_in_past', message: 'Das Fälligkeitsdatum darf nicht in der Vergangenheit liegen.' } });
  });

  it('completes and un-completes, recording then clearing who and when; developers with access may toggle', async () => {
    const task = (await addTask(executive, { title: 'Toggle me' })).json();
    clock.advance(60_000);
    const done = await setStatus(developer, task.id, 'completed');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', completedBy: developer.profileId, completedAt: clock.now().toISOString() });
    expect((await logsFor('complete_task')).at(-1)!.details).toEqual({ task_id: task.id, task_title: 'Toggle me', status: 'completed' });

    const undone = await setStatus(executive, task.id, 'pending');
    expect(undone.json()).toMatchObject({ status: 'pending', completedBy: null, completedAt: null });
    expect((await logsFor('update_task')).at(-1)!.userId).toBe(executive.profileId);

    for (const user of [unassigned, outsider]) expect((await setStatus(user, task.id, 'completed')).statusCode).toBe(404);
    // Issue 16: in progress is a status of its own, set from the task's menu or the board.
    const started = await setStatus(orgAdmin, task.id, 'in_progress');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'in_progress', completedAt: null, completedBy: null });
    // A task of another project, through that project's path or this one's, is not found.
    const res = await setStatus(orgAdmin, task.id, 'completed', otherProjectId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(TASK_MESSAGES.notFound.message);
    expect((await t.db.select().from(tasks).where(eq(tasks.id, task.id)))[0]!.status).toBe('in_progress');
  });

  it('emails developers with access and the organization admins and account executives on completion', async () => {
    // A member without email cannot be mailed; another organization's admin is never mailed.
    await createMember(t.db, { organizationId: orgAdmin.organizationId, fullName: 'No Mail', role: 'admin', email: null });
    const task = (await addTask(orgAdmin, { title: 'Ship it' })).json();
    await t.db.delete(emailOutbox);
    await setStatus(developer, task.id, 'completed');
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'task_notification'));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([orgAdmin.email, admin.email, executive.email, developer.email].sort());
    for (const mail of mails) {
      expect(mail.text).toContain(`${t.config.publicUrl}/project/${projectId}`);
      expect(mail.text).toContain('Ship it');
      expect(mail.subject).toContain('Tasked Project');
    }
    // Completing it again (a double click) records and sends nothing more.
    const again = await setStatus(executive, task.id, 'completed');
    expect(again.json().completedBy).toBe(developer.profileId);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'task_notification'))).toHaveLength(4);
    // Un-completing sends nothing.
    await t.db.delete(emailOutbox);
    await setStatus(developer, task.id, 'pending');
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });
});

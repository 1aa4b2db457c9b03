// Issue 51 item 2: "blocked by" through the API: added, listed with the task (one query for the
// list), removed; a loop refused with its path (409 dependency_cycle, in the caller's language);
// a blocker of another project, another organization or none refused with nothing written; staff
// only; a share link's reader sees the blockers and cannot add one; shifting the dependents moves
// a chain and logs one update per task moved.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPENDENCY_FIELD_MESSAGES } from '../../../domain/task-dependency-schemas';
import { DEPENDENCY_MESSAGES } from '../../../domain/task-dependencies';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { taskDependencies } from './schema';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('task dependencies API', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Planned Project' });
  });
  afterAll(() => t.close());

  const tasksUrl = (projectId = a.projectId) => `/api/projects/${projectId}/tasks`;
  const add = async (title: string, extra: Record<string, unknown> = {}, projectId = a.projectId, user: TestUser = a.orgAdmin) => {
    const res = await user.inject({ method: 'POST', url: tasksUrl(projectId), payload: { title, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const block = (taskId: string, blockedByTaskId: string, user: TestUser = a.orgAdmin, headers: Record<string, string> = {}) =>
    user.inject({ method: 'POST', url: `${tasksUrl()}/${taskId}/dependencies`, payload: { blockedByTaskId }, headers });
  const unblock = (taskId: string, blockedByTaskId: string, user: TestUser = a.orgAdmin) =>
    user.inject({ method: 'DELETE', url: `${tasksUrl()}/${taskId}/dependencies/${blockedByTaskId}` });
  const edgeCount = async () => (await t.db.select().from(taskDependencies)).length;
  const logs = (action: string) => t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, action)));

  it('adds a blocker (201, then 200 for the same again), lists it with the task and on its page, and removes it (204)', async () => {
    const design = await add('Design');
    const build = await add('Build');
    const added = await block(build, design);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ id: build, blockedBy: [{ id: design, title: 'Design', status: 'pending' }] });
    const again = await block(build, design);
    expect(again.statusCode).toBe(200);
    expect(again.json().blockedBy).toHaveLength(1);
    expect(await logs('add_dependency')).toHaveLength(1);
    expect((await logs('add_dependency'))[0]!.details).toMatchObject({ task_title: 'Build', blocked_by_title: 'Design' });

    // The list (which the developer on the project reads too) and one task's page carry the blockers.
    const listed = (await a.developer.inject({ method: 'GET', url: tasksUrl() })).json().items as { id: string; blockedBy: unknown[] }[];
    expect(listed.find((task) => task.id === build)!.blockedBy).toEqual([{ id: design, title: 'Design', status: 'pending' }]);
    expect(listed.find((task) => task.id === design)!.blockedBy).toEqual([]);
    expect((await a.developer.inject({ method: 'GET', url: `${tasksUrl()}/${build}` })).json().blockedBy).toEqual([{ id: design, title: 'Design', status: 'pending' }]);
    // A completed blocker says so.
    await a.orgAdmin.inject({ method: 'PATCH', url: `${tasksUrl()}/${design}`, payload: { status: 'completed' } });
    expect((await a.orgAdmin.inject({ method: 'GET', url: `${tasksUrl()}/${build}` })).json().blockedBy).toEqual([{ id: design, title: 'Design', status: 'completed' }]);

    const removed = await unblock(build, design);
    expect(removed.statusCode).toBe(204);
    expect((await a.orgAdmin.inject({ method: 'GET', url: `${tasksUrl()}/${build}` })).json().blockedBy).toEqual([]);
    expect(await logs('remove_dependency')).toHaveLength(1);
    // Already gone: still 204, nothing more logged.
    expect((await unblock(build, design)).statusCode).toBe(204);
    expect(await logs('remove_dependency')).toHaveLength(1);
  });

  it('refuses a loop with 409 dependency_cycle naming its path, for two tasks, three, and a task blocked by itself', async () => {
    const first = await add('First');
    const second = await add('Second');
    const third = await add('Third');
    expect((await block(second, first)).statusCode).toBe(201);
    const before = await edgeCount();

    const pair = await block(first, second);
    expect(pair.statusCode).toBe(409);
    expect(pair.json().error).toMatchObject({ code: 'dependency_cycle', path: [first, second, first], message: 'This would make a loop of tasks blocking each other: First → Second → First' });

    expect((await block(third, second)).statusCode).toBe(201);
    const loop = await block(first, third);
    expect(loop.statusCode).toBe(409);
    expect(loop.json().error).toMatchObject({ code: 'dependency_cycle', path: [first, third, second, first] });
    expect(loop.json().error.message).toBe('This would make a loop of tasks blocking each other: First → Third → Second → First');

    const self = await block(first, first);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toMatchObject({ code: 'dependency_cycle', path: [first, first], message: DEPENDENCY_MESSAGES.selfDependency.message });
    expect(await edgeCount()).toBe(before + 1);
  });

  it('says the loop in German with the same code', async () => {
    const one = await add('Eins');
    const two = await add('Zwei');
    expect((await block(two, one)).statusCode).toBe(201);
    const res = await block(one, two, a.orgAdmin, { 'accept-language': 'de' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'dependency_cycle', path: [one, two, one], message: 'Dadurch entstünde eine Schleife von Aufgaben, die sich gegenseitig blockieren: Eins → Zwei → Eins' });
  });

  it('refuses a blocker of another project (400 on the field), of another organization or none (404), writing nothing', async () => {
    const task = await add('Here');
    const elsewhere = await add('Elsewhere', {}, a.otherProjectId);
    const before = await edgeCount();

    const otherProject = await block(task, elsewhere);
    expect(otherProject.statusCode).toBe(400);
    expect(otherProject.json().error).toMatchObject({ code: 'validation_error', field: 'blockedByTaskId', message: DEPENDENCY_FIELD_MESSAGES.otherProject.message });

    const clientId = (await a.outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Rival' } })).json().id;
    const rivalProject = (await a.outsider.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Rival Project', clientId } })).json().id;
    const foreign = await add('Foreign', {}, rivalProject, a.outsider);
    expect((await block(task, foreign)).statusCode).toBe(404);
    expect((await block(task, '00000000-0000-4000-8000-000000000999')).statusCode).toBe(404);
    // Nor may the other organization's admin reach this project's task.
    expect((await a.outsider.inject({ method: 'POST', url: `${tasksUrl()}/${task}/dependencies`, payload: { blockedByTaskId: foreign } })).statusCode).toBe(404);

    const malformed = await block(task, 'not-a-task');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({ code: 'validation_error', field: 'blockedByTaskId' });
    expect(await edgeCount()).toBe(before);
  });

  it('lets only staff change dependencies: a developer on the project gets 403, and a share link reads the blockers but cannot add one', async () => {
    const brief = await add('Brief');
    const copy = await add('Copy');
    expect((await block(copy, brief, a.developer)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${tasksUrl()}/${copy}/shift-dependents` })).statusCode).toBe(401);
    expect((await block(copy, brief)).statusCode).toBe(201);
    expect((await unblock(copy, brief, a.developer)).statusCode).toBe(403);
    expect((await a.developer.inject({ method: 'POST', url: `${tasksUrl()}/${brief}/shift-dependents` })).statusCode).toBe(403);

    const link = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Client' } })).json();
    const shared = await t.app.inject({ method: 'GET', url: `/api/project-access/${link.token}/tasks/${copy}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().blockedBy).toEqual([{ id: brief, title: 'Brief', status: 'pending' }]);
    const sharedList = (await t.app.inject({ method: 'GET', url: `/api/project-access/${link.token}/tasks` })).json().items as { id: string; blockedBy: unknown[] }[];
    expect(sharedList.find((task) => task.id === copy)!.blockedBy).toHaveLength(1);
    const before = await edgeCount();
    const attempt = await a.outsider.inject({ method: 'POST', url: `/api/project-access/${link.token}/tasks/${brief}/dependencies`, payload: { blockedByTaskId: copy } });
    expect(attempt.statusCode).toBe(404);
    expect(await edgeCount()).toBe(before);
  });

  it('shifts a chain of dependents after its blocker’s new due date, Monday to Friday, one update_task per task moved', async () => {
    const plan = await add('Plan', { startDate: '2026-11-30', dueDate: '2026-12-04' });
    const make = await add('Make', { startDate: '2026-12-07', dueDate: '2026-12-08' });
    const ship = await add('Ship', { startDate: '2026-12-09', dueDate: '2026-12-09' });
    const loose = await add('Loose', { startDate: '2026-12-01', dueDate: '2026-12-02' });
    expect((await block(make, plan)).statusCode).toBe(201);
    expect((await block(ship, make)).statusCode).toBe(201);
    // Plan now ends on Wednesday the 9th.
    expect((await a.orgAdmin.inject({ method: 'PATCH', url: `${tasksUrl()}/${plan}`, payload: { dueDate: '2026-12-09' } })).statusCode).toBe(200);
    const updatesBefore = (await logs('update_task')).length;

    const res = await a.orgAdmin.inject({ method: 'POST', url: `${tasksUrl()}/${plan}/shift-dependents` });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().items as { id: string; startDate: string; dueDate: string }[];
    // Make keeps its two working days from Thursday; Ship starts the Monday after.
    expect(moved.map(({ id, startDate, dueDate }) => ({ id, startDate, dueDate }))).toEqual([
      { id: make, startDate: '2026-12-10', dueDate: '2026-12-11' },
      { id: ship, startDate: '2026-12-14', dueDate: '2026-12-14' },
    ]);
    const updates = (await logs('update_task')).slice(updatesBefore);
    expect(updates.map((log) => log.details)).toEqual([
      expect.objectContaining({ task_id: make, task_title: 'Make', changed: 'startDate, dueDate' }),
      expect.objectContaining({ task_id: ship, task_title: 'Ship', changed: 'startDate, dueDate' }),
    ]);
    expect((await a.orgAdmin.inject({ method: 'GET', url: `${tasksUrl()}/${loose}` })).json()).toMatchObject({ startDate: '2026-12-01', dueDate: '2026-12-02' });

    // Already after their blockers: nothing moves, nothing is logged.
    const again = await a.orgAdmin.inject({ method: 'POST', url: `${tasksUrl()}/${plan}/shift-dependents` });
    expect(again.json().items).toEqual([]);
    expect((await logs('update_task')).length).toBe(updatesBefore + 2);
  });

  it('is held by the database too: a task cannot be stored as blocked by itself', async () => {
    const solo = await add('Solo');
    await expect(t.db.insert(taskDependencies).values({ taskId: solo, blockedByTaskId: solo })).rejects.toThrow();
  });
});

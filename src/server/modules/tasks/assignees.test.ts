// Issue 16: assignees, statuses and edits, My Work and the inbox, per role and tenancy.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_MESSAGES } from '../../../domain/tasks';
import { fixedClock } from '../../platform/clock';
import { emailOutbox } from '../../platform/db/schema/platform';
import { notifications } from '../inbox/schema';
import { tasks } from './schema';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('task assignees, My Work and the inbox', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Harbor Rebrand', developer: 'Dana Dev' });
  });
  afterAll(() => t.close());

  const addTask = (user: TestUser, payload: Record<string, unknown>, projectId = a.projectId) =>
    user.inject({ method: 'POST', url: `/api/projects/${projectId}/tasks`, payload });
  const change = (user: TestUser, taskId: string, payload: Record<string, unknown>, projectId = a.projectId) =>
    user.inject({ method: 'PATCH', url: `/api/projects/${projectId}/tasks/${taskId}`, payload });
  const myWork = (user: TestUser, cursor?: string) => user.inject({ method: 'GET', url: `/api/my-work${cursor ? `?cursor=${cursor}` : ''}` });
  const inbox = (user: TestUser) => user.inject({ method: 'GET', url: '/api/inbox' });
  const count = async () => (await t.db.select().from(tasks)).length;

  it('assigns only members who can see the project: staff, or a developer assigned to it (else 400, nothing written)', async () => {
    const before = await count();
    for (const assigneeId of [a.unassigned.profileId, a.outsider.profileId, '7b0d6a5e-4c7b-4b8a-9a55-0f4b9d0c1a2b']) {
      const res = await addTask(a.orgAdmin, { title: 'Nope', assigneeId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(TASK_MESSAGES.assigneeNotAllowed.message);
    }
    expect(await count()).toBe(before);

    const toDeveloper = await addTask(a.orgAdmin, { title: 'Print menu boards', assigneeId: a.developer.profileId, dueDate: '2026-11-25' });
    expect(toDeveloper.statusCode).toBe(201);
    expect(toDeveloper.json()).toMatchObject({ assigneeId: a.developer.profileId, assigneeName: 'Dana Dev', status: 'pending' });
    const toStaff = await addTask(a.orgAdmin, { title: 'Call the printer', assigneeId: a.executive.profileId });
    // The picker offers staff and the project's developers, then the organization's other
    // developers marked as not on the project (issue 27 item 6), to staff only; never an outsider.
    const offered = (await a.executive.inject({ method: 'GET', url: `/api/projects/${a.projectId}/assignees` })).json().items as { id: string; onProject: boolean }[];
    const ids = (onProject: boolean) => offered.filter((m) => m.onProject === onProject).map((m) => m.id).sort();
    expect(ids(true)).toEqual([a.orgAdmin.profileId, a.admin.profileId, a.executive.profileId, a.developer.profileId].sort());
    expect(ids(false)).toEqual([a.unassigned.profileId]);
    expect(offered.at(-1)!.id).toBe(a.unassigned.profileId);
    expect((await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/assignees` })).statusCode).toBe(403);
    expect(toStaff.json()).toMatchObject({ assigneeId: a.executive.profileId });
  });

  it('emails and notifies the assignee (not someone who assigns themselves)', async () => {
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'task_assigned'));
    expect(mail.map((m) => m.toAddress).sort()).toEqual([a.developer.email, a.executive.email].sort());
    expect(mail.find((m) => m.toAddress === a.developer.email)!.subject).toBe('Task assigned to you: Print menu boards (Harbor Rebrand)');
    const page = (await inbox(a.developer)).json();
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({ kind: 'task_assigned', title: 'You were assigned "Print menu boards"', projectId: a.projectId, read: false });

    await addTask(a.admin, { title: 'Self', assigneeId: a.admin.profileId });
    expect((await inbox(a.admin)).json().unread).toBe(0);
  });

  it('lets staff edit and reassign; developers change status only; a task of another project is 404', async () => {
    const task = (await addTask(a.orgAdmin, { title: 'Draft copy' })).json();
    const edited = await change(a.executive, task.id, { title: 'Final copy', priority: 'high', dueDate: '2026-12-01', assigneeId: a.developer.profileId });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Final copy', priority: 'high', dueDate: '2026-12-01', assigneeName: 'Dana Dev' });

    const staffOnly = await change(a.developer, task.id, { title: 'Mine now' });
    expect(staffOnly.statusCode).toBe(403);
    expect(staffOnly.json().error.message).toBe(TASK_MESSAGES.staffOnly.message);
    const moved = await change(a.developer, task.id, { status: 'in_progress', afterTaskId: null });
    expect(moved.json()).toMatchObject({ status: 'in_progress', title: 'Final copy' });

    expect((await change(a.orgAdmin, task.id, { assigneeId: a.unassigned.profileId })).statusCode).toBe(400);
    expect((await change(a.orgAdmin, task.id, { status: 'done' })).statusCode).toBe(400);
    expect((await change(a.orgAdmin, task.id, {})).statusCode).toBe(400);
    expect((await change(a.orgAdmin, task.id, { status: 'completed' }, a.otherProjectId)).statusCode).toBe(404);
    expect((await change(a.unassigned, task.id, { status: 'completed' })).statusCode).toBe(404);
    expect((await change(a.outsider, task.id, { status: 'completed' })).statusCode).toBe(404);
    // Unassigning.
    expect((await change(a.orgAdmin, task.id, { assigneeId: null })).json()).toMatchObject({ assigneeId: null, assigneeName: null });
  });

  it("lists the caller's open tasks across their projects by due date, with project and client, keyset-paged", async () => {
    // Another project the developer can see, and a task there due sooner.
    await t.db.insert(tasks).values({ projectId: a.otherProjectId, title: 'Hidden', status: 'pending', assigneeId: a.developer.profileId, dueDate: '2026-11-23' });
    const sooner = await addTask(a.orgAdmin, { title: 'Sooner', assigneeId: a.developer.profileId, dueDate: '2026-11-23' });
    const undated = await addTask(a.orgAdmin, { title: 'Someday', assigneeId: a.developer.profileId });
    const done = await addTask(a.orgAdmin, { title: 'Done already', assigneeId: a.developer.profileId });
    await change(a.developer, done.json().id, { status: 'completed' });

    const res = await myWork(a.developer);
    expect(res.statusCode).toBe(200);
    // The other project is not assigned to this developer: its task stays out, as do completed ones.
    expect(res.json().items.map((i: { title: string }) => i.title)).toEqual(['Sooner', 'Print menu boards', 'Someday']);
    expect(res.json().items[0]).toMatchObject({ projectName: 'Harbor Rebrand', clientName: 'Acme', id: sooner.json().id });
    expect(res.json().nextCursor).toBeNull();
    expect(undated.statusCode).toBe(201);

    // Pages of 50 follow each other without gaps or repeats.
    for (let i = 0; i < 60; i += 1) await t.db.insert(tasks).values({ projectId: a.projectId, title: `Bulk ${i}`, status: 'pending', assigneeId: a.executive.profileId, dueDate: `2027-01-${String((i % 28) + 1).padStart(2, '0')}` });
    const first = (await myWork(a.executive)).json();
    const second = (await myWork(a.executive, first.nextCursor)).json();
    const ids = [...first.items, ...second.items].map((i: { id: string }) => i.id);
    expect(first.items).toHaveLength(50);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(61);
    expect(second.nextCursor).toBeNull();
    expect((await myWork(a.executive, 'bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/my-work' })).statusCode).toBe(401);
    expect((await myWork(a.outsider)).json().items).toEqual([]);
  });

  it('notifies the assignee and the project owner of a completion, and marks read: some, then all, own only', async () => {
    const task = (await addTask(a.executive, { title: 'Ship it', assigneeId: a.developer.profileId })).json();
    await change(a.developer, task.id, { status: 'completed' });
    // The project's creator (the organization admin) hears of it; the developer did it.
    const owner = (await inbox(a.orgAdmin)).json();
    // Each names its task, so opening it shows the task (issue 27).
    expect(owner.items).toContainEqual(expect.objectContaining({ kind: 'task_completed', title: '"Ship it" was completed', projectId: a.projectId, taskId: task.id }));

    const dev = (await inbox(a.developer)).json();
    expect(dev.items).toContainEqual(expect.objectContaining({ kind: 'task_assigned', taskId: task.id }));
    expect(dev.unread).toBeGreaterThan(1);
    const firstId = dev.items[0].id as string;
    // Someone else's notification id changes nothing of theirs.
    expect((await a.outsider.inject({ method: 'POST', url: '/api/inbox/read', payload: { ids: [firstId] } })).json()).toEqual({ unread: 0 });
    expect((await inbox(a.developer)).json().unread).toBe(dev.unread);
    expect((await a.developer.inject({ method: 'POST', url: '/api/inbox/read', payload: { ids: [firstId] } })).json()).toEqual({ unread: dev.unread - 1 });
    expect((await a.developer.inject({ method: 'POST', url: '/api/inbox/read', payload: { all: true } })).json()).toEqual({ unread: 0 });
    expect((await a.developer.inject({ method: 'POST', url: '/api/inbox/read', payload: {} })).statusCode).toBe(400);
    expect((await inbox(a.outsider)).json().items).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.recipientId, a.outsider.profileId))).toEqual([]);
  });
});

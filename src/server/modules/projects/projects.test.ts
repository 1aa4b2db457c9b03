import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_MESSAGES } from '../../../domain/projects';
import { buildApp } from '../../app';
import { fixedClock } from '../../platform/clock';
import { listenForChanges } from '../../platform/realtime/listener';
import type { ChangeEvent } from '../../platform/realtime/publisher';
import { activityLogs } from '../activity/schema';
import { projects } from './schema';
import { developerProjectAccess } from '../sharing/schema';
import { projectFiles } from '../files/schema';
import { tasks } from '../tasks/schema';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { markOverdueProjects, resetOverdueProjects } from './service';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('projects API', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let outsider: TestUser;
  let clientId: string;
  let outsiderClientId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    orgAdmin = await asUser(t, 'organization_admin', { fullName: 'Olive Owner' });
    const organizationId = orgAdmin.organizationId;
    admin = await asUser(t, 'admin', { organizationId });
    executive = await asUser(t, 'account_executive', { organizationId });
    developer = await asUser(t, 'developer', { organizationId });
    outsider = await asUser(t, 'organization_admin');
    clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Acme Outdoor' } })).json().id;
    outsiderClientId = (await outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Other Co' } })).json().id;
  });
  afterAll(() => t.close());

  const create = (user: TestUser, payload: Record<string, unknown>) =>
    user.inject({ method: 'POST', url: '/api/projects', payload });
  const list = async (user: TestUser, query = '') => (await user.inject({ method: 'GET', url: `/api/projects${query}` })).json();

  it('lets staff create a project and logs create_project with its details', async () => {
    const res = await create(executive, { name: 'Spring Site', clientId, description: 'Landing pages', dueDate: '2026-12-01' });
    expect(res.statusCode).toBe(201);
    const project = res.json();
    expect(project).toMatchObject({ name: 'Spring Site', status: 'active', clientName: 'Acme Outdoor', dueDate: '2026-12-01' });
    const [log] = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, project.id), eq(activityLogs.action, 'create_project')));
    expect(log!.details).toEqual({ project_name: 'Spring Site', client_id: clientId, due_date: '2026-12-01', template_id: null });
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const before = (await list(orgAdmin)).total;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'X', clientId }, PROJECT_MESSAGES.nameTooShort.message],
      [{ name: 'Site' }, PROJECT_MESSAGES.clientRequired.message],
      [{ name: 'Site', clientId: outsiderClientId }, PROJECT_MESSAGES.clientRequired.message],
      [{ name: 'Site', clientId: '00000000-0000-4000-8000-000000000000' }, PROJECT_MESSAGES.clientRequired.message],
      [{ name: 'Site', clientId, dueDate: '2026-11-21' }, PROJECT_MESSAGES.dueDateInPast.message],
      [{ name: 'Site', clientId, dueDate: 'tomorrow' }, PROJECT_MESSAGES.dueDateInvalid.message],
    ];
    for (const [payload, message] of cases) {
      const res = await create(orgAdmin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await list(orgAdmin)).total).toBe(before);
    // Today is allowed.
    expect((await create(orgAdmin, { name: 'Due Today', clientId, dueDate: '2026-11-22' })).statusCode).toBe(201);
  });

  it('searches name, client name and description, filters by status and counts X of Y', async () => {
    await create(admin, { name: 'Brand Refresh', clientId, description: 'New logo and palette' });
    const byName = await list(admin, '?search=refresh');
    expect(byName.items.map((p: { name: string }) => p.name)).toEqual(['Brand Refresh']);
    expect((await list(admin, '?search=palette')).matched).toBe(1);
    const byClient = await list(admin, '?search=acme%20out');
    expect(byClient.matched).toBe(byClient.total);
    const completed = await list(admin, '?status=completed');
    expect(completed).toMatchObject({ matched: 0, items: [] });
    expect(completed.total).toBeGreaterThan(0);
    expect((await admin.inject({ method: 'GET', url: '/api/projects?status=overdue' })).statusCode).toBe(400);
    // LIKE wildcards in the search are taken literally.
    expect((await list(admin, '?search=%25')).matched).toBe(0);
  });

  it('marks a project complete or on hold from the card; nothing else', async () => {
    const project = (await create(orgAdmin, { name: 'Status Project', clientId })).json();
    const done = await executive.inject({ method: 'PATCH', url: `/api/projects/${project.id}/status`, payload: { status: 'completed' } });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('completed');
    const hold = await executive.inject({ method: 'PATCH', url: `/api/projects/${project.id}/status`, payload: { status: 'on_hold' } });
    expect(hold.json().status).toBe('on_hold');
    const active = await executive.inject({ method: 'PATCH', url: `/api/projects/${project.id}/status`, payload: { status: 'active' } });
    expect(active.statusCode).toBe(400);
    expect((await list(executive, '?status=on_hold')).items.map((p: { id: string }) => p.id)).toContain(project.id);
  });

  it('shows developers only their assigned projects, read-only and without owner names', async () => {
    const assigned = (await create(orgAdmin, { name: 'Assigned One', clientId })).json();
    const hidden = (await create(orgAdmin, { name: 'Not Assigned', clientId })).json();
    expect(await list(developer)).toMatchObject({ total: 0, items: [] });
    await t.db.insert(developerProjectAccess).values({ projectId: assigned.id, developerProfileId: developer.profileId });

    const visible = await list(developer);
    expect(visible.total).toBe(1);
    expect(visible.items[0]).toMatchObject({ id: assigned.id, ownerName: null });
    expect((await list(orgAdmin, '?search=assigned%20one')).items[0].ownerName).toBe('Olive Owner');

    expect((await create(developer, { name: 'Dev Project', clientId })).statusCode).toBe(403);
    const mine = await developer.inject({ method: 'PATCH', url: `/api/projects/${assigned.id}/status`, payload: { status: 'completed' } });
    expect(mine.statusCode).toBe(403);
    const theirs = await developer.inject({ method: 'PATCH', url: `/api/projects/${hidden.id}/status`, payload: { status: 'completed' } });
    expect(theirs.statusCode).toBe(404);
    expect((await developer.inject({ method: 'DELETE', url: `/api/projects/${assigned.id}` })).statusCode).toBe(403);
    expect((await developer.inject({ method: 'DELETE', url: `/api/projects/${hidden.id}` })).statusCode).toBe(404);
  });

  it('lets only admins delete, removing every related row', async () => {
    const project = (await create(orgAdmin, { name: 'Doomed', clientId })).json();
    await t.db.insert(tasks).values({ projectId: project.id, title: 'Task' });
    expect((await executive.inject({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(403);
    expect((await admin.inject({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(204);
    expect(await t.db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await t.db.select().from(tasks).where(eq(tasks.projectId, project.id))).toEqual([]);
    expect((await admin.inject({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(404);
  });

  it('removes the stored files of a deleted project', async () => {
    const project = (await create(orgAdmin, { name: 'With Files', clientId })).json();
    const key = `${project.id}/1-brief.pdf`;
    const file = path.join(t.config.dataDir, 'files', key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '%PDF-1.4 brief');
    await t.db.insert(projectFiles).values({ projectId: project.id, fileName: 'brief.pdf', fileType: 'pdf', fileSize: 14, storagePath: key });
    expect(existsSync(file)).toBe(true);
    expect((await admin.inject({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect(await t.db.select().from(projectFiles).where(eq(projectFiles.projectId, project.id))).toEqual([]);
  });

  it('walls organizations off: another organization sees nothing and changes nothing', async () => {
    const project = (await create(orgAdmin, { name: 'Private Work', clientId })).json();
    expect((await list(outsider, '?search=private')).total).toBe(0);
    const status = await outsider.inject({ method: 'PATCH', url: `/api/projects/${project.id}/status`, payload: { status: 'completed' } });
    expect(status.statusCode).toBe(404);
    expect((await outsider.inject({ method: 'DELETE', url: `/api/projects/${project.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
  });

  it('pages through projects newest first without repeats', async () => {
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      await create(admin, { name: `Paged ${i}`, clientId });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { name: string }[]; nextCursor: string | null } = await list(
        admin,
        `?search=paged&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items.map((p) => p.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);
  });
});

describe('overdue (decision 3)', () => {
  let t: TestApp;
  let user: TestUser;
  let clientId: string;
  const overdueClock = fixedClock(new Date('2026-11-22T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock: overdueClock });
    user = await asUser(t, 'admin');
    clientId = (await user.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Client' } })).json().id;
  });
  afterAll(() => t.close());

  it('marks active projects past their due date overdue, and resets them when the date moves', async () => {
    const due = (await user.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Due Soon', clientId, dueDate: '2026-11-23' } })).json();
    const onHold = (await user.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Held', clientId, dueDate: '2026-11-23' } })).json();
    await user.inject({ method: 'PATCH', url: `/api/projects/${onHold.id}/status`, payload: { status: 'on_hold' } });

    overdueClock.set(new Date('2026-11-25T12:00:00Z'));
    expect(await markOverdueProjects(t.db, overdueClock)).toBe(1);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, due.id));
    expect(row!.status).toBe('overdue');
    const [held] = await t.db.select().from(projects).where(eq(projects.id, onHold.id));
    expect(held!.status).toBe('on_hold');

    expect(await resetOverdueProjects(t.db, overdueClock)).toBe(0);
    await t.db.update(projects).set({ dueDate: '2026-11-25' }).where(eq(projects.id, due.id));
    expect(await resetOverdueProjects(t.db, overdueClock)).toBe(1);
    const [reset] = await t.db.select().from(projects).where(eq(projects.id, due.id));
    expect(reset!.status).toBe('active');
  });

  it('publishes the sweep as a projects-list change of each organization it touched (live pages refetch)', async () => {
    const events: ChangeEvent[] = [];
    const listener = await listenForChanges(t.database, t.config.databaseUrl, { onEvent: (e) => events.push(e), onResync: () => {} }, t.app.log);
    try {
      const late = (await user.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Late', clientId } })).json();
      await t.db.update(projects).set({ status: 'active', dueDate: '2020-01-01' }).where(eq(projects.id, late.id));
      events.length = 0;
      expect(await t.db.transaction((tx) => markOverdueProjects(tx, overdueClock))).toBeGreaterThanOrEqual(1);
      await vi.waitFor(() => expect(events).toContainEqual({ organizationId: user.organizationId, projectId: null, topic: 'projects' }));
    } finally {
      await listener.stop();
    }
  });
});

describe('overdue sweep at start', () => {
  it('marks projects that fell overdue while the app was down', async () => {
    const first = await createTestApp({ clock: fixedClock(new Date('2026-11-22T12:00:00Z')) });
    try {
      const user = await asUser(first, 'admin');
      const clientId = (await user.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Client' } })).json().id;
      const project = (
        await user.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Late', clientId, dueDate: '2026-11-22' } })
      ).json();

      // The next start, three days later, on the same database.
      const later = await buildApp({
        config: first.config,
        database: { db: first.db, kind: 'pglite', close: async () => {} },
        clock: fixedClock(new Date('2026-11-25T08:00:00Z')),
        logger: false,
      });
      await later.ready();
      await later.close();

      const [row] = await first.db.select().from(projects).where(eq(projects.id, project.id));
      expect(row!.status).toBe('overdue');
    } finally {
      await first.close();
    }
  });
});

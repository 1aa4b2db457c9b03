import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_DETAIL_MESSAGES } from '../../../domain/project-details';
import { PROJECT_MESSAGES } from '../../../domain/project-rules';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { projects } from './schema';
import { developerProjectAccess } from '../sharing/schema';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('project page API: detail and Project Info edit', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let unassigned: TestUser;
  let outsider: TestUser;
  let clientId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    orgAdmin = await asUser(t, 'organization_admin');
    const organizationId = orgAdmin.organizationId;
    admin = await asUser(t, 'admin', { organizationId });
    executive = await asUser(t, 'account_executive', { organizationId });
    developer = await asUser(t, 'developer', { organizationId });
    unassigned = await asUser(t, 'developer', { organizationId });
    outsider = await asUser(t, 'organization_admin');
    clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Acme Outdoor' } })).json().id;
  });
  afterAll(() => t.close());

  async function newProject(payload: Record<string, unknown> = {}) {
    const res = await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Spring Site', clientId, ...payload } });
    expect(res.statusCode).toBe(201);
    const project = res.json();
    await t.db.insert(developerProjectAccess).values({ projectId: project.id, developerProfileId: developer.profileId });
    return project as { id: string };
  }
  const get = (user: TestUser, id: string) => user.inject({ method: 'GET', url: `/api/projects/${id}` });
  const edit = (user: TestUser, id: string, payload: Record<string, unknown>) =>
    user.inject({ method: 'PATCH', url: `/api/projects/${id}`, payload });
  const validEdit = { name: 'Renamed', status: 'on_hold', description: 'Desc', dueDate: '', companyOverview: 'We sell tents' };

  it('shows the project with its client name to staff and assigned developers', async () => {
    const project = await newProject({ description: 'Landing pages', dueDate: '2026-12-01' });
    for (const user of [orgAdmin, admin, executive]) {
      const res = await get(user, project.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Spring Site', clientName: 'Acme Outdoor', dueDate: '2026-12-01', status: 'active', canEdit: true });
    }
    const dev = await get(developer, project.id);
    expect(dev.statusCode).toBe(200);
    expect(dev.json().canEdit).toBe(false);
  });

  it("answers 'Project not found' to an unassigned developer, another organization and unknown ids", async () => {
    const project = await newProject();
    for (const user of [unassigned, outsider]) {
      const res = await get(user, project.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(PROJECT_DETAIL_MESSAGES.notFound.message);
      expect((await edit(user, project.id, validEdit)).statusCode).toBe(404);
    }
    expect((await get(orgAdmin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(orgAdmin, 'not-a-uuid')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}` })).statusCode).toBe(401);
    expect((await t.db.select().from(projects).where(eq(projects.id, project.id)))[0]!.name).toBe('Spring Site');
  });

  it('lets every staff role edit and logs update_project; developers get 403 and nothing changes', async () => {
    const project = await newProject();
    const forbidden = await edit(developer, project.id, validEdit);
    expect(forbidden.statusCode).toBe(403);
    expect((await get(orgAdmin, project.id)).json().name).toBe('Spring Site');

    for (const [user, name] of [[orgAdmin, 'By Owner'], [admin, 'By Admin'], [executive, 'By Executive']] as const) {
      const res = await edit(user, project.id, { ...validEdit, name });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        statusForcedActive: false,
        message: PROJECT_DETAIL_MESSAGES.saved.message,
        project: { name, status: 'on_hold', description: 'Desc', dueDate: null, companyOverview: 'We sell tents' },
      });
    }
    const logs = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.projectId, project.id), eq(activityLogs.action, 'update_project')));
    expect(logs).toHaveLength(3);
    expect(logs.map((l) => l.userId).sort()).toEqual([orgAdmin.profileId, admin.profileId, executive.profileId].sort());
  });

  it('spec 4: a due date after today forces status active and says so; today or earlier keeps the choice', async () => {
    const project = await newProject();
    const future = await edit(executive, project.id, { ...validEdit, status: 'completed', dueDate: '2026-11-23' });
    expect(future.json()).toMatchObject({
      statusForcedActive: true,
      message: PROJECT_DETAIL_MESSAGES.savedActive.message,
      project: { status: 'active', dueDate: '2026-11-23' },
    });
    const todayDue = await edit(executive, project.id, { ...validEdit, status: 'completed', dueDate: '2026-11-22' });
    expect(todayDue.json()).toMatchObject({ statusForcedActive: false, project: { status: 'completed' } });
    // A past date the project already has may stay (issue 27: only a newly chosen one is refused).
    await t.db.update(projects).set({ dueDate: '2026-10-01' }).where(eq(projects.id, project.id));
    const cancelled = await edit(executive, project.id, { ...validEdit, status: 'cancelled', dueDate: '2026-10-01' });
    expect(cancelled.json().project.status).toBe('cancelled');
    // Choosing active with a future date is not "forced".
    const active = await edit(executive, project.id, { ...validEdit, status: 'active', dueDate: '2027-01-01' });
    expect(active.json()).toMatchObject({ statusForcedActive: false, message: PROJECT_DETAIL_MESSAGES.saved.message });
  });

  it('resets overdue projects of the organization after saving (decision 3)', async () => {
    const edited = await newProject();
    const overdueNowDue = await newProject();
    const stillOverdue = await newProject();
    await t.db.update(projects).set({ status: 'overdue', dueDate: '2026-11-25' }).where(eq(projects.id, overdueNowDue.id));
    await t.db.update(projects).set({ status: 'overdue', dueDate: '2026-11-01' }).where(eq(projects.id, stillOverdue.id));
    // Another organization's overdue project is not touched by this organization's save.
    const otherClient = (await outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Other' } })).json().id;
    const other = (await outsider.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Other Work', clientId: otherClient } })).json();
    await t.db.update(projects).set({ status: 'overdue', dueDate: null }).where(eq(projects.id, other.id));

    expect((await edit(admin, edited.id, validEdit)).statusCode).toBe(200);
    const statusOf = async (id: string) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0]!.status;
    expect(await statusOf(overdueNowDue.id)).toBe('active');
    expect(await statusOf(stillOverdue.id)).toBe('overdue');
    expect(await statusOf(other.id)).toBe('overdue');
  });

  it('refuses a due date newly moved before today, with the create dialog\'s message (issue 27)', async () => {
    const project = await newProject({ dueDate: '2026-12-01' });
    const res = await edit(executive, project.id, { ...validEdit, dueDate: '2026-11-21' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'due_date_in_past', message: PROJECT_MESSAGES.dueDateInPast.message });
    expect((await get(orgAdmin, project.id)).json().dueDate).toBe('2026-12-01');
    expect((await edit(executive, project.id, { ...validEdit, dueDate: '2026-11-22' })).statusCode).toBe(200);
  });

  it('refuses bad input with the spec wording and writes nothing', async () => {
    const project = await newProject();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...validEdit, name: '   ' }, PROJECT_DETAIL_MESSAGES.nameRequired.message],
      [{ ...validEdit, name: undefined }, PROJECT_DETAIL_MESSAGES.nameRequired.message],
      [{ ...validEdit, status: 'overdue' }, 'Status must be active, completed, on_hold or cancelled'],
      [{ ...validEdit, status: 'on-hold' }, 'Status must be active, completed, on_hold or cancelled'],
      [{ ...validEdit, dueDate: '2026-02-30' }, 'Due date must be a date (yyyy-MM-dd).'],
      [{ ...validEdit, name: 'x'.repeat(201) }, 'Too big: expected string to have <=200 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await edit(orgAdmin, project.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (!message.startsWith('Too big')) expect(res.json().error.message).toBe(message);
    }
    expect((await get(orgAdmin, project.id)).json()).toMatchObject({ name: 'Spring Site', status: 'active' });
    const logs = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, project.id), eq(activityLogs.action, 'update_project')));
    expect(logs).toEqual([]);
  });
});

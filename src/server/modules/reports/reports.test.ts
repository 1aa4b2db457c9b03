import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '../../../domain/reports';
import { fixedClock } from '../../platform/clock';
import { projects } from '../projects/schema';
import { tasks } from '../tasks/schema';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-22T12:00:00Z');
const clock = fixedClock(NOW);

describe('reports API', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let outsider: TestUser;

  /** At `when`, as the org admin: a client, a project for it, and tasks with the given statuses. */
  async function seedAt(when: string, projectStatus: 'active' | 'completed' | 'overdue' | 'on_hold', taskStatuses: ('pending' | 'completed' | 'in_progress')[], user?: TestUser) {
    const who = user ?? orgAdmin;
    clock.set(new Date(when));
    const clientId = (await who.inject({ method: 'POST', url: '/api/clients', payload: { name: `Client ${when}` } })).json().id;
    const projectId = (await who.inject({ method: 'POST', url: '/api/projects', payload: { name: `Project ${when}`, clientId } })).json().id as string;
    for (const [i, status] of taskStatuses.entries()) {
      const task = (await who.inject({ method: 'POST', url: `/api/projects/${projectId}/tasks`, payload: { title: `Task ${i}` } })).json();
      if (status !== 'pending') await t.db.update(tasks).set({ status }).where(eq(tasks.id, task.id));
    }
    if (projectStatus !== 'active') await t.db.update(projects).set({ status: projectStatus }).where(eq(projects.id, projectId));
    clock.set(NOW);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    orgAdmin = await asUser(t, 'organization_admin');
    const organizationId = orgAdmin.organizationId;
    admin = await asUser(t, 'admin', { organizationId });
    executive = await asUser(t, 'account_executive', { organizationId });
    developer = await asUser(t, 'developer', { organizationId });
    outsider = await asUser(t, 'organization_admin');
    // More than a year ago, within the year, within 90 days, within 30 days.
    await seedAt('2025-06-01T10:00:00Z', 'completed', ['completed', 'completed']);
    await seedAt('2026-07-01T10:00:00Z', 'active', ['completed', 'pending']);
    await seedAt('2026-09-15T10:00:00Z', 'on_hold', ['in_progress']);
    await seedAt('2026-11-10T10:00:00Z', 'overdue', ['pending', 'pending', 'completed']);
    // Another organization's work never counts.
    await seedAt('2026-11-20T10:00:00Z', 'completed', ['completed', 'pending'], outsider);
  });
  afterAll(() => t.close());

  const report = (user: TestUser, query = '') => user.inject({ method: 'GET', url: `/api/reports${query}` });

  it('counts all time for the organization only, with completion rates', async () => {
    const res = await report(orgAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      range: 'all',
      since: null,
      until: null,
      totalProjects: 4,
      activeProjects: 1,
      completedProjects: 1,
      overdueProjects: 1,
      totalClients: 4,
      totalTasks: 8,
      completedTasks: 4,
      pendingTasks: 3,
      inProgressTasks: 1,
      projectCompletionRate: 25,
      taskCompletionRate: 50,
    });
  });

  it('applies the time range to created_at (decision 4)', async () => {
    const year = (await report(orgAdmin, '?range=1y')).json();
    expect(year).toMatchObject({ since: '2025-11-22T12:00:00.000Z', totalProjects: 3, completedProjects: 0, totalClients: 3, totalTasks: 6, completedTasks: 2 });
    expect(year).toMatchObject({ projectCompletionRate: 0, taskCompletionRate: 33 });
    const quarter = (await report(orgAdmin, '?range=90d')).json();
    expect(quarter).toMatchObject({ totalProjects: 2, activeProjects: 0, overdueProjects: 1, totalClients: 2, totalTasks: 4, inProgressTasks: 1, pendingTasks: 2, completedTasks: 1 });
    const month = (await report(orgAdmin, '?range=30d')).json();
    expect(month).toMatchObject({ since: '2026-10-23T12:00:00.000Z', totalProjects: 1, overdueProjects: 1, totalClients: 1, totalTasks: 3, completedTasks: 1, taskCompletionRate: 33 });
  });

  // Issue 49 item 15: the page's one date range, whole UTC days, both included.
  it('counts a from-to range of days, the day after `to` excluded', async () => {
    const september = (await report(orgAdmin, '?from=2026-09-01&to=2026-09-30')).json();
    expect(september).toMatchObject({ range: null, since: '2026-09-01T00:00:00.000Z', until: '2026-10-01T00:00:00.000Z' });
    expect(september).toMatchObject({ totalProjects: 1, totalClients: 1, totalTasks: 1, inProgressTasks: 1 });
    expect((await report(orgAdmin, '?from=2026-11-01&to=2026-11-09')).json()).toMatchObject({ totalProjects: 0, totalClients: 0, totalTasks: 0 });
    expect((await report(orgAdmin, '?from=2026-11-10&to=2026-11-10')).json()).toMatchObject({ totalProjects: 1, overdueProjects: 1, totalTasks: 3 });
    // Older than the hour and day counts are kept (400 days): counted from the rows themselves.
    expect((await report(orgAdmin, '?from=2025-05-01&to=2025-06-30')).json()).toMatchObject({ totalProjects: 1, completedProjects: 1, totalTasks: 2, completedTasks: 2 });
    expect((await report(orgAdmin, '?from=2025-05-01&to=2026-07-31')).json()).toMatchObject({ totalProjects: 2, totalClients: 2, totalTasks: 4 });
  });

  it('refuses half a range or a backwards one with 400', async () => {
    for (const query of ['?from=2026-09-01', '?to=2026-09-01', '?from=2026-09-30&to=2026-09-01', '?from=2026-13-01&to=2026-13-02']) {
      const res = await report(orgAdmin, query);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await report(orgAdmin, '?from=2026-09-01')).json().error.message).toContain(REPORT_MESSAGES.fromAndTo.message);
  });

  it('answers zeros, not errors, for an organization with nothing in range', async () => {
    const fresh = await asUser(t, 'admin');
    expect((await report(fresh, '?range=30d')).json()).toMatchObject({ totalProjects: 0, totalTasks: 0, projectCompletionRate: 0, taskCompletionRate: 0 });
    // The outsider sees only their own organization's numbers.
    expect((await report(outsider)).json()).toMatchObject({ totalProjects: 1, completedProjects: 1, totalClients: 1, totalTasks: 2 });
  });

  it('is for those who can manage projects: developers get 403, signed-out callers 401', async () => {
    for (const user of [admin, executive]) expect((await report(user, '?range=90d')).statusCode).toBe(200);
    const forbidden = await report(developer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe(REPORT_MESSAGES.forbidden.message);
    expect((await t.app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(401);
  });

  it('refuses an unknown range with 400', async () => {
    for (const query of ['?range=7d', '?range=', '?range=ALL']) {
      const res = await report(orgAdmin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
  });
});

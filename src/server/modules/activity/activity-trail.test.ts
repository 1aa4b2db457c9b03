// Issue 14's complete activity trail: card status changes, project deletion (its history stays
// readable by name) and template changes are in the log, and their filters find them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../domain/activity';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

type Page = { items: ActivityEntry[]; nextCursor: string | null };

const FIELDS = [
  { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
  { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
];

describe('activity trail', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t, { project: 'Bluebird Launch' });
  });
  afterAll(() => t.close());

  const page = async (user: TestUser, query = '') => {
    const res = await user.inject({ method: 'GET', url: `/api/activities${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Page).items;
  };

  it('logs Mark Complete and Put On Hold with the status before and after; Update finds them', async () => {
    for (const status of ['completed', 'on_hold'] as const) {
      const res = await a.executive.inject({ method: 'PATCH', url: `/api/projects/${a.otherProjectId}/status`, payload: { status } });
      expect(res.statusCode).toBe(200);
    }
    const [onHold, completed] = await page(a.orgAdmin, '?action=update');
    expect(completed).toMatchObject({
      action: 'update_project_status',
      projectId: a.otherProjectId,
      projectName: 'Other Project',
      user: { fullName: a.executive.fullName },
      details: { project_name: 'Other Project', previous_status: 'active', status: 'completed' },
    });
    expect(onHold).toMatchObject({ action: 'update_project_status', details: { previous_status: 'completed', status: 'on_hold' } });
  });

  it("keeps a deleted project's history, named, and logs the deletion", async () => {
    await a.admin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Write brief' } });
    const deleted = await a.admin.inject({ method: 'DELETE', url: `/api/projects/${a.projectId}` });
    expect(deleted.statusCode).toBe(204);

    const entries = await page(a.orgAdmin, '?search=bluebird');
    expect(entries.map((e) => e.action)).toEqual(['delete_project', 'create_task', 'create_project']);
    for (const entry of entries) expect(entry).toMatchObject({ projectId: null, projectName: 'Bluebird Launch' });
    expect(entries[0]).toMatchObject({ user: { fullName: a.admin.fullName }, details: { project_name: 'Bluebird Launch', client_name: 'Acme' } });
    expect((await page(a.orgAdmin, '?action=delete')).map((e) => e.action)).toContain('delete_project');
  });

  it('logs template create, edit and delete, found by the Templates filter and nothing else', async () => {
    const created = await a.orgAdmin.inject({ method: 'POST', url: '/api/templates', payload: { name: 'Brand Kit', description: '', fields: FIELDS } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await a.orgAdmin.inject({ method: 'PATCH', url: `/api/templates/${id}`, payload: { name: 'Brand Kit v2', description: '', fields: FIELDS } })).statusCode).toBe(200);
    expect((await a.orgAdmin.inject({ method: 'DELETE', url: `/api/templates/${id}` })).statusCode).toBe(204);

    const entries = await page(a.orgAdmin, '?action=templates');
    expect(entries.map((e) => [e.action, e.details?.template_name])).toEqual([
      ['delete_template', 'Brand Kit v2'],
      ['update_template', 'Brand Kit v2'],
      ['create_template', 'Brand Kit'],
    ]);
    expect(entries.every((e) => e.projectId === null && e.user?.fullName === a.orgAdmin.fullName)).toBe(true);
  });

  it('logs nothing for a refused change', async () => {
    const before = (await page(a.orgAdmin)).length;
    expect((await a.developer.inject({ method: 'PATCH', url: `/api/projects/${a.otherProjectId}/status`, payload: { status: 'completed' } })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await a.orgAdmin.inject({ method: 'DELETE', url: '/api/templates/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await page(a.orgAdmin)).length).toBe(before);
  });

  it("narrows the log to one project's or one member's entries, within the organization only", async () => {
    await a.executive.inject({ method: 'POST', url: `/api/projects/${a.otherProjectId}/tasks`, payload: { title: 'Plan launch' } });
    const project = await page(a.orgAdmin, `?projectId=${a.otherProjectId}`);
    expect(project.length).toBeGreaterThan(0);
    expect(project.every((e) => e.projectId === a.otherProjectId)).toBe(true);
    expect(project[0]).toMatchObject({ action: 'create_task', details: { task_title: 'Plan launch' } });

    const member = await page(a.orgAdmin, `?userId=${a.executive.profileId}&limit=5`);
    expect(member.length).toBeGreaterThan(0);
    expect(member.length).toBeLessThanOrEqual(5);
    expect(member.every((e) => e.user?.fullName === a.executive.fullName)).toBe(true);

    // Another organization's ids find nothing, and the rule on who may read the log holds.
    expect(await page(a.outsider, `?projectId=${a.otherProjectId}`)).toEqual([]);
    expect(await page(a.outsider, `?userId=${a.executive.profileId}`)).toEqual([]);
    expect((await a.developer.inject({ method: 'GET', url: `/api/activities?projectId=${a.otherProjectId}` })).statusCode).toBe(403);
    expect((await a.orgAdmin.inject({ method: 'GET', url: '/api/activities?projectId=not-a-uuid' })).statusCode).toBe(400);
  });
});


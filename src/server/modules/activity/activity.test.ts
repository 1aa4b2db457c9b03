import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES, type ActivityEntry } from '../../../domain/activity';
import { activityLogs } from './schema';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

type Page = { items: ActivityEntry[]; nextCursor: string | null };

describe('activities API', () => {
  let t: TestApp;
  let agency: Agency;

  beforeAll(async () => {
    t = await createTestApp();
    agency = await seedAgency(t, { orgAdmin: 'Olive Owner', project: 'Bluebird Launch' });
    // The outsider's organization has its own log.
    const outsiderClient = (await agency.outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Secret Co' } })).json();
    expect(outsiderClient.id).toBeDefined();
    await agency.admin.inject({
      method: 'POST',
      url: `/api/projects/${agency.projectId}/tasks`,
      payload: { title: 'Write brief' },
    });
  });
  afterAll(() => t.close());

  const list = (user: TestUser, query = '') => user.inject({ method: 'GET', url: `/api/activities${query}` });
  const page = async (user: TestUser, query = '') => {
    const res = await list(user, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };

  it('shows staff their organization\'s log newest first, with user and project', async () => {
    for (const user of [agency.orgAdmin, agency.admin, agency.executive]) {
      const { items, nextCursor } = await page(user);
      expect(items.map((e) => e.action)).toEqual(['create_task', 'create_project', 'create_project', 'create_client']);
      expect(nextCursor).toBeNull();
    }
    const { items } = await page(agency.orgAdmin);
    expect(items[0]).toMatchObject({
      action: 'create_task',
      projectId: agency.projectId,
      projectName: 'Bluebird Launch',
      actorKind: 'member',
      user: { fullName: agency.admin.fullName, email: agency.admin.email },
      details: { task_title: 'Write brief' },
    });
    expect(items[3]).toMatchObject({
      action: 'create_client',
      projectId: null,
      projectName: null,
      user: { fullName: 'Olive Owner' },
      details: { client_name: 'Acme' },
    });
    expect(Number.isNaN(Date.parse(items[0]!.createdAt))).toBe(false);
  });

  it('never shows another organization\'s activity', async () => {
    const own = await page(agency.outsider);
    expect(own.items.map((e) => e.action)).toEqual(['create_client']);
    expect(own.items[0]!.details).toEqual({ client_name: 'Secret Co', contact_name: null, contact_email: null });
    const mine = await page(agency.orgAdmin, '?search=secret');
    expect(mine.items).toEqual([]);
  });

  it('refuses developers with the spec\'s message, and signed-out callers', async () => {
    for (const user of [agency.developer, agency.unassigned]) {
      const res = await list(user);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(ACTIVITY_MESSAGES.forbidden.message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/activities' })).statusCode).toBe(401);
  });

  it('labels removed members and outsiders acting through a link, without naming the outsider', async () => {
    const organizationId = agency.orgAdmin.organizationId;
    await t.db.insert(activityLogs).values([
      { organizationId, userId: null, action: 'delete_note', projectId: agency.projectId, details: { note_id: 'x' } },
      // A signed-in member of another organization uploading through a share link.
      { organizationId, userId: agency.outsider.profileId, action: 'upload_file', projectId: agency.projectId, details: { file_name: 'brief.pdf' } },
    ]);
    const { items } = await page(agency.admin, '?action=delete');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ action: 'delete_note', actorKind: 'removed', user: null });
    const uploads = await page(agency.admin, '?action=upload');
    expect(uploads.items[0]).toMatchObject({ actorKind: 'outside', user: null, projectName: 'Bluebird Launch' });
    // The outsider's name and email are not searchable here.
    expect((await page(agency.admin, `?search=${encodeURIComponent(agency.outsider.email)}`)).items).toEqual([]);
  });

  it('filters by action category, case-insensitively contained', async () => {
    const organizationId = agency.orgAdmin.organizationId;
    await t.db.insert(activityLogs).values([
      { organizationId, userId: agency.admin.profileId, action: 'create_access_link', projectId: agency.projectId },
      { organizationId, userId: agency.admin.profileId, action: 'Upload_Link', projectId: agency.projectId },
      { organizationId, userId: agency.admin.profileId, action: 'add_note', projectId: agency.projectId },
    ]);
    const actions = async (filter: string) => (await page(agency.admin, `?action=${filter}`)).items.map((e) => e.action).sort();
    expect(await actions('links')).toEqual(['Upload_Link', 'create_access_link']);
    expect(await actions('create')).toEqual(['create_access_link', 'create_client', 'create_project', 'create_project', 'create_task']);
    expect(await actions('notes')).toEqual(['add_note', 'delete_note']);
    expect(await actions('templates')).toEqual([]);
    expect(await actions('complete')).toEqual([]);
  });

  it('searches user name, email, project name and action, combined with the filter', async () => {
    const search = async (q: string, extra = '') =>
      (await page(agency.orgAdmin, `?search=${encodeURIComponent(q)}${extra}`)).items.map((e) => e.action);
    expect(await search('olive')).toEqual(['create_project', 'create_project', 'create_client']);
    expect(await search(agency.admin.email.toUpperCase())).toContain('create_task');
    expect(await search('bluebird', '&action=create')).toEqual(['create_access_link', 'create_task', 'create_project']);
    expect(await search('Create Client')).toEqual(['create_client']);
    expect(await search('100%')).toEqual([]);
    expect(await search('_')).toHaveLength((await page(agency.orgAdmin)).items.length);
  });

  it('pages with cursors, 50 by default, without gaps or repeats even within one millisecond', async () => {
    const organizationId = agency.orgAdmin.organizationId;
    const before = (await page(agency.orgAdmin, '?limit=100')).items.length;
    // 120 older entries: many share one instant, some differ only in microseconds.
    await t.db.insert(activityLogs).values(
      Array.from({ length: 120 }, (_, i) => ({
        organizationId,
        userId: agency.executive.profileId,
        action: `bulk_${i}`,
        createdAt: sql`${`2020-01-01T00:00:00.${String(i < 60 ? 0 : i).padStart(6, '0')}Z`}::timestamptz`,
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const result: Page = await page(agency.orgAdmin, cursor ? `?cursor=${cursor}` : '');
      expect(result.items.length).toBeLessThanOrEqual(50);
      seen.push(...result.items.map((e) => e.id));
      cursor = result.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil((before + 120) / 50));
    expect(new Set(seen).size).toBe(before + 120);
    // Same order as one big page would give.
    const all = (await page(agency.orgAdmin, '?limit=100')).items.map((e) => e.id);
    expect(seen.slice(0, 100)).toEqual(all);
    // A cursor combines with the filter.
    const first = await page(agency.orgAdmin, '?search=bulk&limit=70');
    const rest = await page(agency.orgAdmin, `?search=bulk&limit=70&cursor=${first.nextCursor}`);
    expect(first.items.length + rest.items.length).toBe(120);
    expect(rest.nextCursor).toBeNull();
  });

  it('answers 400 to bad query parameters', async () => {
    for (const query of ['?action=note', '?limit=0', '?limit=101', '?limit=ten', '?cursor=not-a-cursor', `?search=${'x'.repeat(101)}`,
      `?cursor=${Buffer.from('2020-01-01T00:00:00.000Z|abc').toString('base64url')}`]) {
      const res = await list(agency.orgAdmin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toMatch(/validation_error|invalid_cursor/);
    }
  });
});

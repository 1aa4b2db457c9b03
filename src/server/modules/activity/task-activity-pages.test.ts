// Issue 36: a task's activity in its panel was the latest 50 entries, the older ones out of reach.
// 130 entries of one task (and 40 of another, never shown) written straight to the database,
// four to a millisecond and two to a microsecond (log rows take the database's now()), read back
// page by page: every entry once, newest first, whatever the page size.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIST_PAGE_SIZE } from '../../../domain/project-lists';
import { encodeCursor, encodeNameCursor } from '../../platform/db/cursor';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getPath, readAllPages } from '../../test/read-pages';

const ENTRIES = 130;

type Page = { items: Array<{ id: string; action: string; details: { task_id?: string } }>; nextCursor: string | null };

describe("A task's activity pages", () => {
  let t: TestApp;
  let a: Agency;
  let taskId: string;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t);
    const create = async (title: string) =>
      (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title } })).json().id as string;
    taskId = await create('Busy task');
    const otherTaskId = await create('Other task');
    url = `/api/projects/${a.projectId}/tasks/${taskId}/activity`;
    const at = (i: string) => sql.raw(`timestamptz '2026-01-01T00:00:00Z' + (${i} / 4) * interval '1 millisecond' + ((${i} % 4) / 2) * interval '1 microsecond'`);
    await t.db.execute(sql`
      insert into activity_logs (organization_id, user_id, action, project_id, details, created_at)
      select ${a.orgAdmin.organizationId}::uuid, ${a.admin.profileId}::uuid, 'update_task', ${a.projectId}::uuid,
        jsonb_build_object('task_id', case when i > ${ENTRIES} then ${otherTaskId} else ${taskId} end, 'n', i), ${at('i')}
      from generate_series(1, ${ENTRIES + 40}) as i`);
  });
  afterAll(() => t.close());

  const readAll = (user: TestUser, firstLimit?: number, limit?: number) =>
    readAllPages<Page>(getPath(user.inject, url), { firstLimit, limit, maxPages: 100 });

  async function expectedIds(): Promise<string[]> {
    const result = (await t.db.execute(
      sql`select id from activity_logs where project_id = ${a.projectId} and details->>'task_id' = ${taskId} order by created_at desc, id desc`,
    )) as unknown as { rows: Array<{ id: string }> };
    return result.rows.map((r) => r.id);
  }

  it('reads every one of its entries, newest first, through pages of any size (it stopped at 50)', async () => {
    const expected = await expectedIds();
    // The 130 and the task's own create_task.
    expect(expected).toHaveLength(ENTRIES + 1);
    // The panel's way (the latest 5, then pages of the default size), the default, and small pages.
    for (const [first, limit, pageCount] of [[5, undefined, 4], [undefined, undefined, 3], [undefined, 7, 19]] as const) {
      const { pages, items } = await readAll(a.executive, first, limit);
      expect(pages).toHaveLength(pageCount);
      expect(pages[0]!.items).toHaveLength(first ?? limit ?? PROJECT_LIST_PAGE_SIZE);
      expect(items.map((e) => e.id)).toEqual(expected);
      expect(new Set(items.map((e) => e.id)).size).toBe(expected.length);
      expect(items.every((e) => e.details.task_id === taskId)).toBe(true);
      expect(items.filter((e) => e.action === 'create_task')).toHaveLength(1);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('answers a cursor or page size it could not have made with 400 invalid_cursor; a developer still gets 403', async () => {
    const forged = [
      'garbage',
      Buffer.from('2026-01-01T00:00:00.000000Z|not-a-uuid').toString('base64url'),
      Buffer.from(`2026-02-30T00:00:00.000Z|${a.admin.profileId}`).toString('base64url'),
      encodeNameCursor({ name: 'Busy task', id: taskId }),
    ];
    for (const cursor of forged) {
      const res = await a.orgAdmin.inject({ method: 'GET', url: `${url}?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_cursor', message: 'Invalid page cursor' } });
    }
    for (const limit of ['0', '101', 'many']) {
      expect((await a.orgAdmin.inject({ method: 'GET', url: `${url}?limit=${limit}` })).statusCode, `limit ${limit}`).toBe(400);
    }
    const cursor = encodeCursor({ createdAt: '2999-01-01T00:00:00.000Z', id: taskId });
    expect((await a.developer.inject({ method: 'GET', url: `${url}?cursor=${cursor}` })).statusCode).toBe(403);
  });
});

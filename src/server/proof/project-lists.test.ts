// Issue 36: a project's lists never hide rows. 1,200 notes and 1,200 tasks (and 130 files and
// links) written straight to the database, several sharing a millisecond or a whole timestamp
// (the case a millisecond cursor gets wrong), read back page by page through the project page's
// routes and the shared page's: every row once, none missing, in the list's order.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareTaskListOrder } from '../../domain/task-order';
import { fixedClock } from '../platform/clock';
import { seedAgency, type Agency } from '../test/agency';
import { createTestApp, type TestApp } from '../test/test-app';
import { readAllPages } from '../test/read-pages';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));
const NOTES = 1200;
const TASKS = 1200;
const FILES = 130;

type Page = { items: Array<{ id: string }>; nextCursor: string | null; total?: number };

describe('paged project lists', () => {
  let t: TestApp;
  let a: Agency;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Busy Project' });
    token = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Everyone' } })).json().token;
    // Four rows per millisecond: two with the same timestamp, two a microsecond later.
    const at = (i: string) => sql.raw(`timestamptz '2026-01-01T00:00:00Z' + (${i} / 4) * interval '1 millisecond' + ((${i} % 4) / 2) * interval '1 microsecond'`);
    await t.db.execute(sql`
      insert into project_notes (project_id, content, created_by, created_at, updated_at)
      select ${a.projectId}::uuid, 'Note ' || i, ${a.developer.profileId}::uuid, ${at('i')}, ${at('i')}
      from generate_series(1, ${NOTES}) as i`);
    // Three columns; positions repeat within a column (ties broken by age, then id).
    await t.db.execute(sql`
      insert into tasks (project_id, title, status, position, created_by, created_at, updated_at)
      select ${a.projectId}::uuid, 'Task ' || i, (array['pending', 'in_progress', 'completed'])[i % 3 + 1], (i % 7) * 1024 + (i % 5) * 0.5, ${a.orgAdmin.profileId}::uuid, ${at('i')}, ${at('i')}
      from generate_series(1, ${TASKS}) as i`);
    await t.db.execute(sql`
      insert into project_files (project_id, file_name, file_type, is_link, link_url, uploaded_by, created_at)
      select ${a.projectId}::uuid, 'Link ' || i, 'link', true, 'https://example.com/' || i, ${a.orgAdmin.profileId}::uuid, ${at('i')}
      from generate_series(1, ${FILES}) as i`);
    // Another project's rows must not show up in these pages.
    await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.otherProjectId}/notes`, payload: { content: 'Elsewhere' } });
  });
  afterAll(() => t.close());

  /** Every page of a list, following nextCursor to the end. */
  const readAll = (get: (query: string) => Promise<LightMyRequestResponse>, limit?: number) => readAllPages<Page>(get, { limit });

  const member = (path: string) => (query: string) => a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}${path}${query}` });
  const viewer = (path: string) => (query: string) => t.app.inject({ method: 'GET', url: `/api/project-access/${token}${path}${query}` });

  async function expectedIds(query: string): Promise<string[]> {
    const rows = (await t.db.execute(sql.raw(query))) as unknown as { rows: Array<{ id: string }> };
    return rows.rows.map((r) => r.id);
  }

  it('reads every one of 1,200 notes, newest first, through the project page and the shared page', async () => {
    const expected = await expectedIds(`select id from project_notes where project_id = '${a.projectId}' order by created_at desc, id desc`);
    expect(expected).toHaveLength(NOTES);
    for (const [get, limit] of [[member('/notes'), undefined], [viewer('/notes'), 100]] as const) {
      const { pages, items } = await readAll(get, limit);
      expect(pages[0]!.items).toHaveLength(limit ?? 50);
      expect(items.map((n) => n.id)).toEqual(expected);
      // Spec 2's 'Project Notes (count)': all of them, on every page.
      expect(pages.every((p) => p.total === NOTES)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('reads every one of 1,200 tasks in board order (To Do, In Progress, Completed; each column by position), on both pages', async () => {
    const expected = await expectedIds(
      `select id from tasks where project_id = '${a.projectId}' order by case status when 'pending' then 0 when 'in_progress' then 1 else 2 end, position, created_at, id`,
    );
    expect(expected).toHaveLength(TASKS);
    for (const [get, limit] of [[member('/tasks'), 100], [viewer('/tasks'), 37]] as const) {
      const { items } = await readAll(get, limit);
      expect(items.map((x) => x.id)).toEqual(expected);
      // The order is the one the board and the list show (compareTaskListOrder), as far as the
      // payload's millisecond times can tell.
      const tasks = items as unknown as Array<Parameters<typeof compareTaskListOrder>[0]>;
      for (let i = 1; i < tasks.length; i++) expect(compareTaskListOrder(tasks[i - 1]!, tasks[i]!)).toBeLessThanOrEqual(0);
      expect(new Set(tasks.map((x) => x.status))).toEqual(new Set(['pending', 'in_progress', 'completed']));
    }
  });

  it('reads every file and link, newest first, on both pages', async () => {
    const expected = await expectedIds(`select id from project_files where project_id = '${a.projectId}' order by created_at desc, id desc`);
    for (const get of [member('/files'), viewer('/files')]) {
      const { pages, items } = await readAll(get);
      expect(pages).toHaveLength(3);
      expect(items.map((f) => f.id)).toEqual(expected);
    }
  });

  it('answers a cursor or page size it could not have made with 400 in the error shape', async () => {
    const forged = [
      'not-a-cursor',
      Buffer.from('2026-01-01T00:00:00.000Z|not-a-uuid').toString('base64url'),
      Buffer.from(`0|NaN|2026-01-01T00:00:00.000Z|${a.projectId}`).toString('base64url'),
      Buffer.from(`0|1e400|2026-01-01T00:00:00.000Z|${a.projectId}`).toString('base64url'),
      Buffer.from(`9|1|2026-02-30T00:00:00.000Z|${a.projectId}`).toString('base64url'),
    ];
    for (const path of ['/notes', '/tasks', '/files']) {
      for (const get of [member(path), viewer(path)]) {
        for (const cursor of forged) {
          const res = await get(`?cursor=${encodeURIComponent(cursor)}`);
          expect(res.statusCode, `${path} ${cursor}`).toBe(400);
          expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        }
        for (const limit of ['0', '101', 'many', '-1']) expect((await get(`?limit=${limit}`)).statusCode, `${path} limit ${limit}`).toBe(400);
      }
    }
    // A notes cursor is not a tasks cursor, and the other way round.
    const notesCursor = (await member('/notes')('')).json().nextCursor as string;
    const tasksCursor = (await member('/tasks')('')).json().nextCursor as string;
    expect((await member('/tasks')(`?cursor=${notesCursor}`)).json().error.code).toBe('invalid_cursor');
    expect((await member('/notes')(`?cursor=${tasksCursor}`)).json().error.code).toBe('invalid_cursor');
  });

  it('still answers 404 to those who cannot see the project, whatever the page', async () => {
    const cursor = (await member('/notes')('')).json().nextCursor as string;
    for (const user of [a.unassigned, a.outsider]) {
      expect((await user.inject({ method: 'GET', url: `/api/projects/${a.projectId}/notes?cursor=${cursor}` })).statusCode).toBe(404);
    }
  });
});

// Issue 36: the Assign Developer dialog's two lists stopped at 500 each with nothing to say more
// existed, and past 500 assigned the select offered assigned developers again (it left out only
// the first 500). 1,100 developers written straight to the database, 530 of them assigned four
// to a millisecond and two to a microsecond, names in pairs and some with '|' or accents; read
// back page by page: every assigned developer once in the order they were assigned, every other
// developer once by name, then id.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_PAGE_SIZE } from '../../../domain/option-lists';
import { PROJECT_LIST_PAGE_SIZE } from '../../../domain/project-lists';
import { encodeCursor, encodeNameCursor } from '../../platform/db/cursor';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getPath, readAllPages } from '../../test/read-pages';

const DEVELOPERS = 1100;
const ASSIGNED = 530;

type Page = { items: Array<{ profileId: string; fullName: string; assignedAt?: string }>; nextCursor: string | null };

describe('Assign Developer dialog pages', () => {
  let t: TestApp;
  let a: Agency;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t);
    url = `/api/projects/${a.projectId}/developers`;
    const organizationId = a.orgAdmin.organizationId;
    const at = (i: string) => sql.raw(`timestamptz '2026-01-01T00:00:00Z' + (${i} / 4) * interval '1 millisecond' + ((${i} % 4) / 2) * interval '1 microsecond'`);
    // The first 530 of them (by id) assigned to the project.
    await t.db.execute(sql`
      with developers as (
        insert into profiles (organization_id, full_name, email, role)
        select ${organizationId}::uuid,
          case i when 101 then 'Pipe | Dev' when 102 then 'Pipe | Dev' when 103 then 'Émile Söhne' when 104 then 'émile lower'
            else 'Developer ' || lpad((i % 550)::text, 4, '0') end,
          case when i % 3 = 0 then 'dev' || i || '@crew.test' end, 'developer'
        from generate_series(1, ${DEVELOPERS}) as i
        returning id)
      insert into developer_project_access (project_id, developer_profile_id, created_at)
      select ${a.projectId}::uuid, d.id, ${at('d.n')}
      from (select id, row_number() over (order by id) as n from developers) d
      where d.n <= ${ASSIGNED}`);
    // Another organization's developers are never offered.
    await t.db.execute(sql`
      insert into profiles (organization_id, full_name, role) select ${a.outsider.organizationId}::uuid, 'Developer elsewhere ' || i, 'developer'
      from generate_series(1, 40) as i`);
  });
  afterAll(() => t.close());

  const readAll = (user: TestUser, path: string, limit?: number) => readAllPages<Page>(getPath(user.inject, path), { limit });

  async function ids(query: ReturnType<typeof sql>): Promise<string[]> {
    return ((await t.db.execute(query)) as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  }

  const assignedIds = () =>
    ids(sql`select dpa.developer_profile_id as id from developer_project_access dpa join profiles p on p.id = dpa.developer_profile_id
      where dpa.project_id = ${a.projectId} and p.organization_id = ${a.orgAdmin.organizationId} order by dpa.created_at, dpa.developer_profile_id`);
  const availableIds = () =>
    ids(sql`select id from profiles p where organization_id = ${a.orgAdmin.organizationId} and role = 'developer'
      and not exists (select 1 from developer_project_access dpa where dpa.project_id = ${a.projectId} and dpa.developer_profile_id = p.id)
      order by full_name, id`);

  it('lists every one of 531 assigned developers, in the order they were assigned, through pages of any size (it stopped at 500)', async () => {
    const expected = await assignedIds();
    // The 530 and the agency's developer.
    expect(expected).toHaveLength(ASSIGNED + 1);
    for (const [user, limit, pageCount] of [[a.orgAdmin, undefined, 11], [a.executive, 100, 6], [a.admin, 13, 41]] as const) {
      const { pages, items } = await readAll(user, url, limit);
      expect(pages).toHaveLength(pageCount);
      expect(pages[0]!.items).toHaveLength(limit ?? PROJECT_LIST_PAGE_SIZE);
      expect(items.map((d) => d.profileId)).toEqual(expected);
      expect(new Set(items.map((d) => d.profileId)).size).toBe(expected.length);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('offers every one of the 571 developers not assigned, by name then id, none of the assigned (it offered the 501st assigned again)', async () => {
    const expected = await availableIds();
    // 1,100 + the agency's unassigned developer - 530 assigned.
    expect(expected).toHaveLength(DEVELOPERS + 1 - ASSIGNED);
    const assigned = new Set(await assignedIds());
    for (const [user, limit, pageCount] of [[a.orgAdmin, undefined, 2], [a.executive, 37, 16], [a.admin, 7, 82]] as const) {
      const { pages, items } = await readAll(user, `${url}/available`, limit);
      expect(pages).toHaveLength(pageCount);
      expect(pages[0]!.items).toHaveLength(limit ?? OPTION_PAGE_SIZE);
      expect(items.map((d) => d.profileId)).toEqual(expected);
      expect(items.some((d) => assigned.has(d.profileId))).toBe(false);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('answers a cursor or page size it could not have made with 400 invalid_cursor', async () => {
    const timeCursor = encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: a.developer.profileId });
    const nameCursor = encodeNameCursor({ name: 'Developer 0001', id: a.developer.profileId });
    const forged: Array<[string, string]> = [
      [url, 'garbage'],
      [url, Buffer.from('2026-01-01T00:00:00.000000Z|not-a-uuid').toString('base64url')],
      [url, nameCursor],
      [`${url}/available`, 'garbage'],
      [`${url}/available`, encodeNameCursor({ name: 'Nul \u0000 name', id: a.developer.profileId })],
      [`${url}/available`, `${nameCursor}=`],
      [`${url}/available`, timeCursor],
    ];
    for (const [path, cursor] of forged) {
      const res = await a.orgAdmin.inject({ method: 'GET', url: `${path}?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, `${path} ${cursor}`).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_cursor', message: 'Invalid page cursor' } });
    }
    for (const [path, limit] of [[url, '0'], [url, '101'], [`${url}/available`, '501'], [`${url}/available`, 'many']]) {
      expect((await a.orgAdmin.inject({ method: 'GET', url: `${path}?limit=${limit}` })).statusCode, `${path} limit ${limit}`).toBe(400);
    }
  });
});

// Issue 36: the task assignee picker stopped at 500 people with nothing to say more existed, and
// as those on the project come first, the organization's other developers were the ones cut.
// 700 members written straight to the database (staff, developers on the project and developers
// not on it, names shared across the groups, some with '|' or accents), read back page by page:
// everyone once, those on the project first, each group by name, then id.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_PAGE_SIZE } from '../../../domain/option-lists';
import type { AssigneePage } from '../../../domain/tasks';
import { encodeCursor, encodeNameCursor, encodeRankedNameCursor } from '../../platform/db/cursor';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getPath, readAllPages } from '../../test/read-pages';

const MEMBERS = 700;

describe('Task assignee picker pages', () => {
  let t: TestApp;
  let a: Agency;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t);
    url = `/api/projects/${a.projectId}/assignees`;
    const organizationId = a.orgAdmin.organizationId;
    // i % 5: 0 an admin, 1 an account executive, 2-4 developers; the developers with i % 5 = 2
    // are assigned to the project. Names repeat every 300, across the groups.
    await t.db.execute(sql`
      with members as (
        insert into profiles (organization_id, full_name, role)
        select ${organizationId}::uuid,
          case i when 7 then 'Pipe | Person' when 12 then 'Pipe | Person' when 13 then 'Émile Söhne' when 14 then 'émile lower'
            else 'Person ' || lpad((i % 300)::text, 4, '0') end,
          (array['admin', 'account_executive', 'developer', 'developer', 'developer'])[i % 5 + 1]
        from generate_series(1, ${MEMBERS}) as i
        returning id, full_name, role)
      insert into developer_project_access (project_id, developer_profile_id)
      select ${a.projectId}::uuid, m.id from members m
      where m.role = 'developer' and substring(m.full_name from 'Person ([0-9]+)')::int % 5 = 2`);
    // Another organization's members are never offered.
    await t.db.execute(sql`
      insert into profiles (organization_id, full_name, role) select ${a.outsider.organizationId}::uuid, 'Person elsewhere ' || i, 'developer'
      from generate_series(1, 40) as i`);
  });
  afterAll(() => t.close());

  const readAll = (user: TestUser, limit?: number) => readAllPages<AssigneePage>(getPath(user.inject, url), { limit });

  async function expected(): Promise<Array<{ id: string; onProject: boolean }>> {
    const result = (await t.db.execute(sql`
      select p.id, (p.role <> 'developer' or d.developer_profile_id is not null) as "onProject"
      from profiles p left join developer_project_access d on d.developer_profile_id = p.id and d.project_id = ${a.projectId}
      where p.organization_id = ${a.orgAdmin.organizationId}
      order by case when p.role <> 'developer' or d.developer_profile_id is not null then 0 else 1 end, p.full_name, p.id`)) as unknown as {
      rows: Array<{ id: string; onProject: boolean }>;
    };
    return result.rows;
  }

  it('offers every one of 705 members, those on the project first, each group by name, through pages of any size (it stopped at 500)', async () => {
    const want = await expected();
    // The 700 and the agency's five.
    expect(want).toHaveLength(MEMBERS + 5);
    const notOnProject = want.filter((m) => !m.onProject).length;
    expect(notOnProject).toBeGreaterThan(250);
    for (const [user, limit, pageCount] of [[a.orgAdmin, undefined, 2], [a.executive, 100, 8], [a.admin, 9, 79]] as const) {
      const { pages, items } = await readAll(user, limit);
      expect(pages).toHaveLength(pageCount);
      expect(pages[0]!.items).toHaveLength(limit ?? OPTION_PAGE_SIZE);
      expect(items.map((m) => ({ id: m.id, onProject: m.onProject }))).toEqual(want);
      expect(new Set(items.map((m) => m.id)).size).toBe(want.length);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('answers a cursor or page size it could not have made with 400 invalid_cursor; a developer still gets 403', async () => {
    const forged = [
      'garbage',
      encodeNameCursor({ name: 'Person 0001', id: a.admin.profileId }),
      encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: a.admin.profileId }),
      encodeRankedNameCursor({ rank: 10, name: 'Person 0001', id: a.admin.profileId }),
      encodeRankedNameCursor({ rank: 0, name: 'Nul \u0000 name', id: a.admin.profileId }),
      encodeRankedNameCursor({ rank: 0, name: 'Person 0001', id: 'not-a-uuid' }),
      `${encodeRankedNameCursor({ rank: 0, name: 'Person 0001', id: a.admin.profileId })}=`,
      Buffer.concat([Buffer.from(`0|${a.admin.profileId}|`), Buffer.from([0xff, 0xfe])]).toString('base64url'),
    ];
    for (const cursor of forged) {
      const res = await a.orgAdmin.inject({ method: 'GET', url: `${url}?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_cursor', message: 'Invalid page cursor' } });
    }
    for (const limit of ['0', '501', 'many']) {
      expect((await a.orgAdmin.inject({ method: 'GET', url: `${url}?limit=${limit}` })).statusCode, `limit ${limit}`).toBe(400);
    }
    const cursor = encodeRankedNameCursor({ rank: 0, name: 'Person 0001', id: a.admin.profileId });
    expect((await a.developer.inject({ method: 'GET', url: `${url}?cursor=${cursor}` })).statusCode).toBe(403);
  });
});

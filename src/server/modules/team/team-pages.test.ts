// Issue 36: the Team tab never hides a member. 520 members (more than the old 500 cap and many
// pages) written straight to the database, several sharing a millisecond or a whole timestamp
// (a profile's created_at is the database's now(), to the microsecond), read back page by page:
// every member the caller may see once, in the tab's order (newest first), with the search and
// the skill tag filter kept on every page.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_PAGE_SIZE } from '../../../domain/team';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getPath, readAllPages } from '../../test/read-pages';

const MEMBERS = 520;

type Page = { items: Array<{ id: string; role: string }>; nextCursor: string | null; total: number };

describe('Team tab pages', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t);
    // Four rows per millisecond: two with the same timestamp, two a microsecond later. Roles in
    // turn; every fourth has React, every sixth Figma; every fifth has a crew.test email.
    const at = (i: string) => sql.raw(`timestamptz '2026-01-01T00:00:00Z' + (${i} / 4) * interval '1 millisecond' + ((${i} % 4) / 2) * interval '1 microsecond'`);
    await t.db.execute(sql`
      insert into profiles (organization_id, full_name, email, role, tags, created_at, updated_at)
      select ${a.orgAdmin.organizationId}::uuid, 'Member ' || lpad(i::text, 4, '0'),
        case when i % 5 = 0 then 'm' || i || '@crew.test' end,
        (array['developer', 'account_executive', 'admin'])[i % 3 + 1],
        array_remove(array[case when i % 4 = 0 then 'React' end, case when i % 6 = 0 then 'figma' end], null),
        ${at('i')}, ${at('i')}
      from generate_series(1, ${MEMBERS}) as i`);
  });
  afterAll(() => t.close());

  /** Every page of the list, following nextCursor to the end. */
  const readAll = (user: TestUser, query: string) => readAllPages<Page>(getPath(user.inject, '/api/team'), { query });

  async function expectedIds(where: string): Promise<string[]> {
    const result = (await t.db.execute(
      sql.raw(`select id from profiles where organization_id = '${a.orgAdmin.organizationId}' and (${where}) order by created_at desc, id desc`),
    )) as unknown as { rows: Array<{ id: string }> };
    return result.rows.map((r) => r.id);
  }

  it('reads every one of 525 members, newest first, a page at a time, with the total on every page', async () => {
    const expected = await expectedIds('true');
    // The 520 and the agency's five.
    expect(expected).toHaveLength(MEMBERS + 5);
    for (const limit of [undefined, 100, 9]) {
      const { pages, items } = await readAll(a.orgAdmin, limit ? `limit=${limit}` : '');
      expect(pages[0]!.items).toHaveLength(limit ?? TEAM_PAGE_SIZE);
      expect(items.map((m) => m.id)).toEqual(expected);
      expect(new Set(items.map((m) => m.id)).size).toBe(expected.length);
      expect(pages.every((p) => p.total === expected.length)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('shows an account executive every developer and account executive across the pages, and nobody else', async () => {
    const expected = await expectedIds(`role in ('developer', 'account_executive')`);
    const { pages, items } = await readAll(a.executive, 'limit=50');
    expect(items.map((m) => m.id)).toEqual(expected);
    expect(pages[0]!.total).toBe(expected.length);
    expect(new Set(items.map((m) => m.role))).toEqual(new Set(['developer', 'account_executive']));
  });

  it('keeps the skill tags and the search on every page', async () => {
    // Any of the tags, ignoring case; and the search on name or email.
    const expected = await expectedIds(
      `exists (select 1 from unnest(tags) as tag where lower(tag) in ('react', 'figma')) and (full_name ilike '%crew%' or email ilike '%crew%')`,
    );
    expect(expected.length).toBeGreaterThan(20);
    const { pages, items } = await readAll(a.orgAdmin, 'tag=react&tag=Figma&search=crew&limit=10');
    expect(pages.length).toBeGreaterThan(2);
    expect(items.map((m) => m.id)).toEqual(expected);
    expect(pages.every((p) => p.total === expected.length)).toBe(true);
  });

  it('answers a cursor or page size it could not have made with 400 invalid_cursor in the error shape', async () => {
    const forged = [
      'garbage',
      Buffer.from('2026-01-01T00:00:00.000Z|not-a-uuid').toString('base64url'),
      Buffer.from(`2026-13-01T00:00:00.000Z|${a.admin.profileId}`).toString('base64url'),
      Buffer.from(`0|1|2026-01-01T00:00:00.000Z|${a.admin.profileId}`).toString('base64url'),
    ];
    for (const cursor of forged) {
      const res = await a.orgAdmin.inject({ method: 'GET', url: `/api/team?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_cursor', message: 'Invalid page cursor' } });
    }
    for (const limit of ['0', '101', 'many']) {
      expect((await a.orgAdmin.inject({ method: 'GET', url: `/api/team?limit=${limit}` })).statusCode, `limit ${limit}`).toBe(400);
    }
  });
});

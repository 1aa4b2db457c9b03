// Issue 36: the Share dialog's list of links stopped at 200 with nothing to say more existed.
// 250 active links (and 30 revoked, never listed) written straight to the database, four to a
// millisecond and two to a microsecond, read back page by page: every active link once, newest
// first, with its own open count and the project's questionnaire flag on every page.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIST_PAGE_SIZE } from '../../../domain/project-lists';
import type { AccessLinkPage } from '../../../domain/sharing';
import { encodeNameCursor } from '../../platform/db/cursor';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getPath, readAllPages } from '../../test/read-pages';

const LINKS = 250;

describe('Share links pages', () => {
  let t: TestApp;
  let a: Agency;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t);
    url = `/api/projects/${a.projectId}/access-links`;
    const at = (i: string) => sql.raw(`timestamptz '2026-01-01T00:00:00Z' + (${i} / 4) * interval '1 millisecond' + ((${i} % 4) / 2) * interval '1 microsecond'`);
    // Links 251-280 are revoked. Every tenth link was opened i % 7 times, and viewed once (a
    // view is in the log, not in the count).
    await t.db.execute(sql`
      insert into project_access_tokens (project_id, name, token, is_active, created_by, created_at)
      select ${a.projectId}::uuid, 'Link ' || lpad(i::text, 4, '0'), 'page-test-token-' || i, i <= ${LINKS}, ${a.admin.profileId}::uuid, ${at('i')}
      from generate_series(1, ${LINKS + 30}) as i`);
    await t.db.execute(sql`
      insert into project_access_opens (access_token_id, project_id, kind, opened_at)
      select l.id, l.project_id, case when n = 0 then 'view' else 'open' end, timestamptz '2026-02-01T00:00:00Z' + n * interval '1 minute'
      from project_access_tokens l, generate_series(0, (substring(l.name from 6)::int % 7)) as n
      where l.project_id = ${a.projectId} and substring(l.name from 6)::int % 10 = 0`);
  });
  afterAll(() => t.close());

  const readAll = (user: TestUser, limit?: number) => readAllPages<AccessLinkPage>(getPath(user.inject, url), { limit, maxPages: 100 });

  async function expectedIds(): Promise<string[]> {
    const result = (await t.db.execute(
      sql`select id from project_access_tokens where project_id = ${a.projectId} and is_active order by created_at desc, id desc`,
    )) as unknown as { rows: Array<{ id: string }> };
    return result.rows.map((r) => r.id);
  }

  it('reads every one of 250 active links, newest first, through pages of any size (it stopped at 200)', async () => {
    const expected = await expectedIds();
    expect(expected).toHaveLength(LINKS);
    for (const [user, limit, pageCount] of [[a.orgAdmin, undefined, 5], [a.executive, 100, 3], [a.admin, 9, 28]] as const) {
      const { pages, items } = await readAll(user, limit);
      expect(pages).toHaveLength(pageCount);
      expect(pages[0]!.items).toHaveLength(limit ?? PROJECT_LIST_PAGE_SIZE);
      expect(items.map((l) => l.id)).toEqual(expected);
      expect(new Set(items.map((l) => l.id)).size).toBe(LINKS);
      expect(pages.every((p) => p.projectHasQuestionnaire === false)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      // Each link's opens counted on whichever page it falls, views left out.
      for (const link of items) {
        const n = Number(link.name!.slice(5));
        expect(link.openCount, link.name!).toBe(n % 10 === 0 ? n % 7 : 0);
        expect(link.lastOpenedAt === null, link.name!).toBe(n % 10 !== 0 || n % 7 === 0);
      }
    }
  });

  it('answers a cursor or page size it could not have made with 400 invalid_cursor', async () => {
    const forged = [
      'garbage',
      Buffer.from('2026-01-01T00:00:00.000000Z|not-a-uuid').toString('base64url'),
      Buffer.from(`2026-01-01T25:00:00.000Z|${a.admin.profileId}`).toString('base64url'),
      encodeNameCursor({ name: 'Link 0001', id: a.admin.profileId }),
    ];
    for (const cursor of forged) {
      const res = await a.orgAdmin.inject({ method: 'GET', url: `${url}?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_cursor', message: 'Invalid page cursor' } });
    }
    for (const limit of ['0', '101', 'many']) {
      expect((await a.orgAdmin.inject({ method: 'GET', url: `${url}?limit=${limit}` })).statusCode, `limit ${limit}`).toBe(400);
    }
  });
});

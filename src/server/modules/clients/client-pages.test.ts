// Issue 36: the Clients tab never hides a client. 1,050 clients (more than the old 1,000 cap and
// many pages) written straight to the database, several sharing a millisecond or a whole
// timestamp (as an import's rows do, the case a millisecond cursor gets wrong), read back page by
// page: every client once, in the tab's order (newest first), with and without a search.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_OPTIONS_PAGE_SIZE, CLIENT_PAGE_SIZE } from '../../../domain/clients';
import { encodeCursor, encodeNameCursor } from '../../platform/db/cursor';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getPath, readAllPages } from '../../test/read-pages';

const CLIENTS = 1050;

type Page = { items: Array<{ id: string; name: string }>; nextCursor: string | null; total: number };

describe('Clients tab pages', () => {
  let t: TestApp;
  let admin: TestUser;
  let executive: TestUser;
  let outsider: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await asUser(t, 'organization_admin');
    executive = await asUser(t, 'account_executive', { organizationId: admin.organizationId });
    outsider = await asUser(t, 'organization_admin');
    // Four rows per millisecond: two with the same timestamp, two a microsecond later. Every
    // third is a 'Harbor' client, found by name; every fifth has a harbor.test contact, found by
    // email. Names come in pairs (i and i + 525), for the select's order by name, then id; four
    // hold a '|' (the name cursor's separator) or letters outside ASCII.
    const at = (i: string) => sql.raw(`timestamptz '2026-01-01T00:00:00Z' + (${i} / 4) * interval '1 millisecond' + ((${i} % 4) / 2) * interval '1 microsecond'`);
    await t.db.execute(sql`
      insert into clients (organization_id, name, contact_email, created_by, created_at, updated_at)
      select ${admin.organizationId}::uuid,
        case i when 101 then 'Pipe | Partners' when 103 then 'Pipe | Partners' when 107 then 'Émile & Söhne 😀' when 109 then 'émile lower'
          else case when i % 3 = 0 then 'Harbor ' else 'Client ' end || lpad((i % 525)::text, 4, '0') end,
        case when i % 5 = 0 then 'c' || i || '@harbor.test' end,
        ${admin.profileId}::uuid, ${at('i')}, ${at('i')}
      from generate_series(1, ${CLIENTS}) as i`);
    // Another organization's clients never show up in these pages.
    await t.db.execute(sql`
      insert into clients (organization_id, name, created_at) select ${outsider.organizationId}::uuid, 'Harbor elsewhere ' || i, now()
      from generate_series(1, 60) as i`);
  });
  afterAll(() => t.close());

  /** Every page of the list, following nextCursor to the end. */
  const readAll = (user: TestUser, path: string, query: Record<string, string>) => readAllPages<Page>(getPath(user.inject, path), { query });

  async function expectedIds(where: string, order = 'created_at desc, id desc'): Promise<string[]> {
    const result = (await t.db.execute(
      sql.raw(`select id from clients where organization_id = '${admin.organizationId}' and (${where}) order by ${order}`),
    )) as unknown as { rows: Array<{ id: string }> };
    return result.rows.map((r) => r.id);
  }

  it('reads every one of 1,050 clients, newest first, a page at a time, with the total on every page', async () => {
    const expected = await expectedIds('true');
    expect(expected).toHaveLength(CLIENTS);
    for (const [user, limit] of [[admin, undefined], [executive, 100], [admin, 7]] as const) {
      const { pages, items } = await readAll(user, '/api/clients', limit ? { limit: String(limit) } : {});
      expect(pages[0]!.items).toHaveLength(limit ?? CLIENT_PAGE_SIZE);
      expect(pages).toHaveLength(Math.ceil(CLIENTS / (limit ?? CLIENT_PAGE_SIZE)));
      expect(items.map((c) => c.id)).toEqual(expected);
      expect(new Set(items.map((c) => c.id)).size).toBe(CLIENTS);
      expect(pages.every((p) => p.total === CLIENTS)).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('keeps the search on every page: name or contact email, the same order', async () => {
    const expected = await expectedIds(`name ilike '%harbor%' or contact_email ilike '%harbor%'`);
    // 350 by name, 210 by email, 70 both.
    expect(expected).toHaveLength(490);
    const { pages, items } = await readAll(admin, '/api/clients', { search: 'harbor', limit: '100' });
    expect(pages).toHaveLength(5);
    expect(items.map((c) => c.id)).toEqual(expected);
    expect(pages.every((p) => p.total === 490)).toBe(true);
  });

  it('answers a cursor or page size it could not have made with 400 invalid_cursor in the error shape', async () => {
    const forged = [
      'garbage',
      Buffer.from('2026-01-01T00:00:00.000Z|not-a-uuid').toString('base64url'),
      Buffer.from(`2026-02-30T00:00:00.000Z|${admin.profileId}`).toString('base64url'),
      Buffer.from(`2026-01-01T00:00:00.000Z|${admin.profileId}|extra`).toString('base64url'),
    ];
    for (const cursor of forged) {
      const res = await admin.inject({ method: 'GET', url: `/api/clients?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_cursor', message: 'Invalid page cursor' } });
    }
    for (const limit of ['0', '101', 'many', '-1']) {
      expect((await admin.inject({ method: 'GET', url: `/api/clients?limit=${limit}` })).statusCode, `limit ${limit}`).toBe(400);
    }
  });

  it('gives the Create Project client select every one of 1,050 names, by name then id, a page at a time (it was cut at 1,000)', async () => {
    const expected = await expectedIds('true', 'name, id');
    expect(expected).toHaveLength(CLIENTS);
    for (const [user, limit] of [[admin, undefined], [executive, 37]] as const) {
      const { pages, items } = await readAll(user, '/api/clients/options', limit ? { limit: String(limit) } : {});
      expect(pages).toHaveLength(Math.ceil(CLIENTS / (limit ?? CLIENT_OPTIONS_PAGE_SIZE)));
      expect(items.map((c) => c.id)).toEqual(expected);
      expect(new Set(items.map((c) => c.id)).size).toBe(CLIENTS);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
    // A page boundary on each of two clients of the same name, and on names with '|' or accents.
    for (const search of ['pipe', 'mile', 'Harbor 0003']) {
      const { items } = await readAll(admin, '/api/clients/options', { search, limit: '1' });
      expect(items.map((c) => c.id)).toEqual(await expectedIds(`name ilike '%${search}%'`, 'name, id'));
      expect(items.length).toBe(2);
    }
  });

  it('answers a select cursor it could not have made with 400 invalid_cursor', async () => {
    const forged = [
      'garbage',
      encodeNameCursor({ name: 'Client 0001', id: 'not-a-uuid' }),
      encodeNameCursor({ name: 'Nul \u0000 name', id: admin.profileId }),
      // Not the way we write it: padding, and a byte that is not UTF-8.
      `${encodeNameCursor({ name: 'Client 0001', id: admin.profileId })}=`,
      Buffer.concat([Buffer.from(`${admin.profileId}|`), Buffer.from([0xff, 0xfe])]).toString('base64url'),
      Buffer.from('no separator').toString('base64url'),
    ];
    for (const cursor of forged) {
      const res = await admin.inject({ method: 'GET', url: `/api/clients/options?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_cursor', message: 'Invalid page cursor' } });
    }
    // The list's cursor is not the select's (it is read as a name and id, and refused by the id).
    const listCursor = encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: admin.profileId });
    expect((await admin.inject({ method: 'GET', url: `/api/clients/options?cursor=${listCursor}` })).statusCode).toBe(400);
    for (const limit of ['0', '501', 'many']) {
      expect((await admin.inject({ method: 'GET', url: `/api/clients/options?limit=${limit}` })).statusCode, `limit ${limit}`).toBe(400);
    }
  });
});

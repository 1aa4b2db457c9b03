// Issue 36: two Team lists stopped at a fixed number with nothing to say more existed: the skill
// tag suggestions at 500 distinct tags, and a developer's assigned projects (their member page)
// at 200. 640 distinct tags (case variants, a '|', tags only admins have) and 230 assigned
// projects (names in pairs) written straight to the database, read back page by page: every one
// once, in the list's order, and only what the caller may see.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_PAGE_SIZE } from '../../../domain/option-lists';
import { PROJECT_LIST_PAGE_SIZE } from '../../../domain/project-lists';
import { encodeCursor, encodeNameCursor, encodeTextCursor } from '../../platform/db/cursor';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { getPath, readAllPages } from '../../test/read-pages';

const TAGGED = 320;
const PROJECTS = 230;

type Page<T> = { items: T[]; nextCursor: string | null };

describe('Team lists pages', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t);
    const organizationId = a.orgAdmin.organizationId;
    // Each member has two tags of their own ('Tag 0001' and, for odd i, 'tag 0001' too: the same
    // in another case; else 'Tag 0321'...) and one everyone shares. Every third is an admin,
    // whom an account executive does not see, nor their tags.
    await t.db.execute(sql`
      insert into profiles (organization_id, full_name, role, tags)
      select ${organizationId}::uuid, 'Tagged ' || i, case when i % 3 = 0 then 'admin' else 'developer' end,
        array['Tag ' || lpad(i::text, 4, '0'),
          case when i % 2 = 1 then 'tag ' || lpad(i::text, 4, '0') else 'Tag ' || lpad((i + ${TAGGED})::text, 4, '0') end,
          case when i = 7 then 'Pipe | Tag' else 'Shared' end]
      from generate_series(1, ${TAGGED}) as i`);
    // Another organization's tags are never offered.
    await t.db.execute(sql`
      insert into profiles (organization_id, full_name, role, tags) select ${a.outsider.organizationId}::uuid, 'Elsewhere ' || i, 'developer', array['Secret ' || i]
      from generate_series(1, 40) as i`);
    // 230 projects for the agency's developer, names in pairs; and one of another organization
    // (an access row that should not exist), never listed.
    await t.db.execute(sql`
      with made as (
        insert into projects (organization_id, client_id, name)
        select ${organizationId}::uuid, ${a.clientId}::uuid,
          case i when 11 then 'Émile Söhne' when 12 then 'émile lower' when 13 then 'Pipe | Project' else 'Project ' || lpad((i % 115)::text, 4, '0') end
        from generate_series(1, ${PROJECTS}) as i
        returning id)
      insert into developer_project_access (project_id, developer_profile_id) select id, ${a.developer.profileId}::uuid from made`);
    const outsiderClient = (await a.outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Elsewhere' } })).json().id as string;
    const outsiderProject = (await a.outsider.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Not theirs', clientId: outsiderClient } })).json().id as string;
    await t.db.execute(sql`insert into developer_project_access (project_id, developer_profile_id) values (${outsiderProject}, ${a.developer.profileId})`);
  });
  afterAll(() => t.close());

  const readAll = <T>(user: TestUser, path: string, limit?: number) => readAllPages<Page<T>>(getPath(user.inject, path), { limit });

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  const tagsSeenBy = async (roles: string[]) =>
    (
      await rows<{ tag: string }>(sql`select distinct unnest(tags) as tag from profiles
        where organization_id = ${a.orgAdmin.organizationId} and role in ${roles} order by tag`)
    ).map((r) => r.tag);

  it('offers every one of 642 distinct skill tags, each once, in order, through pages of any size (it stopped at 500)', async () => {
    const expected = await tagsSeenBy(['organization_admin', 'admin', 'account_executive', 'developer']);
    // Each member's 'Tag nnnn', the odd ones' 'tag nnnn', the even ones' 'Tag (nnnn + 320)', 'Shared' and 'Pipe | Tag'.
    expect(expected).toHaveLength(2 * TAGGED + 2);
    for (const [user, limit, pageCount] of [[a.orgAdmin, undefined, 2], [a.admin, 100, 7], [a.orgAdmin, 7, 92]] as const) {
      const { pages, items } = await readAll<string>(user, '/api/team/tags', limit);
      expect(pages).toHaveLength(pageCount);
      expect(pages[0]!.items).toHaveLength(limit ?? OPTION_PAGE_SIZE);
      expect(items).toEqual(expected);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it("offers an account executive only the tags of members they may see, every page", async () => {
    const expected = await tagsSeenBy(['account_executive', 'developer']);
    expect(expected.length).toBeGreaterThan(400);
    const { items } = await readAll<string>(a.executive, '/api/team/tags', 50);
    expect(items).toEqual(expected);
    // An admin's own tag ('Tag 0003' belongs to member 3, an admin) is not among them.
    expect(items).not.toContain('Tag 0003');
  });

  it("lists every one of a developer's 231 projects on their page, by name then id, through pages of any size (it stopped at 200)", async () => {
    const expected = (
      await rows<{ id: string }>(sql`select p.id from developer_project_access d join projects p on p.id = d.project_id
        where d.developer_profile_id = ${a.developer.profileId} and p.organization_id = ${a.orgAdmin.organizationId} order by p.name, p.id`)
    ).map((r) => r.id);
    // The 230 and the agency's own project.
    expect(expected).toHaveLength(PROJECTS + 1);
    const url = `/api/team/${a.developer.profileId}/projects`;
    for (const [user, limit, pageCount] of [[a.orgAdmin, undefined, 5], [a.executive, 100, 3], [a.admin, 3, 77]] as const) {
      const { pages, items } = await readAll<{ id: string; name: string; status: string }>(user, url, limit);
      expect(pages).toHaveLength(pageCount);
      expect(pages[0]!.items).toHaveLength(limit ?? PROJECT_LIST_PAGE_SIZE);
      expect(items.map((p) => p.id)).toEqual(expected);
      expect(items.every((p) => p.status === 'active')).toBe(true);
      expect(pages.at(-1)!.nextCursor).toBeNull();
    }
  });

  it('answers a cursor or page size it could not have made with 400 invalid_cursor', async () => {
    const projectsUrl = `/api/team/${a.developer.profileId}/projects`;
    const forged: Array<[string, string]> = [
      ['/api/team/tags', 'garbage'],
      ['/api/team/tags', Buffer.from('no bar first').toString('base64url')],
      ['/api/team/tags', encodeTextCursor('Nul \u0000 tag')],
      ['/api/team/tags', `${encodeTextCursor('Tag 0001')}=`],
      ['/api/team/tags', Buffer.concat([Buffer.from('|'), Buffer.from([0xff, 0xfe])]).toString('base64url')],
      [projectsUrl, 'garbage'],
      [projectsUrl, encodeNameCursor({ name: 'Project 0001', id: 'not-a-uuid' })],
      [projectsUrl, encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: a.developer.profileId })],
    ];
    for (const [path, cursor] of forged) {
      const res = await a.orgAdmin.inject({ method: 'GET', url: `${path}?cursor=${encodeURIComponent(cursor)}` });
      expect(res.statusCode, `${path} ${cursor}`).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'invalid_cursor', message: 'Invalid page cursor' } });
    }
    for (const [path, limit] of [['/api/team/tags', '501'], ['/api/team/tags', '0'], [projectsUrl, '101'], [projectsUrl, 'many']]) {
      expect((await a.orgAdmin.inject({ method: 'GET', url: `${path}?limit=${limit}` })).statusCode, `${path} limit ${limit}`).toBe(400);
    }
  });
});

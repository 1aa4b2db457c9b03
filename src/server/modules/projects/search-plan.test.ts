// The Projects tab's search must stay indexed at scale (issue 3 "Scale": 10,000 projects and
// 1,000 clients): on an organization of that size the planner answers each arm of the search
// from an index instead of reading every project.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization } from '../../platform/auth/accounts';
import { projects } from './schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { searchCondition } from './service';

describe('project search plan', () => {
  let t: TestApp;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    organizationId = (await createOrganization(t.db, 'Big Agency')).id;
    const { profileId } = await createMember(t.db, { organizationId, fullName: 'Owner', role: 'organization_admin' });
    await t.db.execute(sql`
      insert into clients (organization_id, name, created_by)
      select ${organizationId}, 'Client ' || g || ' ' || md5(g::text), ${profileId} from generate_series(1, 1000) g`);
    await t.db.execute(sql`
      insert into projects (organization_id, client_id, name, description, created_by)
      select ${organizationId}, c.id, 'Project ' || g || ' ' || md5(g::text), 'About ' || md5((g * 7)::text), ${profileId}
      from generate_series(1, 10000) g
      join (select id, row_number() over () as n from clients) c on c.n = 1 + g % 1000`);
    await t.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => t.close());

  async function plan(term: string): Promise<string> {
    const query = t.db
      .select({ n: sql<number>`count(*)` })
      .from(projects)
      .where(and(eq(projects.organizationId, organizationId), searchCondition(organizationId, term)))
      .toSQL();
    return t.db.transaction(async (tx) => {
      const result = (await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`))) as { rows: Record<string, string>[] };
      const rows = result.rows;
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('uses the trigram indexes for name and description and the client index for matching clients', async () => {
    const text = await plan('c4ca4');
    expect(text).toContain('projects_name_trgm_idx');
    expect(text).toContain('projects_description_trgm_idx');
    expect(text).toContain('projects_client_id_idx');
    expect(text).not.toMatch(/Seq Scan on projects/);
  });
});

/** The query with its parameters written in, for EXPLAIN (the values here are test constants). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
}

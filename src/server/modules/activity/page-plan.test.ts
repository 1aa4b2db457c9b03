// The Activities tab's pages must stay index-served as the log grows: the first page and a deep
// page both read activity_logs_organization_id_idx backwards from where they start, instead
// of scanning or filtering the organization's whole log.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listActivitiesQuerySchema } from '../../../domain/activity';
import { createMember, createOrganization } from '../../platform/auth/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activityPageQuery } from './service';

describe('activity page plan', () => {
  let t: TestApp;
  let organizationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    organizationId = (await createOrganization(t.db, 'Busy Agency')).id;
    const other = (await createOrganization(t.db, 'Other Agency')).id;
    const { profileId } = await createMember(t.db, { organizationId, fullName: 'Owner', role: 'organization_admin' });
    for (const org of [organizationId, other]) {
      await t.db.execute(sql`
        insert into activity_logs (organization_id, user_id, action, details, created_at)
        select ${org}, ${profileId}, 'create_task', jsonb_build_object('task_title', 'Task ' || g), now() - (g || ' seconds')::interval
        from generate_series(1, 20000) g`);
    }
    await t.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(() => t.close());

  async function plan(query: Record<string, string>): Promise<string> {
    const built = activityPageQuery(t.db, organizationId, listActivitiesQuerySchema.parse(query)).toSQL();
    const result = (await t.db.execute(sql.raw(`explain analyze ${inline(built.sql, built.params)}`))) as { rows: Record<string, string>[] };
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  it('reads the first page and a deep page from the index, starting at the cursor', async () => {
    const first = await plan({});
    expect(first).toContain('Index Scan Backward using activity_logs_organization_id_idx');
    expect(first).not.toMatch(/Seq Scan on activity_logs/);

    // A cursor 15,000 entries deep: an index condition on created_at, nothing filtered away.
    const deep = (await t.db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from activity_logs
      where organization_id = ${organizationId} order by created_at desc, id desc offset 15000 limit 1`)) as unknown as { rows: { at: string; id: string }[] };
    const cursor = Buffer.from(`${deep.rows[0]!.at}|${deep.rows[0]!.id}`).toString('base64url');
    const text = await plan({ cursor });
    expect(text).toMatch(/Index Cond: \(\(organization_id = .*\) AND \(created_at <= /);
    expect(text).not.toMatch(/Rows Removed by Filter: \d{3,}/);
  });
});

/** The query with its parameters written in, for EXPLAIN (the values here are test constants). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => `'${String(params[Number(n) - 1]).replace(/'/g, "''")}'`);
}

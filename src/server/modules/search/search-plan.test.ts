// The organization's search must stay indexed at scale (issue 34): on an organization of 10,000
// projects, 100,000 tasks and 50,000 notes, beside another organization's, the planner answers
// each arm from the full-text and trigram indexes instead of reading every row.
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization } from '../../platform/auth/accounts';
import { sqlLiteral } from '../../platform/db/prepared';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedSearchScale } from './search-scale';
import { SEARCH_PLANNER_SETTING, searchStatement, searchTerms } from './service';

describe('search plan', () => {
  let t: TestApp;
  let organizationId: string;
  let profileId: string;

  beforeAll(async () => {
    t = await createTestApp();
    organizationId = (await createOrganization(t.db, 'Big Agency')).id;
    profileId = (await createMember(t.db, { organizationId, fullName: 'Owner', role: 'organization_admin' })).profileId;
    await seedSearchScale(t.db, { organizationId, profileId, projects: 2_000, tasksPerProject: 10, notesPerProject: 5 });
    const other = (await createOrganization(t.db, 'Other Agency')).id;
    const otherOwner = (await createMember(t.db, { organizationId: other, fullName: 'Other Owner', role: 'organization_admin' })).profileId;
    await seedSearchScale(t.db, { organizationId: other, profileId: otherOwner, projects: 500, tasksPerProject: 10, notesPerProject: 5 });
    // A developer assigned to 30 of the projects.
    await t.db.execute(sql`insert into developer_project_access (project_id, developer_profile_id)
      select id, ${profileId} from projects where organization_id = ${organizationId} order by id limit 30`);
    await t.db.execute(sql`analyze`);
  }, 300_000);
  afterAll(() => t.close());

  /**
   * The plan of a search. With the search's setting it is the plan the search runs: its
   * statement prepared, planned generically (the setting's plan_cache_mode), as queryPrepared runs it.
   */
  async function plan(role: 'organization_admin' | 'developer', query: string, withSetting = false, analyze = false): Promise<string> {
    const statement = searchStatement({ organizationId, profileId, role }, searchTerms(query))!;
    const { sql: text, params } = new PgDialect().sqlToQuery(statement);
    const explained = await t.db.transaction(async (tx) => {
      if (!withSetting) return tx.execute(sql`explain ${statement}`);
      await tx.execute(SEARCH_PLANNER_SETTING);
      await tx.execute(sql.raw(`prepare search_plan as ${text}`));
      try {
        return await tx.execute(sql.raw(`explain ${analyze ? '(analyze, costs off, timing off) ' : ''}execute search_plan(${params.map(sqlLiteral).join(', ')})`));
      } finally {
        await tx.execute(sql`deallocate search_plan`);
      }
    });
    return (explained as unknown as { rows: Record<string, string>[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  it('answers every arm from its full-text or trigram index, reading no whole table', async () => {
    const text = await plan('organization_admin', 'c4ca4');
    for (const index of [
      'projects_search_idx',
      'projects_name_trgm_idx',
      'tasks_search_idx',
      'tasks_title_trgm_idx',
      'task_comments_search_idx',
      'project_notes_search_idx',
      'project_files_name_trgm_idx',
    ]) {
      expect(text, text).toContain(index);
    }
    // The large tables are never read whole; the organization's projects may be hashed for a join.
    expect(text).not.toMatch(/Seq Scan on (tasks|project_notes|task_comments|project_files)\b/);
  });

  it("a developer's search reads no large table whole either (it starts from their projects)", async () => {
    const text = await plan('developer', 'c4ca4 proj');
    expect(text).not.toMatch(/Seq Scan on (tasks|project_notes|task_comments|project_files)\b/);
  });

  it('with the search\'s planner setting, a common word\'s candidates come from the indexes and join their project by key, hashing no whole organization', async () => {
    for (const role of ['organization_admin', 'developer'] as const) {
      const text = await plan(role, 'onboarding', true);
      expect(text, text).not.toMatch(/Hash Join|Merge Join|Seq Scan/);
      expect(text, text).toContain('projects_pkey');
      // No table is walked through a btree index (the organization's, or tasks by project) testing
      // each row: the matches come from the full-text and trigram bitmaps.
      expect(text, text).not.toMatch(/ Index Scan using/);
    }
    // The organization's clients are found through their indexes too, not read whole and matched.
    const staff = await plan('organization_admin', 'onboarding', true);
    for (const index of ['clients_search_idx', 'clients_name_trgm_idx']) expect(staff, staff).toContain(index);
    expect(staff, staff).not.toContain('clients_organization_name_idx');
    // Without it the planner would hash the organization's projects (what the setting is for).
    expect(await plan('organization_admin', 'onboarding')).toMatch(/Hash Join/);
  });

  it("looks for parts of words and typos only when whole words have not filled a kind's candidates", async () => {
    // "onboarding" is a whole word of a thirtieth of the tasks: their full-text matches fill the
    // candidates, and the trigram bitmap over every task title is never built.
    const common = await plan('organization_admin', 'onboarding', true, true);
    expect(common, common).toMatch(/Bitmap Index Scan on tasks_search_idx \(actual rows=[1-9]/);
    expect(common, common).toMatch(/Bitmap Index Scan on tasks_title_trgm_idx \(never executed\)/);
    // Part of a word ("boardi") has no whole-word match: the trigram index finds them.
    const part = await plan('organization_admin', 'boardi', true, true);
    expect(part, part).toMatch(/Bitmap Index Scan on tasks_title_trgm_idx \(actual rows=[1-9]/);
  });
});

// The organization's search must stay indexed at scale (issue 34): on an organization of 10,000
// projects, 100,000 tasks and 50,000 notes, beside another organization's, the planner answers
// each arm from the full-text and trigram indexes instead of reading every row.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization } from '../../platform/auth/accounts';
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

  async function plan(role: 'organization_admin' | 'developer', query: string, withSetting = false): Promise<string> {
    const statement = searchStatement({ organizationId, profileId, role }, searchTerms(query))!;
    const explained = await t.db.transaction(async (tx) => {
      if (withSetting) await tx.execute(SEARCH_PLANNER_SETTING);
      return tx.execute(sql`explain ${statement}`);
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

  it('with the search\'s planner setting, a common word joins each candidate to its project by key, hashing no whole organization', async () => {
    for (const role of ['organization_admin', 'developer'] as const) {
      const text = await plan(role, 'onboarding', true);
      expect(text, text).not.toMatch(/Hash Join|Merge Join|Seq Scan/);
      expect(text, text).toContain('projects_pkey');
    }
    // Without it the planner would hash the organization's projects (what the setting is for).
    expect(await plan('organization_admin', 'onboarding')).toMatch(/Hash Join/);
  });
});

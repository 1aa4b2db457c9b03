import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMember, createOrganization } from '../auth/accounts';
import { organizations, profiles } from './schema/tenancy';
import { activityLogs } from '../../modules/activity/schema';
import { clients } from '../../modules/clients/schema';
import { projects } from '../../modules/projects/schema';
import { developerProjectAccess } from '../../modules/sharing/schema';
import { projectAccessOpens, projectAccessTokens } from '../../modules/sharing/schema';
import { projectFiles } from '../../modules/files/schema';
import { projectNotes } from '../../modules/notes/schema';
import { tasks } from '../../modules/tasks/schema';

describe('database schema', () => {
  let t: TestApp;
  let organizationId: string;
  let profileId: string;
  let clientId: string;

  beforeAll(async () => {
    t = await createTestApp();
    organizationId = (await createOrganization(t.db, 'Schema Test Agency')).id;
    profileId = (await createMember(t.db, { organizationId, fullName: 'Dev One', role: 'developer' })).profileId;
    const [client] = await t.db.insert(clients).values({ organizationId, name: 'Client' }).returning();
    clientId = client!.id;
  });
  afterAll(() => t.close());

  async function projectWithEverything() {
    const [project] = await t.db.insert(projects).values({ organizationId, clientId, name: 'P' }).returning();
    const projectId = project!.id;
    const [token] = await t.db
      .insert(projectAccessTokens)
      .values({ projectId, token: `tok-${projectId}` })
      .returning();
    await t.db.insert(projectAccessOpens).values({ projectId, accessTokenId: token!.id });
    await t.db.insert(developerProjectAccess).values({ projectId, developerProfileId: profileId });
    await t.db.insert(tasks).values({ projectId, title: 'T' });
    await t.db.insert(projectFiles).values({ projectId, fileName: 'a.pdf', fileType: 'pdf' });
    await t.db.insert(projectNotes).values({ projectId, content: 'N', createdBy: profileId });
    await t.db.insert(activityLogs).values({ organizationId, projectId, action: 'create_task' });
    return projectId;
  }

  it('removes every related row when a project is deleted', async () => {
    const projectId = await projectWithEverything();
    await t.db.delete(projects).where(eq(projects.id, projectId));
    for (const table of [projectAccessTokens, projectAccessOpens, developerProjectAccess, tasks, projectFiles, projectNotes, activityLogs]) {
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.projectId, projectId));
      expect(row!.n).toBe(0);
    }
  });

  it('refuses unknown roles, statuses and priorities', async () => {
    await expect(
      t.db.insert(profiles).values({ organizationId, fullName: 'X', role: 'owner' as never }),
    ).rejects.toThrow();
    await expect(
      t.db.insert(projects).values({ organizationId, clientId, name: 'P', status: 'on-hold' as never }),
    ).rejects.toThrow();
    const [project] = await t.db.insert(projects).values({ organizationId, clientId, name: 'P2' }).returning();
    await expect(t.db.insert(tasks).values({ projectId: project!.id, title: 'T', priority: 'urgent' as never })).rejects.toThrow();
    await expect(t.db.insert(tasks).values({ projectId: project!.id, title: 'T', status: 'done' as never })).rejects.toThrow();
  });

  it('removes an organization with everything in it', async () => {
    const other = await createOrganization(t.db, 'Short-lived');
    await createMember(t.db, { organizationId: other.id, fullName: 'Temp', role: 'admin', email: 'temp@x.io', password: 'secret1' });
    await t.db.delete(organizations).where(eq(organizations.id, other.id));
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(profiles).where(eq(profiles.organizationId, other.id));
    expect(row!.n).toBe(0);
  });
});

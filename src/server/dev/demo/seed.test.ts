import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '../../../domain/project-status';
import { ROLES } from '../../../domain/roles';
import { verifyPassword } from '../../platform/auth/password';
import { fixedClock } from '../../platform/clock';
import { accounts, users } from '../../platform/db/schema/auth';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { projectAccessTokens } from '../../modules/sharing/schema';
import { projects } from '../../modules/projects/schema';
import { projectTemplates } from '../../modules/templates/schema';
import { tasks } from '../../modules/tasks/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { seedDemoOnFirstStart } from './seed';

describe('demo seed', () => {
  let t: TestApp;
  let printed: string | undefined;
  const clock = fixedClock(new Date('2026-11-22T10:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp();
    printed = await seedDemoOnFirstStart(t.db, clock, { seedDemo: true, publicUrl: 'http://localhost:3000' });
  });
  afterAll(() => t.close());

  it('prints the sign-in details of every demo account', () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(printed).toContain(account.email);
    expect(printed).toContain(DEMO_PASSWORD);
  });

  it('creates one signed-in member of each role with the demo password', async () => {
    for (const role of ROLES) {
      const [row] = await t.db
        .select({ hash: accounts.password, role: profiles.role })
        .from(users)
        .innerJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, 'credential')))
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.email, DEMO_ACCOUNTS[role].email));
      expect(row?.role).toBe(role);
      expect(await verifyPassword(row!.hash!, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('creates projects in every status, a template, and tasks', async () => {
    const statuses = await t.db.selectDistinct({ status: projects.status }).from(projects);
    expect(statuses.map((s) => s.status).sort()).toEqual([...PROJECT_STATUSES].sort());
    const [templateCount] = await t.db.select({ n: sql<number>`count(*)::int` }).from(projectTemplates);
    expect(templateCount!.n).toBe(1);
    const [taskCount] = await t.db.select({ n: sql<number>`count(*)::int` }).from(tasks);
    expect(taskCount!.n).toBeGreaterThan(0);
  });

  it('has every member join before anything in the log or on a project', async () => {
    const joined = await t.db.select({ createdAt: profiles.createdAt }).from(profiles);
    const [first] = await t.db.select({ at: sql<string>`least((select min(created_at) from activity_logs), (select min(created_at) from projects), (select min(created_at) from clients))` }).from(organizations);
    expect(joined.length).toBeGreaterThan(4);
    for (const member of joined) expect(member.createdAt.getTime()).toBeLessThan(new Date(first!.at).getTime());
  });

  it('creates one open share link for a demo project and prints it', async () => {
    const links = await t.db.select().from(projectAccessTokens);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ isActive: true, passwordHash: null, expiresAt: null });
    expect(printed).toContain(`http://localhost:3000/project-access/${links[0]!.token}`);
    const res = await t.app.inject({ method: 'POST', url: `/api/project-access/${links[0]!.token}/session`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().projectName).toBe('Bluebird Brand Refresh');
  });

  it('does nothing on a later start, or when turned off', async () => {
    expect(await seedDemoOnFirstStart(t.db, clock, { seedDemo: true, publicUrl: 'x' })).toBeUndefined();
    const [orgCount] = await t.db.select({ n: sql<number>`count(*)::int` }).from(organizations);
    expect(orgCount!.n).toBe(1);
  });
});

describe('demo seed turned off', () => {
  it('leaves an empty database empty', async () => {
    const t = await createTestApp();
    try {
      expect(await seedDemoOnFirstStart(t.db, fixedClock(new Date()), { seedDemo: false, publicUrl: 'x' })).toBeUndefined();
      const [orgCount] = await t.db.select({ n: sql<number>`count(*)::int` }).from(organizations);
      expect(orgCount!.n).toBe(0);
    } finally {
      await t.close();
    }
  });
});

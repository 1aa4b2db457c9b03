// The counts the triggers keep (decision 014) give exactly what counting the rows gives, for any
// start of range, whatever happened to the rows: random inserts (one by one and in bulk), status
// and created_at changes, tasks moved between projects, deletes (a project's tasks with it),
// folds and rebuilds, in two organizations. fast-check shrinks a failure to its shortest story.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, TASK_STATUSES } from '../../../domain/project-status';
import { createOrganization } from '../../platform/auth/accounts';
import type { Executor } from '../../platform/db/client';
import { reportCounts } from './schema';
import { clients } from '../clients/schema';
import { projects } from '../projects/schema';
import { tasks } from '../tasks/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { countReport, foldReportCounts, REPORT_COUNTS_KEEP_DAYS, type ReportCounts } from './report-counts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Rows are created within three days around here, so hours and days have several rows each.
const BASE = Date.parse('2026-03-10T00:00:00Z');
const NOW = new Date(BASE + 10 * DAY);
/** Any instant in the window, to the millisecond (the boundaries of hours and days included). */
const instant = fc.oneof(
  fc.integer({ min: -DAY, max: 2 * DAY }).map((ms) => new Date(BASE + ms)),
  fc.integer({ min: -24, max: 48 }).map((h) => new Date(BASE + h * HOUR)),
);

type Op =
  | { op: 'client'; org: number; at: Date }
  | { op: 'project'; org: number; status: number; at: Date }
  | { op: 'projects'; org: number; statuses: number[]; at: Date }
  | { op: 'projectStatus'; pick: number; status: number }
  | { op: 'projectCreated'; pick: number; at: Date }
  | { op: 'deleteProject'; pick: number }
  | { op: 'task'; pick: number; status: number; at: Date }
  | { op: 'tasks'; pick: number; statuses: number[]; at: Date }
  | { op: 'taskStatus'; pick: number; status: number }
  | { op: 'allTasksStatus'; pick: number; status: number }
  | { op: 'moveTask'; pick: number; to: number }
  | { op: 'deleteTask'; pick: number }
  | { op: 'deleteClient'; pick: number }
  | { op: 'fold' }
  | { op: 'rebuild' };

const pick = fc.nat(1000);
const status = (n: number) => fc.nat(n - 1);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('client' as const), org: fc.nat(1), at: instant }),
  { arbitrary: fc.record({ op: fc.constant('project' as const), org: fc.nat(1), status: status(PROJECT_STATUSES.length), at: instant }), weight: 3 },
  fc.record({ op: fc.constant('projects' as const), org: fc.nat(1), statuses: fc.array(status(PROJECT_STATUSES.length), { minLength: 1, maxLength: 6 }), at: instant }),
  fc.record({ op: fc.constant('projectStatus' as const), pick, status: status(PROJECT_STATUSES.length) }),
  fc.record({ op: fc.constant('projectCreated' as const), pick, at: instant }),
  { arbitrary: fc.record({ op: fc.constant('deleteProject' as const), pick }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('task' as const), pick, status: status(TASK_STATUSES.length), at: instant }), weight: 3 },
  fc.record({ op: fc.constant('tasks' as const), pick, statuses: fc.array(status(TASK_STATUSES.length), { minLength: 1, maxLength: 8 }), at: instant }),
  { arbitrary: fc.record({ op: fc.constant('taskStatus' as const), pick, status: status(TASK_STATUSES.length) }), weight: 2 },
  fc.record({ op: fc.constant('allTasksStatus' as const), pick, status: status(TASK_STATUSES.length) }),
  fc.record({ op: fc.constant('moveTask' as const), pick, to: pick }),
  fc.record({ op: fc.constant('deleteTask' as const), pick }),
  fc.record({ op: fc.constant('deleteClient' as const), pick }),
  fc.record({ op: fc.constant('fold' as const) }),
  fc.record({ op: fc.constant('rebuild' as const) }),
);

/** The same numbers, counted from the rows. */
async function countRows(db: Executor, organizationId: string, since: Date | null): Promise<ReportCounts> {
  const inRange = (column: PgColumn) => (since ? gte(column, since) : undefined);
  const byStatus = async (rows: Promise<{ status: string; n: number }[]>) => new Map((await rows).map((r) => [r.status, r.n]));
  const n = sql<number>`count(*)::int`;
  const projectRows = await byStatus(
    db.select({ status: projects.status, n }).from(projects).where(and(eq(projects.organizationId, organizationId), inRange(projects.createdAt))).groupBy(projects.status),
  );
  const taskRows = await byStatus(
    db
      .select({ status: tasks.status, n })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(and(eq(projects.organizationId, organizationId), inRange(tasks.createdAt)))
      .groupBy(tasks.status),
  );
  const [clientRow] = await db.select({ n }).from(clients).where(and(eq(clients.organizationId, organizationId), inRange(clients.createdAt)));
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  return {
    totalProjects: sum(projectRows),
    activeProjects: projectRows.get('active') ?? 0,
    completedProjects: projectRows.get('completed') ?? 0,
    overdueProjects: projectRows.get('overdue') ?? 0,
    totalClients: clientRow!.n,
    totalTasks: sum(taskRows),
    completedTasks: taskRows.get('completed') ?? 0,
    pendingTasks: taskRows.get('pending') ?? 0,
    inProgressTasks: taskRows.get('in_progress') ?? 0,
  };
}

describe('report counts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function apply(db: Executor, orgs: string[], clientIds: string[][], op: Op): Promise<void> {
    const orgProjects = async () => (await db.select({ id: projects.id, org: projects.organizationId }).from(projects).where(inArray(projects.organizationId, orgs)).orderBy(projects.id));
    const orgTasks = async () =>
      (await db.select({ id: tasks.id }).from(tasks).innerJoin(projects, eq(projects.id, tasks.projectId)).where(inArray(projects.organizationId, orgs)).orderBy(tasks.id)).map((r) => r.id);
    const nth = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
    switch (op.op) {
      case 'client': {
        const [row] = await db.insert(clients).values({ organizationId: orgs[op.org]!, name: 'C', createdAt: op.at }).returning({ id: clients.id });
        clientIds[op.org]!.push(row!.id);
        return;
      }
      case 'project':
      case 'projects': {
        const statuses = op.op === 'project' ? [op.status] : op.statuses;
        await db.insert(projects).values(
          statuses.map((s, i) => ({
            organizationId: orgs[op.org]!,
            clientId: clientIds[op.org]![0]!,
            name: 'P',
            status: PROJECT_STATUSES[s]!,
            createdAt: new Date(op.at.getTime() + i * 7 * 60 * 1000),
          })),
        );
        return;
      }
      case 'projectStatus': {
        const project = nth(await orgProjects(), op.pick);
        if (project) await db.update(projects).set({ status: PROJECT_STATUSES[op.status]!, name: 'Renamed' }).where(eq(projects.id, project.id));
        return;
      }
      case 'projectCreated': {
        const project = nth(await orgProjects(), op.pick);
        if (project) await db.update(projects).set({ createdAt: op.at }).where(eq(projects.id, project.id));
        return;
      }
      case 'deleteProject': {
        const project = nth(await orgProjects(), op.pick);
        if (project) await db.delete(projects).where(eq(projects.id, project.id));
        return;
      }
      case 'task':
      case 'tasks': {
        const project = nth(await orgProjects(), op.pick);
        const statuses = op.op === 'task' ? [op.status] : op.statuses;
        if (project) {
          await db.insert(tasks).values(
            statuses.map((s, i) => ({ projectId: project.id, title: 'T', status: TASK_STATUSES[s]!, createdAt: new Date(op.at.getTime() + i * 11 * 60 * 1000) })),
          );
        }
        return;
      }
      case 'taskStatus': {
        const task = nth(await orgTasks(), op.pick);
        if (task) await db.update(tasks).set({ status: TASK_STATUSES[op.status]! }).where(eq(tasks.id, task));
        return;
      }
      case 'allTasksStatus': {
        const project = nth(await orgProjects(), op.pick);
        if (project) await db.update(tasks).set({ status: TASK_STATUSES[op.status]!, position: 1 }).where(eq(tasks.projectId, project.id));
        return;
      }
      case 'moveTask': {
        const task = nth(await orgTasks(), op.pick);
        // Within its organization, as the app moves tasks.
        const [row] = task ? await db.select({ org: projects.organizationId }).from(tasks).innerJoin(projects, eq(projects.id, tasks.projectId)).where(eq(tasks.id, task)) : [];
        const target = nth((await orgProjects()).filter((p) => p.org === row?.org), op.to);
        if (task && target) await db.update(tasks).set({ projectId: target.id }).where(eq(tasks.id, task));
        return;
      }
      case 'deleteTask': {
        const task = nth(await orgTasks(), op.pick);
        if (task) await db.delete(tasks).where(eq(tasks.id, task));
        return;
      }
      case 'deleteClient': {
        // Only a client without projects can go (projects restrict it); the first one always stays.
        for (const [org, ids] of clientIds.entries()) {
          const id = ids.length > 1 ? ids[1 + (op.pick % (ids.length - 1))] : undefined;
          if (!id) continue;
          const [used] = await db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, id)).limit(1);
          if (!used) {
            await db.delete(clients).where(eq(clients.id, id));
            clientIds[org] = ids.filter((c) => c !== id);
            return;
          }
        }
        return;
      }
      case 'fold':
        await foldReportCounts(db, NOW);
        return;
      case 'rebuild':
        await db.execute(sql`select report_counts_rebuild()`);
        return;
    }
  }

  it('equal counting the rows, for any history and any start of range', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), fc.array(instant, { minLength: 1, maxLength: 4 }), async (ops, sinces) => {
        const orgs = [(await createOrganization(t.db, 'Counted A')).id, (await createOrganization(t.db, 'Counted B')).id];
        const clientIds: string[][] = [];
        for (const org of orgs) {
          const [row] = await t.db.insert(clients).values({ organizationId: org, name: 'First', createdAt: new Date(BASE) }).returning({ id: clients.id });
          clientIds.push([row!.id]);
        }
        for (const op of ops) {
          await apply(t.db, orgs, clientIds, op);
          // All time after every step, so a rebuild later in the story cannot hide a wrong count.
          for (const org of orgs) expect(await countReport(t.db, org, null), JSON.stringify(op)).toEqual(await countRows(t.db, org, null));
        }
        for (const org of orgs) {
          for (const since of [null, ...sinces]) {
            expect(await countReport(t.db, org, since), `since ${since?.toISOString() ?? 'all time'}`).toEqual(await countRows(t.db, org, since));
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('reads whole hours and days from the counts, and only the first partial hour from the rows', async () => {
    const org = (await createOrganization(t.db, 'Partial Hour')).id;
    const [client] = await t.db.insert(clients).values({ organizationId: org, name: 'C', createdAt: new Date(BASE) }).returning({ id: clients.id });
    await t.db.insert(projects).values([
      { organizationId: org, clientId: client!.id, name: 'Before', createdAt: new Date(BASE + 10 * 60 * 1000) },
      { organizationId: org, clientId: client!.id, name: 'Inside', createdAt: new Date(BASE + 40 * 60 * 1000) },
      { organizationId: org, clientId: client!.id, name: 'Later', createdAt: new Date(BASE + 3 * DAY) },
    ]);
    // Counts that disagree with the rows show which the report read: the partial hour (00:30 to
    // 01:00) from the rows, everything after it from the counts.
    await t.db.insert(reportCounts).values([
      { organizationId: org, kind: 'project', status: 'active', grain: 'hour', bucket: new Date(BASE), n: 100 },
      { organizationId: org, kind: 'project', status: 'active', grain: 'day', bucket: new Date(BASE + 3 * DAY), n: 1000 },
    ]);
    const since = new Date(BASE + 30 * 60 * 1000);
    expect((await countReport(t.db, org, since)).totalProjects).toBe(1 + 1000 + 1);
  });

  it('folds the differences into one row per key, and drops hours and days older than any range', async () => {
    const org = (await createOrganization(t.db, 'Folded')).id;
    const [client] = await t.db.insert(clients).values({ organizationId: org, name: 'C', createdAt: new Date(BASE) }).returning({ id: clients.id });
    const [project] = await t.db.insert(projects).values({ organizationId: org, clientId: client!.id, name: 'P', createdAt: new Date(BASE) }).returning({ id: projects.id });
    for (const status of ['completed', 'on_hold', 'active', 'completed'] as const) await t.db.update(projects).set({ status }).where(eq(projects.id, project!.id));
    const rowsOf = async () => t.db.select().from(reportCounts).where(eq(reportCounts.organizationId, org));
    expect((await rowsOf()).length).toBeGreaterThan(6);
    const before = await countReport(t.db, org, null);

    await foldReportCounts(t.db, NOW);
    const folded = await rowsOf();
    // project 'completed' and client, at three grains each.
    expect(folded).toHaveLength(6);
    expect(folded.every((r) => r.folded)).toBe(true);
    expect(await countReport(t.db, org, null)).toEqual(before);
    expect(await countReport(t.db, org, new Date(BASE - HOUR))).toEqual(before);

    await foldReportCounts(t.db, new Date(BASE + (REPORT_COUNTS_KEEP_DAYS + 1) * DAY));
    expect((await rowsOf()).map((r) => r.grain).sort()).toEqual(['all', 'all']);
    expect(await countReport(t.db, org, null)).toEqual(before);
  });
});

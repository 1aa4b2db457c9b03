// Reports tab: counts for the caller's organization, aggregated in SQL (ARCHITECTURE: "Reports
// aggregate in SQL"), one statement, never rows loaded into memory.
import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { completionRate, rangeStart, type Report, type reportQuerySchema } from '../../../domain/reports';
import { REPORT_MESSAGES } from '../../../domain/reports';
import { canManageProjects } from '../../../domain/roles';
import type { Actor } from '../../platform/auth/session';
import { clients, projects, tasks } from '../../platform/db/schema/work';
import { forbidden } from '../../platform/errors';
import type { Platform } from '../../platform/platform';

const count = (condition?: SQL) =>
  condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`;

export async function buildReport(
  { db, clock }: Platform,
  actor: Actor,
  query: z.output<typeof reportQuerySchema>,
): Promise<Report> {
  if (!canManageProjects(actor.role)) throw forbidden(REPORT_MESSAGES.forbidden);
  // Decision 4: the time range IS applied (the original ignored it), to each row's created_at:
  // projects, clients and tasks created within the range are counted.
  const since = rangeStart(query.range, clock.now());
  const inRange = (column: typeof projects.createdAt | typeof clients.createdAt | typeof tasks.createdAt) =>
    since ? gte(column, since) : undefined;

  const projectStats = db.$with('project_stats').as(
    db
      .select({
        totalProjects: count().as('total_projects'),
        activeProjects: count(eq(projects.status, 'active')).as('active_projects'),
        completedProjects: count(eq(projects.status, 'completed')).as('completed_projects'),
        overdueProjects: count(eq(projects.status, 'overdue')).as('overdue_projects'),
      })
      .from(projects)
      .where(and(eq(projects.organizationId, actor.organizationId), inRange(projects.createdAt))),
  );
  const clientStats = db.$with('client_stats').as(
    db
      .select({ totalClients: count().as('total_clients') })
      .from(clients)
      .where(and(eq(clients.organizationId, actor.organizationId), inRange(clients.createdAt))),
  );
  // Tasks have no organization column: they belong to it through their project.
  const taskStats = db.$with('task_stats').as(
    db
      .select({
        totalTasks: count().as('total_tasks'),
        completedTasks: count(eq(tasks.status, 'completed')).as('completed_tasks'),
        pendingTasks: count(eq(tasks.status, 'pending')).as('pending_tasks'),
        inProgressTasks: count(eq(tasks.status, 'in_progress')).as('in_progress_tasks'),
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(and(eq(projects.organizationId, actor.organizationId), inRange(tasks.createdAt))),
  );

  const [row] = await db
    .with(projectStats, clientStats, taskStats)
    .select({
      totalProjects: projectStats.totalProjects,
      activeProjects: projectStats.activeProjects,
      completedProjects: projectStats.completedProjects,
      overdueProjects: projectStats.overdueProjects,
      totalClients: clientStats.totalClients,
      totalTasks: taskStats.totalTasks,
      completedTasks: taskStats.completedTasks,
      pendingTasks: taskStats.pendingTasks,
      inProgressTasks: taskStats.inProgressTasks,
    })
    .from(projectStats)
    .crossJoin(clientStats)
    .crossJoin(taskStats);
  const counts = row!;
  return {
    range: query.range,
    since: since ? since.toISOString() : null,
    ...counts,
    projectCompletionRate: completionRate(counts.completedProjects, counts.totalProjects),
    taskCompletionRate: completionRate(counts.completedTasks, counts.totalTasks),
  };
}

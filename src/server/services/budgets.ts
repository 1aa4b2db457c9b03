// Spent against budget (issue 32 item 3, decision 037), shared by the projects pages, the budget
// routes and whatever writes time (the time module calls checkBudgetAlert in the transaction of
// every entry it writes). Money is read, never stored: per member and project the minutes are
// summed, multiplied by the rate in force (the project's, else the member's) and rounded half up
// once, in integer SQL arithmetic; those amounts are then summed.
import { and, eq, sql } from 'drizzle-orm';
import { budgetPercent, dueBudgetAlert, formatBudgetAmount, BUDGET_TEXTS, type BudgetUsage } from '../../domain/budgets';
import type { BudgetKind } from '../../domain/time-rules';
import type { Executor } from '../platform/db/client';
import { organizations } from '../platform/db/schema/tenancy';
import { projects } from '../platform/db/schema/work';
import { deliver } from './notify';
import { staffMembers } from './recipients';

export type ProjectSpend = { minutes: number; minor: number };

/** node-postgres answers a QueryResult, PGlite a Results: both hold `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Minutes and money logged on each of `projectIds` (of the organization), in one grouped
 * statement (the Projects tab asks for a page of cards at once, never one query per card).
 */
export async function spendOfProjects(executor: Executor, organizationId: string, projectIds: readonly string[]): Promise<Map<string, ProjectSpend>> {
  const spend = new Map<string, ProjectSpend>();
  if (projectIds.length === 0) return spend;
  const ids = sql.join(
    projectIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await executor.execute(sql`
    select g.project_id as "projectId",
           sum(g.minutes)::bigint as minutes,
           coalesce(sum((g.minutes * coalesce(p.hourly_rate_minor, pr.hourly_rate_minor) + 30) / 60), 0)::bigint as minor
      from (select e.project_id, e.profile_id, sum(e.minutes)::bigint as minutes
              from time_entries e
             where e.organization_id = ${organizationId} and e.project_id in (${ids})
             group by e.project_id, e.profile_id) g
      join projects p on p.id = g.project_id and p.organization_id = ${organizationId}
      left join profiles pr on pr.id = g.profile_id
     group by g.project_id`);
  for (const row of rowsOf<{ projectId: string; minutes: string | number; minor: string | number }>(result)) {
    spend.set(row.projectId, { minutes: Number(row.minutes), minor: Number(row.minor) });
  }
  return spend;
}

export type BudgetColumns = { budgetKind: BudgetKind | null; budgetAmount: number | null };

/** The budget's usage, or null for a project without one. */
export function usageOf(project: BudgetColumns, spend: ProjectSpend | undefined): BudgetUsage | null {
  if (!project.budgetKind || project.budgetAmount === null) return null;
  const spent = project.budgetKind === 'hours' ? (spend?.minutes ?? 0) : (spend?.minor ?? 0);
  return { kind: project.budgetKind, amount: project.budgetAmount, spent, percent: budgetPercent(spent, project.budgetAmount) };
}

/**
 * After time on a project changed (or its budget or rates did): tells the organization's staff
 * when the project crossed 80 % or 100 % of its budget, each threshold once until the budget
 * changes. The project row is locked first, so two entries written at once are counted one
 * after the other (the second sees the first once it commits) and the alert goes out once.
 */
export async function checkBudgetAlert(
  executor: Executor,
  now: Date,
  target: { organizationId: string; projectId: string; publicUrl?: string },
): Promise<number | null> {
  const [peek] = await executor
    .select({ budgetKind: projects.budgetKind })
    .from(projects)
    .where(and(eq(projects.id, target.projectId), eq(projects.organizationId, target.organizationId)));
  if (!peek?.budgetKind) return null;
  const [project] = await executor
    .select({ name: projects.name, budgetKind: projects.budgetKind, budgetAmount: projects.budgetAmount, alerted: projects.budgetAlertedPercent })
    .from(projects)
    .where(and(eq(projects.id, target.projectId), eq(projects.organizationId, target.organizationId)))
    .for('update');
  if (!project) return null;
  const spend = await spendOfProjects(executor, target.organizationId, [target.projectId]);
  const usage = usageOf(project, spend.get(target.projectId));
  if (!usage) return null;
  const due = dueBudgetAlert(usage.percent, project.alerted);
  if (due === null) return null;
  await executor
    .update(projects)
    .set({ budgetAlertedPercent: due })
    .where(and(eq(projects.id, target.projectId), eq(projects.organizationId, target.organizationId)));

  const [organization] = await executor.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, target.organizationId));
  const currency = organization?.currency ?? 'USD';
  const title = BUDGET_TEXTS.alertTitle(project.name, due);
  const body = BUDGET_TEXTS.alertBody(formatBudgetAmount(usage.kind, usage.spent, currency), formatBudgetAmount(usage.kind, usage.amount, currency));
  const link = target.publicUrl ? `\n\n${target.publicUrl}/project/${target.projectId}` : '';
  for (const member of await staffMembers(executor, target.organizationId)) {
    await deliver(executor, now, {
      organizationId: target.organizationId,
      recipientId: member.id,
      kind: 'budget_alert',
      inbox: { projectId: target.projectId, title, body },
      email: { to: member.email, subject: title, text: `Hello ${member.fullName},\n\n${body}${link}\n` },
    });
  }
  return due;
}

// What other modules may use of budgets (decision 012, issue 47: a feature, no longer parked in
// the shared services): spent against budget (issue 32 item 3, decision 037), read by the projects
// pages, the budget routes and whatever writes time (the time module calls checkBudgetAlert in the transaction of
// every entry it writes). Money is read, never stored: per member and project the minutes are
// summed, multiplied by the rate in force (the project's, else the member's) and rounded half up
// once, in integer SQL arithmetic; those amounts are then summed.
import { and, asc, eq, exists, isNull, sql } from 'drizzle-orm';
import { budgetPercent, dueBudgetAlert, formatBudgetAmount, BUDGET_TEXTS, type BudgetUsage } from '../../../domain/budgets';
import { INTL_LOCALES, withValues } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { MAX_BURN_DOWN_WEEKS, type BurnDownWeek } from '../../../domain/budget-burn-down';
import type { BudgetKind } from '../../../domain/time-rules';
import type { Executor } from '../../platform/db/client';
import { organizations } from '../../platform/db/schema/tenancy';
import { projects } from '../projects/public';
import { timeEntries } from '../time/public';
import { emit } from '../../services/events';
import { staffMembers, type StaffMember } from '../../services/recipients';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import { BUDGET_EMAIL_TEXTS } from './email-texts';

/** `minor` is null when none of the minutes has a rate in force (issue 49 item 8: "No rate set", not $0.00). */
export type ProjectSpend = { minutes: number; minor: number | null };

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
           sum((g.minutes * coalesce(p.hourly_rate_minor, pr.hourly_rate_minor) + 30) / 60)::bigint as minor
      from (select e.project_id, e.profile_id, sum(e.minutes)::bigint as minutes
              from time_entries e
             where e.organization_id = ${organizationId} and e.project_id in (${ids})
             group by e.project_id, e.profile_id) g
      join projects p on p.id = g.project_id and p.organization_id = ${organizationId}
      left join profiles pr on pr.id = g.profile_id
     group by g.project_id`);
  for (const row of rowsOf<{ projectId: string; minutes: string | number; minor: string | number | null }>(result)) {
    // SQL's sum skips the nulls of unrated minutes, and is null only when every one of them was.
    spend.set(row.projectId, { minutes: Number(row.minutes), minor: row.minor === null ? null : Number(row.minor) });
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
  const link = target.publicUrl ? `\n\n${target.publicUrl}/project/${target.projectId}` : '';
  // Issue 48: the amounts as the reader's language writes them ("1.234,50 €"), like the words.
  const amounts = (member: StaffMember) => ({
    spent: formatBudgetAmount(usage.kind, usage.spent, currency, INTL_LOCALES[member.locale]),
    budget: formatBudgetAmount(usage.kind, usage.amount, currency, INTL_LOCALES[member.locale]),
  });
  // Issue 48: each member's inbox entry is stored in their language (services/outlets/inbox.ts).
  const title = withValues(BUDGET_TEXTS.alertTitle, { projectName: project.name, percent: due });
  // Issue 48: the email in its reader's language.
  const alertEmail = (member: StaffMember) => ({
    to: member.email,
    subject: translate(member.locale, BUDGET_EMAIL_TEXTS.alertSubject, { project: project.name, percent: due }),
    text: `${translate(member.locale, EMAIL_TEXTS.hello, { name: member.fullName })}\n\n${translate(member.locale, BUDGET_EMAIL_TEXTS.alertBody, amounts(member))}${link}\n`,
  });
  await emit(executor, {
    type: 'budget.alert',
    organizationId: target.organizationId,
    projectId: target.projectId,
    actorId: null,
    at: now,
    notify: (await staffMembers(executor, target.organizationId)).map((member) => ({
      recipientId: member.id,
      kind: 'budget_alert' as const,
      inbox: { projectId: target.projectId, title, body: withValues(BUDGET_TEXTS.alertBody, amounts(member)) },
      email: alertEmail(member),
    })),
  });
  return due;
}

/**
 * After a member's default rate changed, in its transaction: re-checks the alerts of every money
 * budget that rate prices (projects without a rate of their own on which the member logged time),
 * one after the other in id order so two rate changes at once lock projects in the same order.
 * Hours budgets do not move with a rate. As for a project's own rate, `budget_alerted_percent`
 * stays: a rate lowered below a threshold sends nothing and a threshold already sent is not sent
 * again when the rate goes back up (decision 037, addendum).
 */
export async function checkBudgetAlertsOfMember(
  executor: Executor,
  now: Date,
  target: { organizationId: string; memberId: string; publicUrl?: string },
): Promise<number[]> {
  const priced = await executor
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        eq(projects.organizationId, target.organizationId),
        eq(projects.budgetKind, 'money'),
        isNull(projects.hourlyRateMinor),
        exists(
          executor
            .select({ one: sql`1` })
            .from(timeEntries)
            .where(and(eq(timeEntries.projectId, projects.id), eq(timeEntries.profileId, target.memberId))),
        ),
      ),
    )
    .orderBy(asc(projects.id));
  const sent: number[] = [];
  for (const { id } of priced) {
    const due = await checkBudgetAlert(executor, now, { organizationId: target.organizationId, projectId: id, publicUrl: target.publicUrl });
    if (due !== null) sent.push(due);
  }
  return sent;
}

/**
 * A project's budget used by the end of each ISO week, from the week of its first entry to the
 * later of this week and its last entry's week (the latest `MAX_BURN_DOWN_WEEKS` of them, each
 * still counting everything before), in one statement. Money follows the spent figure's rule: per
 * member, the minutes logged up to that week times the rate in force, rounded half up once, then
 * summed; so the last week is exactly what the card shows, never a sum of rounded weeks.
 */
export async function burnDownOfProject(executor: Executor, organizationId: string, projectId: string, today: string): Promise<BurnDownWeek[]> {
  const result = await executor.execute(sql`
    with per as (
      select e.profile_id, e.work_date - (extract(isodow from e.work_date)::int - 1) as week, sum(e.minutes)::bigint as minutes
        from time_entries e
       where e.organization_id = ${organizationId} and e.project_id = ${projectId}::uuid
       group by 1, 2
    ), span as (
      select min(week) as first_week,
             greatest(max(week), ${today}::date - (extract(isodow from ${today}::date)::int - 1)) as last_week
        from per
    ), weeks as (
      select generate_series(span.first_week, span.last_week, interval '7 days')::date as week from span where span.first_week is not null
    ), members as (
      select distinct profile_id from per
    ), grid as (
      select w.week, m.profile_id,
             (sum(coalesce(per.minutes, 0)) over (partition by m.profile_id order by w.week))::bigint as minutes
        from weeks w
       cross join members m
        left join per on per.week = w.week and per.profile_id is not distinct from m.profile_id
    )
    select to_char(g.week, 'YYYY-MM-DD') as "weekStart",
           sum(g.minutes)::bigint as minutes,
           coalesce(sum((g.minutes * coalesce(p.hourly_rate_minor, pr.hourly_rate_minor) + 30) / 60), 0)::bigint as minor
      from grid g
      join projects p on p.id = ${projectId}::uuid and p.organization_id = ${organizationId}
      left join profiles pr on pr.id = g.profile_id
     where g.week > (select last_week from span) - ${MAX_BURN_DOWN_WEEKS * 7}::int
     group by g.week
     order by g.week`);
  return rowsOf<{ weekStart: string; minutes: string | number; minor: string | number }>(result).map((row) => ({
    weekStart: row.weekStart,
    minutes: Number(row.minutes),
    minor: Number(row.minor),
  }));
}

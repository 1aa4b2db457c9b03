// Time reports (issue 32 item 4, decision 037): one grouped statement per report, in SQL. Entries
// of the range are first summed per project, member, billable flag (and task, for the task
// report); each such group's money is its minutes times the rate in force (the project's, else the
// member's), rounded half up once in integer arithmetic; the groups are then summed per row.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { REPORT_MESSAGES } from '../../../domain/reports';
import { canManageProjects } from '../../../domain/roles';
import { sumPricedMinor } from '../../../domain/budget-rules';
import { sumMinutes } from '../../../domain/time-entry-rules';
import {
  MAX_FILTER_OPTIONS,
  MAX_REPORT_ENTRIES,
  MAX_REPORT_ROWS,
  NO_TASK,
  type TimeReport,
  type TimeReportEntries,
  type TimeReportEntry,
  type timeReportEntriesQuerySchema,
  type TimeReportFilterOptions,
  type TimeReportFilters,
  type TimeReportGroup,
  type timeReportQuerySchema,
  type TimeReportRow,
  type TimeReportScope,
  type TimeReportWeeks,
  type timeReportWeeksQuerySchema,
  wholeMonths,
} from '../../../domain/time-reports';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { organizations } from '../../platform/db/schema/tenancy';
import { forbidden } from '../../platform/errors';
import type { Platform } from '../../platform/platform';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * What each report groups by: the inner group's extra column, the GROUP BY (uuids, which sort
 * faster than their text), the row's key, its label and context (aggregates, or read from the
 * grouped columns: a client's or project's name once per row, not once per group), and the joins.
 */
function grouping(groupBy: TimeReportGroup): { inner: SQL; groupBy: SQL; key: SQL; label: SQL; clientName: SQL; projectName: SQL; joins: SQL } {
  const clientOf = sql`(select c.name from clients c where c.id = p.client_id)`;
  switch (groupBy) {
    case 'client':
      return { inner: sql``, groupBy: sql`p.client_id`, key: sql`p.client_id::text`, label: clientOf, clientName: sql`null::text`, projectName: sql`null::text`, joins: sql`` };
    case 'project':
      // Grouped by the primary key, the project's other columns may be read as they are.
      return { inner: sql``, groupBy: sql`p.id`, key: sql`p.id::text`, label: sql`p.name`, clientName: clientOf, projectName: sql`null::text`, joins: sql`` };
    case 'member':
      return {
        inner: sql`, e.member_name`,
        // A removed member's hours stay, under the name kept beside them.
        groupBy: sql`g.profile_id, case when g.profile_id is null then g.member_name end`,
        key: sql`g.profile_id::text`,
        label: sql`min(coalesce(pr.full_name, g.member_name))`,
        clientName: sql`null::text`,
        projectName: sql`null::text`,
        joins: sql``,
      };
    case 'task':
      return {
        inner: sql`, e.task_id`,
        // Per project: the same task title on two projects is two rows.
        groupBy: sql`g.project_id, g.task_id`,
        key: sql`g.task_id::text`,
        label: sql`min(coalesce(t.title, ''))`,
        clientName: sql`min(c.name)`,
        projectName: sql`min(p.name)`,
        joins: sql`join clients c on c.id = p.client_id left join tasks t on t.id = g.task_id`,
      };
  }
}

/**
 * The range's minutes per project, member and billable flag (and task, for the task report): the
 * whole months from time_totals, which triggers keep (decision 037 addendum), and only the days
 * outside them from the entries. The task report, which time_totals does not key, reads entries.
 */
function timeGroups(organizationId: string, from: string, to: string, groupBy: TimeReportGroup, useTotals: boolean, filters: TimeReportFilters): SQL {
  const inner = grouping(groupBy).inner;
  const entries = (range: SQL) => sql`
    select e.project_id, e.profile_id, e.billable ${inner}, sum(e.minutes)::bigint as minutes
      from time_entries e
     where e.organization_id = ${organizationId} and ${range} ${filterConditions('e', organizationId, filters)}
     group by e.project_id, e.profile_id, e.billable ${inner}`;
  // time_totals keys no task: a task filter reads the entries.
  const months = groupBy === 'task' || !useTotals || filters.taskId ? null : wholeMonths(from, to);
  if (!months) return entries(sql`e.work_date >= ${from}::date and e.work_date <= ${to}::date`);
  // Only the member report has an extra column here (its entries' member_name).
  const extra = groupBy === 'member' ? sql`, member_name` : sql``;
  return sql`
    select project_id, profile_id, billable ${extra}, sum(minutes)::bigint as minutes from (
      select s.project_id, s.profile_id, s.billable ${extra}, s.minutes
        from time_totals s
       where s.organization_id = ${organizationId} and s.month >= ${months.start}::date and s.month < ${months.end}::date and s.minutes <> 0
             ${filterConditions('s', organizationId, filters)}
      union all
      ${entries(sql`e.work_date >= ${from}::date and e.work_date < ${months.start}::date`)}
      union all
      ${entries(sql`e.work_date >= ${months.end}::date and e.work_date <= ${to}::date`)}
    ) parts
    group by project_id, profile_id, billable ${extra}`;
}

/**
 * Issue 49 item 15: the filters as conditions on a time_entries (`e`) or time_totals (`s`) row,
 * both of which carry project_id, profile_id and billable. A client is its organization's
 * projects; a task only the entries know.
 */
function filterConditions(alias: 'e' | 's', organizationId: string, filters: TimeReportFilters): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [];
  if (filters.clientId)
    parts.push(sql`and ${column('project_id')} in (select pc.id from projects pc where pc.organization_id = ${organizationId} and pc.client_id = ${filters.clientId})`);
  if (filters.projectId) parts.push(sql`and ${column('project_id')} = ${filters.projectId}`);
  if (filters.memberId) parts.push(sql`and ${column('profile_id')} = ${filters.memberId}`);
  if (filters.billable === 'billable') parts.push(sql`and ${column('billable')}`);
  if (filters.billable === 'non-billable') parts.push(sql`and not ${column('billable')}`);
  if (alias === 'e' && filters.taskId) parts.push(filters.taskId === NO_TASK ? sql`and e.task_id is null` : sql`and e.task_id = ${filters.taskId}`);
  return sql.join(parts, sql` `);
}

/**
 * The report's rows, most time first (the statement the bench times bare). `useTotals: false`
 * reads every entry of the range instead, as the tests' reference and the bench's comparison.
 */
export function timeReportStatement(organizationId: string, from: string, to: string, groupBy: TimeReportGroup, useTotals = true, filters: TimeReportFilters = {}): SQL {
  const g = grouping(groupBy);
  return sql`
    select ${g.key} as key,
           ${g.label} as label,
           ${g.clientName} as "clientName",
           ${g.projectName} as "projectName",
           coalesce(sum(g.minutes) filter (where g.billable), 0)::bigint as "billableMinutes",
           coalesce(sum(g.minutes) filter (where not g.billable), 0)::bigint as "nonBillableMinutes",
           -- Null where no minute of the row has a rate in force (issue 49 item 8), not 0.
           sum((g.minutes * coalesce(p.hourly_rate_minor, pr.hourly_rate_minor) + 30) / 60) filter (where g.billable)::bigint as "billableMinor",
           sum((g.minutes * coalesce(p.hourly_rate_minor, pr.hourly_rate_minor) + 30) / 60) filter (where not g.billable)::bigint as "nonBillableMinor",
           sum(g.minutes) as total
      from (${timeGroups(organizationId, from, to, groupBy, useTotals, filters)}) g
      join projects p on p.id = g.project_id and p.organization_id = ${organizationId}
      left join profiles pr on pr.id = g.profile_id
      ${g.joins}
     group by ${g.groupBy}
     order by total desc, label, key
     limit ${MAX_REPORT_ROWS + 1}`;
}

type RawRow = {
  key: string | null;
  label: string | null;
  clientName: string | null;
  projectName: string | null;
  billableMinutes: string | number;
  nonBillableMinutes: string | number;
  billableMinor: string | number | null;
  nonBillableMinor: string | number | null;
};

/** Money read from SQL: none for no minutes is a zero; minutes with no rate are null. */
function minorOf(minutes: number, minor: string | number | null): number | null {
  if (minor !== null) return Number(minor);
  return minutes > 0 ? null : 0;
}

type Figures = Pick<TimeReportRow, 'billableMinutes' | 'nonBillableMinutes' | 'billableMinor' | 'nonBillableMinor'>;

/** The totals of rows or entries: minutes summed, money summed where priced (null where none is). */
function figuresOf(parts: readonly Figures[]): Figures {
  return {
    billableMinutes: sumMinutes(parts.map((p) => p.billableMinutes)),
    nonBillableMinutes: sumMinutes(parts.map((p) => p.nonBillableMinutes)),
    billableMinor: sumPricedMinor(parts.map((p) => ({ minutes: p.billableMinutes, minor: p.billableMinor }))),
    nonBillableMinor: sumPricedMinor(parts.map((p) => ({ minutes: p.nonBillableMinutes, minor: p.nonBillableMinor }))),
  };
}

async function currencyOf(executor: Executor, organizationId: string): Promise<string> {
  const [row] = await executor.select({ currency: organizations.currency }).from(organizations).where(eq(organizations.id, organizationId));
  return row?.currency ?? 'USD';
}

/**
 * The names of the client, project and task a report is narrowed to, for the drill-down's
 * breadcrumb after a reload; each read within the caller's organization (another's id: null).
 */
async function scopeOf(executor: Executor, organizationId: string, filters: TimeReportFilters): Promise<TimeReportScope> {
  const clientId = filters.clientId ?? null;
  const projectId = filters.projectId ?? null;
  const taskId = filters.taskId && filters.taskId !== NO_TASK ? filters.taskId : null;
  const [row] = rowsOf<TimeReportScope>(
    await executor.execute(sql`
      select (select c.name from clients c where c.id = ${clientId}::uuid and c.organization_id = ${organizationId}) as "clientName",
             (select p.name from projects p where p.id = ${projectId}::uuid and p.organization_id = ${organizationId}) as "projectName",
             (select t.title from tasks t join projects p on p.id = t.project_id
               where t.id = ${taskId}::uuid and p.organization_id = ${organizationId}) as "taskTitle"`),
  );
  return { clientName: row?.clientName ?? null, projectName: row?.projectName ?? null, taskTitle: row?.taskTitle ?? null };
}

export async function buildTimeReport({ db }: Platform, actor: Actor, query: z.output<typeof timeReportQuerySchema>): Promise<TimeReport> {
  // The Reports tab is staff's (spec 2); its money never reaches a developer.
  if (!canManageProjects(actor.role)) throw forbidden(REPORT_MESSAGES.forbidden);
  const raw = rowsOf<RawRow>(await db.execute(timeReportStatement(actor.organizationId, query.from, query.to, query.groupBy, true, query)));
  const truncated = raw.length > MAX_REPORT_ROWS;
  const rows: TimeReportRow[] = raw.slice(0, MAX_REPORT_ROWS).map((r) => {
    const billableMinutes = Number(r.billableMinutes);
    const nonBillableMinutes = Number(r.nonBillableMinutes);
    return {
      key: r.key,
      label: r.label ?? '',
      clientName: r.clientName,
      projectName: r.projectName,
      billableMinutes,
      nonBillableMinutes,
      billableMinor: minorOf(billableMinutes, r.billableMinor),
      nonBillableMinor: minorOf(nonBillableMinutes, r.nonBillableMinor),
    };
  });
  const totals = figuresOf(rows);
  return {
    from: query.from,
    to: query.to,
    groupBy: query.groupBy,
    currency: await currencyOf(db, actor.organizationId),
    rows,
    totals,
    truncated,
    scope: await scopeOf(db, actor.organizationId, query),
  };
}

/** Issue 49 item 15: the drill-down's last step, the entries themselves (date, member, hours, billable, note, money). */
export async function listTimeReportEntries({ db }: Platform, actor: Actor, query: z.output<typeof timeReportEntriesQuerySchema>): Promise<TimeReportEntries> {
  if (!canManageProjects(actor.role)) throw forbidden(REPORT_MESSAGES.forbidden);
  const organizationId = actor.organizationId;
  const raw = rowsOf<{ id: string; workDate: string; memberName: string; minutes: number; billable: boolean; note: string | null; amountMinor: string | number | null }>(
    await db.execute(sql`
      select e.id, to_char(e.work_date, 'YYYY-MM-DD') as "workDate", coalesce(pr.full_name, e.member_name) as "memberName", e.minutes, e.billable, e.note,
             (e.minutes::bigint * coalesce(p.hourly_rate_minor, pr.hourly_rate_minor) + 30) / 60 as "amountMinor"
        from time_entries e
        join projects p on p.id = e.project_id and p.organization_id = ${organizationId}
        left join profiles pr on pr.id = e.profile_id
       where e.organization_id = ${organizationId} and e.work_date >= ${query.from}::date and e.work_date <= ${query.to}::date
             ${filterConditions('e', organizationId, query)}
       order by e.work_date, e.created_at, e.id
       limit ${MAX_REPORT_ENTRIES + 1}`),
  );
  const entries: TimeReportEntry[] = raw.slice(0, MAX_REPORT_ENTRIES).map((r) => ({ ...r, amountMinor: r.amountMinor === null ? null : Number(r.amountMinor) }));
  const totals = figuresOf(
    entries.map((e) => ({
      billableMinutes: e.billable ? e.minutes : 0,
      nonBillableMinutes: e.billable ? 0 : e.minutes,
      billableMinor: e.billable ? e.amountMinor : 0,
      nonBillableMinor: e.billable ? 0 : e.amountMinor,
    })),
  );
  return { currency: await currencyOf(db, organizationId), entries, totals, truncated: raw.length > MAX_REPORT_ENTRIES, scope: await scopeOf(db, organizationId, query) };
}

/** Hours per ISO week (Monday first) of the range, for the chart. */
export async function buildTimeReportWeeks({ db }: Platform, actor: Actor, query: z.output<typeof timeReportWeeksQuerySchema>): Promise<TimeReportWeeks> {
  if (!canManageProjects(actor.role)) throw forbidden(REPORT_MESSAGES.forbidden);
  const result = await db.execute(sql`
    select to_char(date_trunc('week', e.work_date), 'YYYY-MM-DD') as "weekStart",
           coalesce(sum(e.minutes) filter (where e.billable), 0)::int as "billableMinutes",
           coalesce(sum(e.minutes) filter (where not e.billable), 0)::int as "nonBillableMinutes"
      from time_entries e
     where e.organization_id = ${actor.organizationId} and e.work_date >= ${query.from}::date and e.work_date <= ${query.to}::date
           ${filterConditions('e', actor.organizationId, query)}
     group by 1
     order by 1`);
  return { weeks: rowsOf<TimeReportWeeks['weeks'][number]>(result) };
}

/** Issue 49 item 15: the clients, projects and members the filters offer, the caller's organization's only. */
export async function listTimeReportFilterOptions({ db }: Platform, actor: Actor): Promise<TimeReportFilterOptions> {
  if (!canManageProjects(actor.role)) throw forbidden(REPORT_MESSAGES.forbidden);
  const organizationId = actor.organizationId;
  const [clients, projects, members] = await Promise.all([
    db.execute(sql`select id, name from clients where organization_id = ${organizationId} order by lower(name), id limit ${MAX_FILTER_OPTIONS}`),
    db.execute(sql`select id, name, client_id as "clientId" from projects where organization_id = ${organizationId} order by lower(name), id limit ${MAX_FILTER_OPTIONS}`),
    db.execute(sql`select id, full_name as name from profiles where organization_id = ${organizationId} order by lower(full_name), id limit ${MAX_FILTER_OPTIONS}`),
  ]);
  return {
    clients: rowsOf<TimeReportFilterOptions['clients'][number]>(clients),
    projects: rowsOf<TimeReportFilterOptions['projects'][number]>(projects),
    members: rowsOf<TimeReportFilterOptions['members'][number]>(members),
  };
}

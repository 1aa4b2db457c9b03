// Projects of the caller's organization. Developers see only projects in their access list;
// everything else of another organization, or not assigned, is not found (404).
import { format } from 'date-fns/format';
import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  createProjectSchema,
  isPastDate,
  listProjectsQuerySchema,
  PROJECT_MESSAGES,
  type ProjectCard,
} from '../../../domain/projects';
import type { ProjectStatus } from '../../../domain/project-status';
import type { FormData, TemplateField } from '../../../domain/template-field';
import { canDeleteProject, canManageProjects } from '../../../domain/roles';
import { TEMPLATE_MESSAGES, validateAnswers, withDefaultAnswers } from '../../../domain/templates';
import { emit } from '../../services/events';
import type { Actor } from '../../platform/auth/session';
import type { Clock } from '../../platform/clock';
import type { Database, Executor } from '../../platform/db/client';
import { containsPattern, countAll, decodeCursor, encodeCursor } from '../../platform/db/cursor';
import { profiles } from '../../platform/db/schema/tenancy';
import { activityLogs } from '../activity/public';
import { clients } from '../clients/public';
import { fileApprovals, projectFiles } from '../files/public';
import { projects } from './schema';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { findTemplate } from '../templates/public';
import { spendOfProjects, usageOf, type ProjectSpend } from '../budgets/public';
import { visibleProjects } from '../../services/project-access/member';
import { WEBHOOK_VIEWER } from '../../services/webhook-events';
import { cachedListCounts, keepListCounts, listCountsGeneration, type ListCounts } from './list-counts';

const owner = alias(profiles, 'owner');

/** Today's date in the stored yyyy-MM-dd form. */
export function today(clock: Clock): string {
  return format(clock.now(), 'yyyy-MM-dd');
}

/**
 * Name, description or client name contains the term. Each arm is served by an index (trigram
 * indexes on the names and the description, projects_client_id_idx for the matching clients'
 * ids, which come as an array so the planner can OR the three bitmap scans together).
 */
export function searchCondition(organizationId: string, search: string): SQL | undefined {
  return search ? searchPatternCondition(organizationId, containsPattern(search)) : undefined;
}

function searchPatternCondition(organizationId: string | Placeholder, pattern: string | Placeholder): SQL {
  const matchingClients = sql`array(select ${clients.id} from ${clients} where ${clients.organizationId} = ${organizationId} and ${clients.name} ilike ${pattern})`;
  return or(ilike(projects.name, pattern), ilike(projects.description, pattern), sql`${projects.clientId} = any(${matchingClients})`)!;
}

// What a card shows of a project, and all the list reads: not its questionnaire and notes (two
// jsonb and two text columns the driver would parse and drizzle map for every card).
const cardColumns = {
  id: projects.id,
  name: projects.name,
  description: projects.description,
  status: projects.status,
  dueDate: projects.dueDate,
  clientId: projects.clientId,
  createdAt: projects.createdAt,
  budgetKind: projects.budgetKind,
  budgetAmount: projects.budgetAmount,
};

// Issue 33: the card's approval badges, counted per project by file_approvals (project_id, state).
const awaitingCount = sql<number>`(select count(*)::int from ${fileApprovals} where ${fileApprovals.projectId} = ${projects.id} and ${fileApprovals.state} = 'awaiting')`;
const changesCount = sql<number>`(select count(*)::int from ${fileApprovals} where ${fileApprovals.projectId} = ${projects.id} and ${fileApprovals.state} = 'changes_requested')`;
const approvalColumns = { awaitingApprovals: awaitingCount, changesRequested: changesCount };

type CardRow = {
  project: Pick<typeof projects.$inferSelect, keyof typeof cardColumns>;
  clientName: string;
  ownerName: string | null;
  awaitingApprovals?: number;
  changesRequested?: number;
};

function toCard({ project, clientName, ownerName, awaitingApprovals = 0, changesRequested = 0 }: CardRow, actor: Pick<Actor, 'role'>): ProjectCard {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    status: project.status,
    dueDate: project.dueDate,
    clientId: project.clientId,
    clientName,
    // Spec 2: the owner line is hidden from developers.
    ownerName: canManageProjects(actor.role) ? ownerName : null,
    createdAt: project.createdAt.toISOString(),
    approvals: { awaiting: awaitingApprovals, changesRequested },
  };
}

/**
 * The list's reads for one shape of request (who asks, which filters, which page), built
 * once per database as prepared statements with placeholders: building a query in drizzle costs
 * more CPU than PostgreSQL spends answering it (decision 014).
 */
type ListShape = { developer: boolean; status: boolean; search: boolean; cursor: boolean; approval: 'all' | 'awaiting' | 'changes_requested' };
type ListParams = {
  organizationId: string;
  profileId: string;
  status?: string;
  pattern?: string;
  cursorCreatedAt?: Date;
  cursorId?: string;
  limit: number;
};

function prepareListQueries(db: Database, shape: ListShape) {
  const p = sql.placeholder;
  const name = `brieflane_project_list_${Object.values(shape).map((v) => (typeof v === 'string' ? v : Number(v))).join('')}`;
  const visible = visibleProjects({
    role: shape.developer ? 'developer' : 'admin',
    organizationId: p('organizationId'),
    profileId: p('profileId'),
  });
  const matching = and(
    visible,
    shape.status ? eq(projects.status, p('status') as unknown as ProjectStatus) : undefined,
    shape.search ? searchPatternCondition(p('organizationId'), p('pattern')) : undefined,
    shape.approval === 'all'
      ? undefined
      : sql`exists (select 1 from ${fileApprovals} where ${fileApprovals.projectId} = ${projects.id} and ${fileApprovals.state} = ${sql.raw(`'${shape.approval}'`)})`,
  );
  const cursor = shape.cursor
    ? or(lt(projects.createdAt, p('cursorCreatedAt')), and(eq(projects.createdAt, p('cursorCreatedAt')), lt(projects.id, p('cursorId'))))
    : undefined;
  // The counts ride on the page as uncorrelated scalar subqueries (one InitPlan each, run once
  // per statement): one round trip for 'Showing X of Y' and the cards. Inside them "projects"
  // names the subquery's own table.
  const matchedCount = sql<number>`(select count(*)::int from ${projects} where ${matching})`;
  // Unfiltered, the total is the matched count: not counted twice.
  const totalCount = shape.status || shape.search || shape.approval !== 'all' ? sql<number | null>`(select count(*)::int from ${projects} where ${visible})` : sql<number | null>`null`;
  // The cards of the page, with the counts or (when they are cached) without.
  const pageWith = <T extends Record<string, SQL<unknown>>>(extra: T, suffix: string) =>
    db
      .select({ project: cardColumns, clientName: clients.name, ownerName: owner.fullName, ...approvalColumns, ...extra })
      .from(projects)
      .innerJoin(clients, eq(clients.id, projects.clientId))
      .leftJoin(owner, eq(owner.id, projects.createdBy))
      .where(and(matching, cursor))
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(p('limit'))
      .prepare(`${name}_${suffix}`);
  return {
    pageOnly: pageWith({}, 'page_only'),
    page: pageWith({ matched: matchedCount, total: totalCount }, 'page'),
    matched: db.select({ n: countAll }).from(projects).where(matching).prepare(`${name}_matched`),
    total: db.select({ n: countAll }).from(projects).where(visible).prepare(`${name}_total`),
  };
}

const listQueryCache = new WeakMap<Database, Map<string, ReturnType<typeof prepareListQueries>>>();
function listQueries(db: Database, shape: ListShape) {
  let byShape = listQueryCache.get(db);
  if (!byShape) listQueryCache.set(db, (byShape = new Map()));
  const key = JSON.stringify(shape);
  let queries = byShape.get(key);
  if (!queries) byShape.set(key, (queries = prepareListQueries(db, shape)));
  return queries;
}

export async function listProjects(
  { db, clock }: Platform,
  actor: Actor,
  query: z.output<typeof listProjectsQuerySchema>,
) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const shape: ListShape = {
    developer: !canManageProjects(actor.role),
    status: query.status !== 'all',
    search: query.search !== '',
    cursor: cursor !== undefined,
    approval: query.approval === 'awaiting_approval' ? 'awaiting' : query.approval === 'changes_requested' ? 'changes_requested' : 'all',
  };
  const queries = listQueries(db, shape);
  const params: ListParams = {
    organizationId: actor.organizationId,
    profileId: actor.profileId,
    status: shape.status ? query.status : undefined,
    pattern: shape.search ? containsPattern(query.search) : undefined,
    cursorCreatedAt: cursor?.createdAt,
    cursorId: cursor?.id,
    limit: query.limit + 1,
  };
  // Without a search, staff counts come from the short-lived cache when it has them.
  const cacheable = !shape.developer && !shape.search && shape.approval === 'all';
  const now = clock.now().getTime();
  const cached = cacheable ? cachedListCounts(db, actor.organizationId, query.status, now) : undefined;
  if (cached) {
    const rows = await queries.pageOnly.execute(params);
    return withBudgets(db, actor, listPage(rows, cached, query.limit, actor), rows);
  }
  const generation = listCountsGeneration(actor.organizationId);
  const rows = await queries.page.execute(params);
  // An empty page carries no counts: read them on their own (no match, or a page past the end).
  const read = rows[0] ?? {
    matched: (await queries.matched.execute(params))[0]?.n ?? 0,
    total: (await queries.total.execute(params))[0]?.n ?? 0,
  };
  const counts = { matched: read.matched, total: read.total ?? read.matched };
  if (cacheable) keepListCounts(db, actor.organizationId, query.status, counts, generation, now);
  return withBudgets(db, actor, listPage(rows, counts, query.limit, actor), rows);
}

/**
 * Issue 32: staff see each card's budget bar, the page's spend read in one grouped statement for
 * the cards that have a budget. Developers never get it (it holds money, decision 037).
 */
async function withBudgets<Page extends { items: ProjectCard[] }>(db: Executor, actor: Actor, page: Page, rows: CardRow[]): Promise<Page> {
  if (!canManageProjects(actor.role)) return page;
  const budgeted = new Map(rows.filter((r) => r.project.budgetKind).map((r) => [r.project.id, r.project]));
  const spend = budgeted.size ? await spendOfProjects(db, actor.organizationId, [...budgeted.keys()]) : new Map<string, ProjectSpend>();
  return {
    ...page,
    items: page.items.map((card) => {
      const project = budgeted.get(card.id);
      return { ...card, budget: project ? usageOf(project, spend.get(card.id)) : null };
    }),
  };
}

function listPage(rows: CardRow[], counts: ListCounts, limit: number, actor: Actor) {

  const items = rows.slice(0, limit).map((row) => toCard(row, actor));
  const last = rows.length > limit ? rows[limit - 1]!.project : undefined;
  return { items, nextCursor: last ? encodeCursor(last) : null, ...counts };
}

async function findCard(db: Executor, actor: Actor, projectId: string): Promise<CardRow | undefined> {
  const [row] = await db
    .select({ project: cardColumns, clientName: clients.name, ownerName: owner.fullName, ...approvalColumns })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .leftJoin(owner, eq(owner.id, projects.createdBy))
    .where(and(eq(projects.id, projectId), visibleProjects(actor)));
  return row;
}

/** A project as webhook events carry it (issue 30): its card, as an admin sees it. */
export async function projectEvent(executor: Executor, actor: Actor, projectId: string): Promise<ProjectCard> {
  const card = await findCard(executor, actor, projectId);
  if (!card) throw notFound('Project not found');
  return toCard(card, WEBHOOK_VIEWER);
}

export async function createProject(
  { db, clock }: Platform,
  actor: Actor,
  input: z.output<typeof createProjectSchema>,
): Promise<ProjectCard> {
  if (!canManageProjects(actor.role)) throw forbidden('You do not have permission to create projects.');
  if (input.dueDate && isPastDate(input.dueDate, today(clock))) {
    throw badRequest(PROJECT_MESSAGES.dueDateInPast, 'due_date_in_past');
  }
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.id, input.clientId), eq(clients.organizationId, actor.organizationId)));
    // Another organization's client is indistinguishable from none.
    if (!client) throw badRequest(PROJECT_MESSAGES.clientRequired, 'client_not_found');

    // Spec 4/5: a project from a template stores its answers, checked against the template's
    // fields, and a copy of those fields, so later template edits leave it as it was. The default
    // fields not answered are the project's own client and due date (issue 14).
    let fromTemplate: { templateId: string; templateFields: TemplateField[]; formData: FormData } | undefined;
    if (input.templateId) {
      const template = await findTemplate(tx, actor, input.templateId);
      if (!template) throw badRequest(TEMPLATE_MESSAGES.templateNotFound, 'template_not_found');
      const answers = validateAnswers(template.fields, withDefaultAnswers(input.formData, { clientName: client.name, dueDate: input.dueDate }));
      if (!answers.ok) throw badRequest(answers.message, 'invalid_answers');
      fromTemplate = { templateId: template.id, templateFields: template.fields, formData: answers.formData };
    } else if (input.formData) {
      throw badRequest('Answers need a template.', 'answers_without_template');
    }

    const now = clock.now();
    const [project] = await tx
      .insert(projects)
      .values({
        organizationId: actor.organizationId,
        clientId: client.id,
        name: input.name,
        description: input.description,
        dueDate: input.dueDate,
        createdBy: actor.profileId,
        createdAt: now,
        updatedAt: now,
        ...fromTemplate,
      })
      .returning();
    const card = { project: project!, clientName: client.name, ownerName: actor.fullName };
    await emit(tx, {
      type: 'project.created',
      organizationId: actor.organizationId,
      projectId: project!.id,
      actorId: actor.profileId,
      at: now,
      details: { project_name: input.name, client_id: client.id, due_date: input.dueDate, template_id: fromTemplate?.templateId ?? null },
      payload: toCard(card, WEBHOOK_VIEWER),
    });
    return toCard(card, actor);
  });
}

export async function changeProjectStatus(
  { db, clock }: Platform,
  actor: Actor,
  projectId: string,
  status: 'completed' | 'on_hold',
): Promise<ProjectCard> {
  const card = await findCard(db, actor, projectId);
  if (!card) throw notFound('Project not found');
  if (!canManageProjects(actor.role)) throw forbidden('You do not have permission to change this project.');
  const [updated] = await db.transaction(async (tx) => {
    const now = clock.now();
    const rows = await tx
      .update(projects)
      .set({ status, updatedAt: now })
      .where(and(eq(projects.id, projectId), eq(projects.organizationId, actor.organizationId)))
      .returning();
    // The card's Mark Complete / Put On Hold (issue 14: every status change is in the log).
    await emit(tx, {
      type: 'project.status_changed',
      organizationId: actor.organizationId,
      projectId,
      actorId: actor.profileId,
      at: now,
      details: { project_name: card.project.name, previous_status: card.project.status, status },
      payload: toCard({ ...card, project: rows[0]! }, WEBHOOK_VIEWER),
    });
    return rows;
  });
  return toCard({ ...card, project: updated! }, actor);
}

export async function deleteProject({ db, storage, clock }: Platform, actor: Actor, projectId: string): Promise<string[]> {
  const card = await findCard(db, actor, projectId);
  if (!card) throw notFound('Project not found');
  if (!canDeleteProject(actor.role)) throw forbidden('Only admins can delete projects.');
  const stored = await db.transaction(async (tx) => {
    const files = await tx
      .select({ storagePath: projectFiles.storagePath })
      .from(projectFiles)
      .where(and(eq(projectFiles.projectId, projectId), isNotNull(projectFiles.storagePath)));
    // Its history stays readable (issue 14): every entry keeps the project's name, and the
    // entries themselves stay (project_id becomes null).
    await tx
      .update(activityLogs)
      .set({ details: sql`coalesce(${activityLogs.details}, '{}'::jsonb) || jsonb_build_object('project_name', ${card.project.name}::text)` })
      .where(and(eq(activityLogs.projectId, projectId), eq(activityLogs.organizationId, actor.organizationId)));
    await emit(tx, {
      type: 'project.deleted',
      organizationId: actor.organizationId,
      projectId,
      actorId: actor.profileId,
      at: clock.now(),
      details: { project_name: card.project.name, client_name: card.clientName },
      payload: toCard(card, WEBHOOK_VIEWER),
    });
    // Every other related row goes with it (ON DELETE CASCADE).
    await tx.delete(projects).where(and(eq(projects.id, projectId), eq(projects.organizationId, actor.organizationId)));
    return files.map((f) => f.storagePath!);
  });
  // The stored objects go once the rows are gone; one that cannot be removed is reported, not fatal.
  const failed: string[] = [];
  for (const key of stored) await storage.remove(key).catch(() => failed.push(key));
  return failed;
}

/** Decision 3: active projects past their due date become overdue. Returns how many changed. */
export async function markOverdueProjects(db: Executor, clock: Clock): Promise<number> {
  const rows = await db
    .update(projects)
    .set({ status: 'overdue' satisfies ProjectStatus, updatedAt: clock.now() })
    .where(and(eq(projects.status, 'active'), lt(projects.dueDate, today(clock))))
    .returning({ id: projects.id, organizationId: projects.organizationId });
  await publishStatusSweep(db, rows, clock.now());
  return rows.length;
}

/** Decision 3: overdue projects due today or later, or undated, are active again. */
export async function resetOverdueProjects(db: Executor, clock: Clock, organizationId?: string): Promise<number> {
  const rows = await db
    .update(projects)
    .set({ status: 'active' satisfies ProjectStatus, updatedAt: clock.now() })
    .where(
      and(
        eq(projects.status, 'overdue'),
        or(isNull(projects.dueDate), gte(projects.dueDate, today(clock))),
        organizationId ? eq(projects.organizationId, organizationId) : undefined,
      ),
    )
    .returning({ id: projects.id, organizationId: projects.organizationId });
  await publishStatusSweep(db, rows, clock.now());
  return rows.length;
}

/** One 'projects' event per organization: the list, the cards and open project pages refetch. */
async function publishStatusSweep(db: Executor, rows: { organizationId: string }[], at: Date): Promise<void> {
  for (const organizationId of new Set(rows.map((row) => row.organizationId))) {
    await emit(db, { type: 'projects.swept', organizationId, actorId: null, at });
  }
}

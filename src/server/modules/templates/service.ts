// Project templates of the caller's organization (spec 2 "Templates tab", 6). Every query is
// scoped by the actor's organization; another organization's template is not found.
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { canManageUsers } from '../../../domain/roles';
import {
  TEMPLATE_MESSAGES,
  type createTemplateSchema,
  type listTemplatesQuerySchema,
  type Template,
  type updateTemplateSchema,
} from '../../../domain/templates';
import type { Actor } from '../../platform/auth/session';
import { afterCursor, containsPattern, countAll, decodeCursor, encodeCursor } from '../../platform/db/cursor';
import { projectTemplates } from './schema';
import { forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { emit } from '../../services/events';
import type { Executor } from '../../platform/db/client';
import { findTemplate, toTemplate } from './public';

/** Spec 6: creating, editing and deleting templates belong to those who can manage users. */
function assertCanManageTemplates(actor: Actor) {
  if (!canManageUsers(actor.role)) throw forbidden('You do not have permission to manage templates.');
}

/** Developers have no Templates tab (spec 2) and cannot use templates either. */
function assertCanSeeTemplates(actor: Actor) {
  if (!canManageUsers(actor.role)) throw forbidden('You do not have permission to view templates.');
}


function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(projectTemplates.name, pattern), ilike(projectTemplates.description, pattern));
}

export async function listTemplates({ db }: Platform, actor: Actor, query: z.output<typeof listTemplatesQuerySchema>) {
  assertCanSeeTemplates(actor);
  const inOrganization = eq(projectTemplates.organizationId, actor.organizationId);
  const matching = and(inOrganization, searchCondition(query.search));
  const page = and(
    matching,
    query.cursor ? afterCursor(projectTemplates.createdAt, projectTemplates.id, decodeCursor(query.cursor)) : undefined,
  );
  const [rows, matchedRows, totalRows] = await Promise.all([
    db
      .select()
      .from(projectTemplates)
      .where(page)
      .orderBy(desc(projectTemplates.createdAt), desc(projectTemplates.id))
      .limit(query.limit + 1),
    db.select({ n: countAll }).from(projectTemplates).where(matching),
    query.search ? db.select({ n: countAll }).from(projectTemplates).where(inOrganization) : undefined,
  ]);
  const matched = matchedRows[0]?.n ?? 0;
  const total = totalRows ? (totalRows[0]?.n ?? 0) : matched;
  const items = rows.slice(0, query.limit).map(toTemplate);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor(last) : null, matched, total };
}

/** One template of the actor's organization, or undefined. */

export async function getTemplate({ db }: Platform, actor: Actor, templateId: string): Promise<Template> {
  assertCanSeeTemplates(actor);
  const template = await findTemplate(db, actor, templateId);
  if (!template) throw notFound(TEMPLATE_MESSAGES.templateNotFound);
  return template;
}

export async function createTemplate({ db, clock }: Platform, actor: Actor, input: z.output<typeof createTemplateSchema>) {
  assertCanManageTemplates(actor);
  const now = clock.now();
  const [row] = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(projectTemplates)
      .values({
        organizationId: actor.organizationId,
        name: input.name,
        description: input.description,
        fields: input.fields,
        createdBy: actor.profileId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await logTemplate(tx, actor, 'template.created', now, { template_name: input.name, field_count: input.fields.length });
    return rows;
  });
  return toTemplate(row!);
}

export async function updateTemplate(
  { db, clock }: Platform,
  actor: Actor,
  templateId: string,
  input: z.output<typeof updateTemplateSchema>,
) {
  assertCanSeeTemplates(actor);
  if (!(await findTemplate(db, actor, templateId))) throw notFound(TEMPLATE_MESSAGES.templateNotFound);
  assertCanManageTemplates(actor);
  const [row] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(projectTemplates)
      .set({ name: input.name, description: input.description, fields: input.fields, updatedAt: clock.now() })
      .where(and(eq(projectTemplates.id, templateId), eq(projectTemplates.organizationId, actor.organizationId)))
      .returning();
    if (rows.length === 0) throw notFound(TEMPLATE_MESSAGES.templateNotFound);
    await logTemplate(tx, actor, 'template.updated', clock.now(), { template_name: input.name, field_count: input.fields.length });
    return rows;
  });
  if (!row) throw notFound(TEMPLATE_MESSAGES.templateNotFound);
  return toTemplate(row);
}

export async function deleteTemplate({ db, clock }: Platform, actor: Actor, templateId: string): Promise<void> {
  assertCanManageTemplates(actor);
  // Projects made from it keep their copy of the fields; their template_id becomes null.
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(projectTemplates)
      .where(and(eq(projectTemplates.id, templateId), eq(projectTemplates.organizationId, actor.organizationId)))
      .returning({ id: projectTemplates.id, name: projectTemplates.name });
    if (rows.length === 0) throw notFound(TEMPLATE_MESSAGES.templateNotFound);
    await logTemplate(tx, actor, 'template.deleted', clock.now(), { template_name: rows[0]!.name });
  });
}

/** Template changes are in the activity log (issue 14), and refresh open Templates tabs. */
function logTemplate(executor: Executor, actor: Actor, type: 'template.created' | 'template.updated' | 'template.deleted', at: Date, details: Record<string, unknown>) {
  return emit(executor, { type, organizationId: actor.organizationId, actorId: actor.profileId, at, details });
}

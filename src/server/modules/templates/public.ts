// What other modules may read of templates (decision 012): creating a project from a template
// reads it through here, never through the templates service.
import { and, eq } from 'drizzle-orm';
import { sortFields, type Template } from '../../../domain/templates';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { projectTemplates } from './schema';

export function toTemplate(row: typeof projectTemplates.$inferSelect): Template {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    fields: sortFields(row.fields),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A template of the actor's organization, or undefined (another organization's is not found). */
export async function findTemplate(db: Executor, actor: Actor, templateId: string): Promise<Template | undefined> {
  const [row] = await db
    .select()
    .from(projectTemplates)
    .where(and(eq(projectTemplates.id, templateId), eq(projectTemplates.organizationId, actor.organizationId)));
  return row ? toTemplate(row) : undefined;
}

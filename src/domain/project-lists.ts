// A project's lists (tasks, notes, files and links), on the project page and the shared page
// alike (issue 36): keyset pages, never a silent cap. One query schema for all of them.
import { z } from 'zod';
import { text } from './text-fields';

export const PROJECT_LIST_PAGE_SIZE = 50;

export const projectListQuerySchema = z.object({
  /** Opaque cursor from the previous page. */
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(PROJECT_LIST_PAGE_SIZE),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;

/** A page of one of a project's lists; `nextCursor` null on the last page. */
export function projectListPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

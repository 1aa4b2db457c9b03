// The names a select or picker offers (issue 36): the developer select, the task assignee picker,
// the skill tag suggestions. A select needs every name, so the web reads page after page to the
// last (as the client select does, decision 021); names are small, so a page is larger than a
// list's. Never a silent cap.
import { z } from 'zod';
import { text } from './text-fields';

export const OPTION_PAGE_SIZE = 500;

export const optionListQuerySchema = z.object({
  /** Opaque cursor from the previous page; holds a name of up to 200 characters, so longer than a list's. */
  cursor: text().max(1200).optional(),
  limit: z.coerce.number().int().min(1).max(OPTION_PAGE_SIZE).optional().default(OPTION_PAGE_SIZE),
});
export type OptionListQuery = z.output<typeof optionListQuerySchema>;

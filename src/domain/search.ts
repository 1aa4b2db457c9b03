// The organization's search (issue 34, decision 035): the API's schemas. The rules (words,
// marks, paths) are in ./search-rules.ts, without zod (decision 013).
import { z } from 'zod';
import { messageWithValues } from './locales';
import { SEARCH_KINDS, SEARCH_MAX_LENGTH } from './search-rules';
import { text } from './text-fields';

/** Issue 48 (decision 045): texts of the `domain` part; zod carries the id, with its values. */
export const SEARCH_MESSAGES = {
  tooLong: /*i18n*/ { id: 'domain.search.tooLong', message: 'Search can be at most {max} characters' },
} as const;

/** `GET /api/search?q=`: any text (a NUL or a lone surrogate is a 400, as everywhere), trimmed. */
export const searchQuerySchema = z.object({
  q: text().trim().max(SEARCH_MAX_LENGTH, messageWithValues(SEARCH_MESSAGES.tooLong, { max: SEARCH_MAX_LENGTH })).optional().default(''),
});

const markSchema = z.tuple([z.number().int(), z.number().int()]);
const highlightedSchema = z.object({ text: z.string(), marks: z.array(markSchema) });

const targetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('project'), projectId: z.string() }),
  z.object({ kind: z.literal('task'), projectId: z.string(), taskId: z.string() }),
  z.object({ kind: z.literal('comment'), projectId: z.string(), taskId: z.string(), commentId: z.string() }),
  z.object({ kind: z.literal('note'), projectId: z.string(), noteId: z.string() }),
  z.object({ kind: z.literal('file'), projectId: z.string(), fileId: z.string() }),
  z.object({ kind: z.literal('client'), clientId: z.string() }),
  z.object({ kind: z.literal('template'), templateId: z.string() }),
  z.object({ kind: z.literal('member'), memberId: z.string() }),
]);

export const searchResultSchema = z.object({
  /** The result's own id (a task's, a note's...). */
  id: z.string(),
  /** Its name or title with the matching words marked (offsets: the web escapes the text itself). */
  title: highlightedSchema,
  /** Where it is: the project (and task) of a task, comment, note or file; a member's role. */
  context: z.string().nullable(),
  /** A piece of a longer text around the match (a note, a comment, a description), marked. */
  snippet: highlightedSchema.nullable(),
  target: targetSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchAnswerSchema = z.object({
  query: z.string(),
  /** Kinds with results, the best first; each kind's results the best first. */
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), results: z.array(searchResultSchema) })),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

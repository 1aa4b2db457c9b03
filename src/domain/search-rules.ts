// The organization's search (issue 34, decision 035), without zod (decision 013): the words a
// query is made of, the marks that highlight them in a result, and where a result opens.

export const SEARCH_KINDS = ['project', 'task', 'comment', 'note', 'file', 'client', 'template', 'member'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A query longer than this is refused (400): nobody types it, and each word costs the planner. */
export const SEARCH_MAX_LENGTH = 200;
/** The words of a query that count; more are ignored. */
export const SEARCH_MAX_WORDS = 8;
/** A word is cut to this many characters (a word longer than this is not a word anybody types). */
const SEARCH_MAX_WORD_LENGTH = 64;
/** Results per kind. */
export const SEARCH_PER_KIND = 5;
/** Part-of-a-word (trigram) matching needs this many characters: fewer has no trigram to look up. */
export const SEARCH_MIN_CONTAINS = 3;

/** A text's characters to mark, as [start, end) offsets in UTF-16 code units of the text. */
export type Mark = [start: number, end: number];
export type Highlighted = { text: string; marks: Mark[] };

/**
 * The words of a query: letters and digits only, so no character of the full-text syntax
 * (& | ! ( ) : * < > ' ") can reach the database as an operator. Lowercased, at most
 * SEARCH_MAX_WORDS, each cut to SEARCH_MAX_WORD_LENGTH.
 */
export function searchWords(query: string): string[] {
  const words = query.normalize('NFC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((word) => [...word].slice(0, SEARCH_MAX_WORD_LENGTH).join('')))].slice(0, SEARCH_MAX_WORDS);
}

/**
 * The tsquery texts of the words, each a quoted lexeme, all required: `whole` matches them as
 * whole words (`'brand' & 'review'`), `started` as the starts of words (`'bra':* & 'revi':*`),
 * so part of a title typed word by word finds it ("zygomorph pal" finds "zygomorphic palette").
 * The search looks for whole words first: an exact word reads a third of the index entries a
 * word's start does (decision 040). Null when there are none. Safe by construction: a word
 * holds only letters and digits (searchWords), and the database folds its accents as it folds
 * the rows'.
 */
export function wordsTsQuery(words: string[]): { whole: string; started: string } | null {
  if (words.length === 0) return null;
  return { whole: words.map((word) => `'${word}'`).join(' & '), started: words.map((word) => `'${word}':*`).join(' & ') };
}

/** A character without its accents, lowercased: what the database's unaccent and lower do, near enough. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The text folded (fold), and for each of its characters the offset in `text` it came from; no
 * offsets (null) when they are the same: ASCII text folds to itself lowercased, one character for
 * one, so it is not folded a character at a time (which was a search's largest cost in the app).
 */
function foldWithOrigin(text: string): { folded: string; origin: number[] | null } {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return { folded: text.toLowerCase(), origin: null };
  let folded = '';
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const point = text.codePointAt(i)!;
    const size = point > 0xffff ? 2 : 1;
    const piece = fold(String.fromCodePoint(point));
    for (let k = 0; k < piece.length; k += 1) origin.push(i);
    folded += piece;
    i += size;
  }
  origin.push(text.length);
  return { folded, origin };
}

/**
 * Where `needles` occur in `text`, ignoring case and accents, merged and in order. Offsets are
 * the original text's, so a folded character that became longer or shorter still marks right.
 */
export function markMatches(text: string, needles: string[]): Mark[] {
  const { folded, origin } = foldWithOrigin(text);
  const found: Mark[] = [];
  for (const needle of new Set(needles.map(fold).filter(Boolean))) {
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + needle.length)) {
      const start = origin ? origin[at]! : at;
      const last = origin ? origin[at + needle.length - 1]! : at + needle.length - 1;
      const end = last + (text.codePointAt(last)! > 0xffff ? 2 : 1);
      found.push([start, end]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Mark[] = [];
  for (const mark of found) {
    const previous = merged[merged.length - 1];
    if (previous && mark[0] <= previous[1]) previous[1] = Math.max(previous[1], mark[1]);
    else merged.push([mark[0], mark[1]]);
  }
  return merged;
}

/** The needles of a query: its words, and the whole query when it is one piece of text with spaces or signs. */
export function searchNeedles(query: string): string[] {
  const words = searchWords(query);
  const whole = query.trim().toLowerCase();
  return whole.length >= SEARCH_MIN_CONTAINS && !words.includes(whole) ? [whole, ...words] : words;
}

/** The text with its marks. */
export function highlight(text: string, query: string): Highlighted {
  return { text, marks: markMatches(text, searchNeedles(query)) };
}

/**
 * A window of a long text around its first match (about `width` characters, cut at spaces, with
 * an ellipsis where it was cut), with its marks; the start of the text when nothing matches.
 */
export function snippet(text: string, query: string, width = 160): Highlighted {
  const flat = text.replace(/\s+/g, ' ').trim();
  const first = markMatches(flat, searchNeedles(query))[0];
  let start = first ? Math.max(0, first[0] - Math.floor(width / 3)) : 0;
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    start = space !== -1 && space < (first?.[0] ?? start) ? space + 1 : start;
  }
  let end = Math.min(flat.length, start + width);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > (first?.[1] ?? start)) end = space;
  }
  // Never cut a surrogate pair in two.
  if (start > 0 && /[\udc00-\udfff]/.test(flat[start] ?? '')) start -= 1;
  if (/[\ud800-\udbff]/.test(flat[end - 1] ?? '')) end += 1;
  const prefix = start > 0 ? '… ' : '';
  const suffix = end < flat.length ? ' …' : '';
  // Marked without the ellipses (they would make ASCII text fold a character at a time), then moved past the prefix.
  const window = flat.slice(start, end);
  const marks = markMatches(window, searchNeedles(query)).map(([from, to]): Mark => [from + prefix.length, to + prefix.length]);
  return { text: `${prefix}${window}${suffix}`, marks };
}

/** What opens a result: the ids of exactly the thing it is (the web builds the path, searchResultPath). */
export type SearchTarget =
  | { kind: 'project'; projectId: string }
  | { kind: 'task'; projectId: string; taskId: string }
  | { kind: 'comment'; projectId: string; taskId: string; commentId: string }
  | { kind: 'note'; projectId: string; noteId: string }
  | { kind: 'file'; projectId: string; fileId: string }
  | { kind: 'client'; clientId: string }
  | { kind: 'template'; templateId: string }
  | { kind: 'member'; memberId: string };

const id = encodeURIComponent;

/** The web path that opens the result: the task's panel, the comment in it, the note, the client. */
export function searchResultPath(target: SearchTarget): string {
  switch (target.kind) {
    case 'project':
      return `/project/${id(target.projectId)}`;
    case 'task':
      return `/project/${id(target.projectId)}/tasks/${id(target.taskId)}`;
    case 'comment':
      return `/project/${id(target.projectId)}/tasks/${id(target.taskId)}#comment-${id(target.commentId)}`;
    case 'note':
      return `/project/${id(target.projectId)}?tab=notes&note=${id(target.noteId)}`;
    case 'file':
      return `/project/${id(target.projectId)}?tab=files&file=${id(target.fileId)}`;
    case 'client':
      return `/?tab=clients&client=${id(target.clientId)}`;
    case 'template':
      return `/?tab=projects&view=templates&template=${id(target.templateId)}`;
    case 'member':
      return `/team/${id(target.memberId)}`;
  }
}

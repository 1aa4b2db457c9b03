// A comment's Markdown as readable text (issue 49 item 20): where no Markdown is rendered (a
// search result's snippet, a comment shown before the renderer has loaded), its syntax goes and
// its words stay: `**bold**` is "bold", `[site](https://…)` is "site", `@[Ana Lima](id)` is
// "@Ana Lima", list and quote markers, heading marks, code ticks and fences go. Only characters
// are taken out, never put in, so a mark on the source (a search match) is moved onto the text.
import { MENTION_PATTERN } from './comment-rules';
import type { Highlighted, Mark } from './search-rules';

/** A line's code fence: three or more backticks or tildes. */
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
/** A thematic break: three or more -, * or _ alone on a line. */
const RULE = /^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** What starts a line: quote marks, then a heading's hashes or a list item's marker (and its task box). */
const LINE_START = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:#{1,6}(?:[ \t]+|$)|(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?)?/;
const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
const IMAGE_OR_LINK = /(!?)\[([^\]\n]*)\]\((?:[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:[ \t]+"[^"\n]*")?\)/g;
const AUTOLINK = /<((?:https?|mailto):[^<>\s]+)>/g;
const STRONG = /(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g;
const EMPHASIS_STAR = /\*(?=[^\s*])([^*\n]*?[^\s*])\*/g;
// `_x_` only outside a word, so snake_case_names stay as they are.
const EMPHASIS_UNDERSCORE = /(?<![\p{L}\p{N}_])_(?=[^\s_])([^_\n]*?[^\s_])_(?![\p{L}\p{N}_])/gu;
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
/** Delimiters left without their pair (a snippet cut in the middle of `**bold**`). */
const LEFTOVER = /\*\*+|~~/g;

/** The text and, for each of its characters (and its end), where it was in the source. */
export type PlainText = { text: string; origin: number[] };

/** The Markdown's readable text, with each character's offset in the source. */
export function markdownText(source: string): PlainText {
  const dropped = new Uint8Array(source.length);
  const kept = new Uint8Array(source.length);
  const drop = (start: number, end: number) => dropped.fill(1, start, end);
  const keep = (start: number, end: number) => kept.fill(1, start, end);
  const free = (start: number, end: number) => !kept.subarray(start, end).includes(1) && !dropped.subarray(start, end).includes(1);

  // Lines: code fences (their lines go, the code between them stays as typed), rules, markers.
  let inFence: string | null = null;
  for (let at = 0; at <= source.length; ) {
    const newline = source.indexOf('\n', at);
    const end = newline === -1 ? source.length : newline;
    const line = source.slice(at, end);
    const fence = FENCE.exec(line)?.[1];
    if (inFence !== null) {
      if (fence && fence[0] === inFence[0] && fence.length >= inFence.length && line.trim() === fence) {
        inFence = null;
        drop(at, Math.min(end + 1, source.length));
      } else keep(at, end);
    } else if (fence) {
      inFence = fence;
      drop(at, Math.min(end + 1, source.length));
    } else if (RULE.test(line)) {
      drop(at, Math.min(end + 1, source.length));
    } else {
      const start = LINE_START.exec(line)?.[0].length ?? 0;
      drop(at, at + start);
    }
    if (newline === -1) break;
    at = newline + 1;
  }

  const each = (pattern: RegExp, visit: (match: RegExpExecArray, start: number) => void) => {
    for (const match of source.matchAll(pattern)) visit(match as RegExpExecArray, match.index);
  };
  // Code spans: the ticks go, the code is kept as typed.
  each(CODE_SPAN, (match, start) => {
    const end = start + match[0].length;
    if (!free(start, end)) return;
    const ticks = match[1]!.length;
    drop(start, start + ticks);
    drop(end - ticks, end);
    keep(start + ticks, end - ticks);
  });
  // A backslash's character is kept as it is.
  each(ESCAPE, (_match, start) => {
    if (free(start, start + 2)) {
      drop(start, start + 1);
      keep(start + 1, start + 2);
    }
  });
  // Mentions: `@[Name](id)` reads '@Name', the name as typed.
  each(MENTION_PATTERN, (match, start) => {
    const end = start + match[0].length;
    if (!free(start, end)) return;
    const name = match[1]!.length;
    drop(start + 1, start + 2);
    keep(start + 2, start + 2 + name);
    drop(start + 2 + name, end);
  });
  // Images and links: their text (an image's alt) stays, the brackets and the address go.
  each(IMAGE_OR_LINK, (match, start) => {
    const end = start + match[0].length;
    const open = start + match[1]!.length;
    if (!free(open, end)) return;
    const text = match[2]!.length;
    drop(start, open + 1);
    drop(open + 1 + text, end);
  });
  each(AUTOLINK, (match, start) => {
    const end = start + match[0].length;
    if (!free(start, end)) return;
    drop(start, start + 1);
    drop(end - 1, end);
  });
  const delimited = (pattern: RegExp) =>
    each(pattern, (match, start) => {
      const end = start + match[0].length;
      const size = (match[0].length - match[match.length - 1]!.length) / 2;
      if (!free(start, start + size) || !free(end - size, end)) return;
      drop(start, start + size);
      drop(end - size, end);
    });
  delimited(STRONG);
  delimited(EMPHASIS_STAR);
  delimited(EMPHASIS_UNDERSCORE);
  each(LEFTOVER, (match, start) => {
    if (!kept.subarray(start, start + match[0].length).includes(1)) drop(start, start + match[0].length);
  });

  let text = '';
  const origin: number[] = [];
  for (let i = 0; i < source.length; i += 1) {
    if (dropped[i] && !kept[i]) continue;
    text += source[i];
    origin.push(i);
  }
  origin.push(source.length);
  return { text, origin };
}

/** A comment's Markdown as the words it shows, its lines kept. */
export function plainMarkdown(source: string): string {
  return markdownText(source).text;
}

/** A marked piece of Markdown (a search snippet) as readable text, its marks on the same words. */
export function plainMarkdownMarked(value: Highlighted): Highlighted {
  const { text, origin } = markdownText(value.text);
  // Where a source offset lands in the text: the first character kept at or after it.
  const at = (offset: number) => {
    let low = 0;
    let high = origin.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (origin[middle]! < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const marks = value.marks.map(([start, end]): Mark => [at(start), at(end)]).filter(([start, end]) => end > start);
  return { text, marks };
}

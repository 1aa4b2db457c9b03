import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markMatches, searchResultPath, searchWords, snippet, wordsTsQuery } from './search-rules';

describe('searchWords and wordsTsQuery', () => {
  it('keeps letters and digits only, so no full-text operator reaches the database', () => {
    expect(searchWords("Zephyr & !(onboa:* | 'x') <-> 2024")).toEqual(['zephyr', 'onboa', 'x', '2024']);
    expect(wordsTsQuery(searchWords('&|!():*<>'))).toBeNull();
  });

  it('matches the words as whole words, and as the starts of words', () => {
    expect(wordsTsQuery(['café', 'brief'])).toEqual({ whole: "'café' & 'brief'", started: "'café':* & 'brief':*" });
    expect(wordsTsQuery(['onboa'])).toEqual({ whole: "'onboa'", started: "'onboa':*" });
  });

  it('takes at most eight distinct words of at most 64 characters', () => {
    expect(searchWords('a b a c d e f g h i j')).toHaveLength(8);
    expect(searchWords('x'.repeat(100))[0]).toHaveLength(64);
  });
});

describe('markMatches', () => {
  it('marks every occurrence, ignoring case and accents, in the original text\'s offsets', () => {
    expect(markMatches('Crème brûlée and CREME', ['creme'])).toEqual([
      [0, 5],
      [17, 22],
    ]);
    expect(markMatches('ÉCOLE école', ['ecole'])).toEqual([
      [0, 5],
      [6, 11],
    ]);
  });

  it('merges overlapping marks and keeps surrogate pairs whole', () => {
    expect(markMatches('onboarding', ['onb', 'board'])).toEqual([[0, 7]]);
    expect(markMatches('😀 launch 😀', ['😀'])).toEqual([
      [0, 2],
      [10, 12],
    ]);
  });

  it('marks nothing for nothing', () => {
    expect(markMatches('text', [])).toEqual([]);
    expect(markMatches('', ['x'])).toEqual([]);
  });

  it('marks ASCII text (folded whole) as it marks the same text folded a character at a time', () => {
    // A line and an accented letter after the text make markMatches fold character by character;
    // no needle holds a line break, so none matches across it.
    const ascii = fc.string({ unit: fc.constantFrom(...'abcABC xyz-01\'"%'.split('')), maxLength: 40 });
    const needle = fc.string({ unit: fc.constantFrom(...'abcABCxyz01'.split('')), minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(ascii, fc.array(needle, { maxLength: 3 }), (text, needles) => {
        const slow = markMatches(`${text}\né`, needles).filter(([, end]) => end <= text.length);
        expect(markMatches(text, needles)).toEqual(slow);
      }),
    );
  });
});

describe('snippet', () => {
  it('shows a window around the first match with ellipses, marked', () => {
    const text = `${'lorem '.repeat(60)}the marmalade palette ${'ipsum '.repeat(60)}`;
    const piece = snippet(text, 'marmalade');
    expect(piece.text.startsWith('… ')).toBe(true);
    expect(piece.text.endsWith(' …')).toBe(true);
    expect(piece.text.length).toBeLessThan(180);
    const [start, end] = piece.marks[0]!;
    expect(piece.text.slice(start, end)).toBe('marmalade');
  });

  it('shows the start of a short text whole', () => {
    expect(snippet('Short note', 'note')).toEqual({ text: 'Short note', marks: [[6, 10]] });
  });
});

describe('searchResultPath', () => {
  it('opens exactly the result', () => {
    expect(searchResultPath({ kind: 'task', projectId: 'p', taskId: 't' })).toBe('/project/p/tasks/t');
    expect(searchResultPath({ kind: 'comment', projectId: 'p', taskId: 't', commentId: 'c' })).toBe('/project/p/tasks/t#comment-c');
    expect(searchResultPath({ kind: 'note', projectId: 'p', noteId: 'n' })).toBe('/project/p?tab=notes&note=n');
    expect(searchResultPath({ kind: 'client', clientId: 'c' })).toBe('/?tab=clients&client=c');
    expect(searchResultPath({ kind: 'member', memberId: 'm' })).toBe('/team/m');
    expect(searchResultPath({ kind: 'template', templateId: 'x/y' })).toBe('/?tab=projects&view=templates&template=x%2Fy');
  });
});

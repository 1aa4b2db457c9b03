import { describe, expect, it } from 'vitest';
import { highlight } from './search-rules';
import { markdownText, plainMarkdown, plainMarkdownMarked } from './markdown-text';

const ANA = '0b5c2a5e-1f3a-4c1d-9e2f-3a4b5c6d7e8f';

describe('plainMarkdown: a comment as the words it shows', () => {
  it('takes out bold, italics, strike-through and code ticks, keeping their words', () => {
    expect(plainMarkdown('This is **bold**, __strong__, *soft*, _quiet_ and ~~gone~~ with `npm test`')).toBe(
      'This is bold, strong, soft, quiet and gone with npm test',
    );
  });

  it('keeps a link or an image as its text, never its address', () => {
    expect(plainMarkdown('See [the brief](https://example.com/brief "Brief") and ![the logo](https://x.test/a.png) or <https://example.com>')).toBe(
      'See the brief and the logo or https://example.com',
    );
    expect(plainMarkdown('A [link (with parens)](https://en.wikipedia.org/wiki/Foo_(bar)) here')).toBe('A link (with parens) here');
  });

  it('shows a mention as @Name, as stored with its id', () => {
    expect(plainMarkdown(`Thanks @[Ana Lima](${ANA}), see **this**`)).toBe('Thanks @Ana Lima, see this');
    // A name is never read as Markdown.
    expect(plainMarkdown(`@[Ana *the* Lima](${ANA})`)).toBe('@Ana *the* Lima');
  });

  it('takes out list, task, quote and heading markers, keeping the lines', () => {
    const source = ['# Plan', '', '- first', '* second', '  + nested', '1. one', '2) two', '- [ ] open', '- [x] done', '> quoted **words**', '---', 'End'].join('\n');
    expect(plainMarkdown(source)).toBe(['Plan', '', 'first', 'second', 'nested', 'one', 'two', 'open', 'done', 'quoted words', 'End'].join('\n'));
  });

  it('keeps code as typed, without its fences or ticks', () => {
    expect(plainMarkdown('Run:\n```sh\nnpm run **build** -- _x_\n```\nthen `a*b*c` done')).toBe('Run:\nnpm run **build** -- _x_\nthen a*b*c done');
  });

  it('leaves plain prose, snake_case names, sums and escaped characters alone', () => {
    expect(plainMarkdown('Set max_retry_count to 2 * 3 - 1, not \\*5\\*')).toBe('Set max_retry_count to 2 * 3 - 1, not *5*');
    expect(plainMarkdown('Nothing to do here.')).toBe('Nothing to do here.');
    expect(plainMarkdown('')).toBe('');
  });

  it('drops delimiters a cut left without their pair', () => {
    expect(plainMarkdown('… the **final logo')).toBe('… the final logo');
  });

  it('knows where each character came from', () => {
    const { text, origin } = markdownText('a **b**');
    expect(text).toBe('a b');
    expect(origin).toEqual([0, 1, 4, 7]);
  });
});

describe('plainMarkdownMarked: a marked snippet as readable text', () => {
  it('moves the marks onto the same words', () => {
    const source = `Ask @[Ana Lima](${ANA}) about the **marmalade** [palette](https://x.test/palette)`;
    const plain = plainMarkdownMarked(highlight(source, 'marmalade palette'));
    expect(plain.text).toBe('Ask @Ana Lima about the marmalade palette');
    expect(plain.marks.map(([start, end]) => plain.text.slice(start, end))).toEqual(['marmalade', 'palette']);
  });

  it('drops a mark on nothing but syntax (a match in a link address)', () => {
    const plain = plainMarkdownMarked(highlight('see [here](https://zyx.test)', 'zyx'));
    expect(plain).toEqual({ text: 'see here', marks: [] });
  });
});

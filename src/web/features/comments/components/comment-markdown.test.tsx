// @vitest-environment jsdom
// A comment's Markdown is written by anyone on the project, or through a share link: whatever it
// holds renders inert (issue 29).
import { en } from '@/web/test/texts';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mentionToken } from '@/domain/comment-rules';
import { COMMENT_TEXTS } from '../texts';
import { CommentMarkdown, markMentions } from './comment-markdown';

const ANN = { id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', name: 'Ann Lee' };

function renderBody(body: string): HTMLElement {
  return render(<CommentMarkdown body={body} />).container;
}

/** Nothing in the rendered comment can run code or load anything. */
function expectInert(container: HTMLElement) {
  expect(container.querySelector('script, img, svg, iframe, object, embed, style, form, math')).toBeNull();
  for (const element of container.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) {
      expect(attribute, `<${element.tagName.toLowerCase()} ${attribute}>`).not.toMatch(/^on/i);
      expect(attribute).not.toBe('style');
    }
    for (const attribute of ['href', 'src', 'action', 'formaction', 'xlink:href']) {
      expect(element.getAttribute(attribute) ?? '', `<${element.tagName.toLowerCase()} ${attribute}>`).not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
  }
}

afterEach(cleanup);

describe('CommentMarkdown renders hostile input inert', () => {
  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['a javascript: link', '[x](javascript:alert(1))'],
    ['a javascript: link with entities', '[x](&#106;avascript:alert(1))'],
    ['a javascript: autolink', '<javascript:alert(1)>'],
    ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['an image with a handler in its URL', '![x](x onerror=alert(1))'],
    ['an image with a javascript: URL', '![x](javascript:alert(1))'],
    ['a raw img with onerror', '<img src=x onerror=alert(1)>'],
    ['a raw svg with onload', '<svg onload=alert(1)>'],
    ['raw svg inline', 'look <svg><script>alert(1)</script></svg> here'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a link reference to javascript:', '[x][evil]\n\n[evil]: javascript:alert(1)'],
    ['a raw anchor with a handler', '<a href="https://example.com" onclick="alert(1)">x</a>'],
    ['a style attribute', '<p style="position:fixed;inset:0">cover</p>'],
  ])('%s', (_, body) => {
    expectInert(renderBody(body));
  });

  it('shows raw HTML as the text typed, never as markup', () => {
    const container = renderBody('<img src=x onerror=alert(1)> and <b>bold</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('<b>bold</b>');
  });

  it('keeps the text of a link whose URL was refused, without a link', () => {
    const container = renderBody('[click me](javascript:alert(1))');
    expect(container.textContent).toBe('click me');
    expect(container.querySelector('a')).toBeNull();
  });

  it('shows a Markdown image as a link to it, with its alt text, never an <img>', () => {
    const container = renderBody('![the logo](https://example.com/logo.png)');
    expect(container.querySelector('img')).toBeNull();
    const link = container.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/logo.png');
    expect(link.textContent).toBe(en(COMMENT_TEXTS.imageWithAlt, { alt: 'the logo' }));
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
});

describe('CommentMarkdown links', () => {
  it.each([
    ['an inline link', '[the brief](https://example.com/brief)'],
    ['an autolink', '<https://example.com/brief>'],
    ['a bare URL (GFM)', 'see https://example.com/brief'],
  ])('%s opens in a new tab with no opener, referrer or endorsement', (_, body) => {
    const link = renderBody(body).querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.com/brief');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });
});

describe('CommentMarkdown mentions', () => {
  it("shows a mention token as an '@Name' chip, not a link", () => {
    const container = renderBody(`Thanks ${mentionToken(ANN)}, looks good`);
    const chip = container.querySelector('[data-mention]')!;
    expect(chip.textContent).toBe('@Ann Lee');
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('Thanks @Ann Lee, looks good');
  });

  it('reads a name as text, never as Markdown', () => {
    const container = renderBody(mentionToken({ id: ANN.id, name: 'Jo *the* _dev_' }));
    expect(container.querySelector('em')).toBeNull();
    expect(container.querySelector('[data-mention]')!.textContent).toBe('@Jo *the* _dev_');
  });

  it('shows mentions inside emphasis and lists, and the raw token inside code', () => {
    const container = renderBody(`- **${mentionToken(ANN)}** to check\n\n\`${mentionToken(ANN)}\``);
    expect(container.querySelector('li strong [data-mention]')!.textContent).toBe('@Ann Lee');
    expect(container.querySelector('code')!.textContent).toBe(mentionToken(ANN));
  });

  it('cannot be forged with the marks it uses inside', () => {
    const container = renderBody(`\uE0000\uE001 and ${mentionToken(ANN)}`);
    expect(container.querySelectorAll('[data-mention]')).toHaveLength(1);
    expect(markMentions('a\uE000b\uE001c').source).toBe('abc');
  });

  it('renders GitHub-flavoured Markdown: lists, emphasis, code, tables', () => {
    const container = renderBody('**bold** _it_ `code`\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n1. one\n2. two');
    expect(container.querySelector('strong')!.textContent).toBe('bold');
    expect(container.querySelector('em')!.textContent).toBe('it');
    expect(container.querySelector('table td')!.textContent).toBe('1');
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
  });

  it("turns a comment's headings into bold lines, so the panel's outline stays its own", () => {
    const container = renderBody('# Big\n\n## Smaller');
    expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(container.textContent).toContain('Big');
  });
});

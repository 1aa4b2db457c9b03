// A comment's Markdown (issue 29), rendered inert: GitHub-flavoured Markdown without raw HTML,
// sanitized (rehype-sanitize's GitHub schema), links opened in a new tab with no referrer or
// opener, images shown as a link to them (never loaded: no tracking pixels, no onerror tricks),
// and mention tokens `@[Name](id)` as an '@Name' chip. Loaded with the first comment shown, never
// with a page (react-markdown and its parser are some 40 KB gzip; decision 013).
import { useMemo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { MENTION_PATTERN } from '@/domain/comment-rules';
import { cn } from '@/web/lib/class-names';
import { useT } from '@/web/lib/i18n';
import { COMMENT_TEXTS } from '../texts';

// A mention is swapped for a mark in private-use characters before parsing, so that a name is
// never read as Markdown (a '*' or '_' in it) and the token's '(id)' never becomes a link; the
// marks are turned back into the names once the text is parsed. Marks a comment itself holds are
// dropped first, so none can be forged.
const OPEN = '\uE000';
const CLOSE = '\uE001';
const FORGED = /[\uE000\uE001]/g;
const MARK = /\uE000(\d+)\uE001/g;

type Mention = { name: string; token: string };

/** The body with each mention token as a mark, and the mentions in order. */
export function markMentions(body: string): { source: string; mentions: Mention[] } {
  const mentions: Mention[] = [];
  const source = body.replace(FORGED, '').replace(MENTION_PATTERN, (token: string, name: string) => {
    mentions.push({ name, token });
    return `${OPEN}${mentions.length - 1}${CLOSE}`;
  });
  return { source, mentions };
}

// The few Markdown syntax tree shapes the plugin below reads (mdast).
type MdNode = { type: string; value?: string; alt?: string; url?: string; title?: string | null; children?: MdNode[]; data?: Record<string, unknown> };

const STRING_FIELDS = ['value', 'alt', 'url', 'title'] as const;

/**
 * remark plugin: text with marks becomes text and mention nodes (a span.mention with '@Name');
 * elsewhere (code, an image's alt, a URL) a mark becomes its token again, as typed. Raw HTML
 * becomes text: it shows as typed, never as markup.
 */
function remarkMentions(mentions: Mention[]) {
  const restore = (text: string, asName: boolean) =>
    text.replace(MARK, (mark, index: string) => {
      const mention = mentions[Number(index)];
      if (!mention) return '';
      return asName ? `@${mention.name}` : mention.token;
    });
  const split = (text: string): MdNode[] => {
    const nodes: MdNode[] = [];
    let last = 0;
    for (const match of text.matchAll(MARK)) {
      const mention = mentions[Number(match[1])];
      if (match.index > last) nodes.push({ type: 'text', value: text.slice(last, match.index) });
      if (mention) {
        nodes.push({
          type: 'mention',
          children: [],
          data: { hName: 'span', hProperties: { className: ['mention'] }, hChildren: [{ type: 'text', value: `@${mention.name}` }] },
        });
      }
      last = match.index + match[0].length;
    }
    if (last < text.length) nodes.push({ type: 'text', value: text.slice(last) });
    return nodes;
  };
  const visit = (node: MdNode) => {
    if (!node.children) return;
    node.children = node.children.flatMap((child) => {
      if (child.type === 'text') return split(child.value ?? '');
      if (child.type === 'html') {
        const text = { type: 'text', value: restore(child.value ?? '', false) };
        // A block of HTML reads as a paragraph of its text.
        return [node.type === 'root' ? { type: 'paragraph', children: [text] } : text];
      }
      for (const field of STRING_FIELDS) {
        const value = child[field];
        if (typeof value === 'string') child[field] = restore(value, field === 'alt');
      }
      visit(child);
      return [child];
    });
  };
  return () => (tree: MdNode) => visit(tree);
}

/** GitHub's schema, and the mention chip's class. */
const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  attributes: { ...defaultSchema.attributes, span: [...(defaultSchema.attributes?.span ?? []), ['className', 'mention']] },
};

const LINK_CLASS = 'font-medium text-primary underline underline-offset-2 hover:text-primary-hover';
/** Every link of a comment: a new tab, no opener, no referrer, no endorsement. */
const LINK_PROPS = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** A comment's headings read as bold lines: the panel's own headings keep the outline. */
function Heading({ children }: { children?: ReactNode }) {
  return <p className="font-semibold">{children}</p>;
}

/** An image as a link to it, named by its alt text (never loaded). */
function ImageLink({ src, alt }: { src?: unknown; alt?: string }) {
  const t = useT('comments');
  const label = alt ? t(COMMENT_TEXTS.imageWithAlt, { alt }) : t(COMMENT_TEXTS.image);
  return typeof src === 'string' && src ? (
    <a href={src} {...LINK_PROPS} className={LINK_CLASS}>
      {label}
    </a>
  ) : (
    <span>{label}</span>
  );
}

/** A task list's box, read-only, named by its state. */
function ChecklistBox({ checked }: { checked?: boolean }) {
  const t = useT('comments');
  return <input type="checkbox" disabled checked={checked === true} aria-label={t(checked ? COMMENT_TEXTS.checklistDone : COMMENT_TEXTS.checklistOpen)} className="mr-1 align-middle" />;
}

const COMPONENTS: Components = {
  a: ({ href, children }) =>
    // A URL the sanitizer or the URL check removed (javascript:, data:...) leaves the text only.
    href ? (
      <a href={href} {...LINK_PROPS} className={LINK_CLASS}>
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) => <ImageLink src={src} alt={alt} />,
  span: ({ className, children }) =>
    className === 'mention' ? (
      <span data-mention="" className="rounded bg-primary/10 px-1 font-medium text-primary">
        {children}
      </span>
    ) : (
      <span>{children}</span>
    ),
  input: ({ checked }) => <ChecklistBox checked={checked} />,
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
};

/** The looks of Markdown's blocks in a comment (the app has no typography plugin). */
const BODY_CLASS = cn(
  'min-w-0 text-sm break-words [overflow-wrap:anywhere]',
  '[&_p]:my-1.5 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
  '[&_ul]:my-1.5 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-1.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_li.task-list-item]:list-none',
  '[&_blockquote]:my-1.5 [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_blockquote]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.8125rem]',
  '[&_pre]:my-1.5 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_table]:my-1.5 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1',
  '[&_hr]:my-3',
);

export function CommentMarkdown({ body, className }: { body: string; className?: string }) {
  const { source, mentions } = useMemo(() => markMentions(body), [body]);
  const remarkPlugins = useMemo(() => [remarkGfm, remarkMentions(mentions)], [mentions]);
  return (
    <div className={cn(BODY_CLASS, className)}>
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={[[rehypeSanitize, SANITIZE_SCHEMA]]} components={COMPONENTS}>
        {source}
      </Markdown>
    </div>
  );
}

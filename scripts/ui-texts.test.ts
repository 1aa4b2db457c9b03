// STYLE.md: user-facing texts are the spec's wording, kept in one place per feature (a
// feature's texts.ts, the domain's *_MESSAGES, components/ui/texts.ts, app/texts.ts) so tests
// and the UI agree (issue 9). This scan fails on text written inline in the web app's JSX.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Attributes and props whose value a user reads or hears: the DOM's own, and those of our
 * components that put their value on screen (FormField's label, hint and error, Button's
 * loadingText, EmptyState's title and text, ConfirmDeleteDialog's question, ...).
 */
const USER_FACING_ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'alt',
  'loadingText',
  'description',
  'emptyText',
  'hint',
  'error',
  'text',
  'question',
  'detail',
  'readOnlyHint',
  'templateError',
]);

type StrayText = { file: string; line: number; text: string };

const WORD = /\p{L}{2,}/u;
const LETTER = /\p{L}/u;

/**
 * The literal texts an expression may evaluate to: a string or template literal, directly or as
 * a branch of `?:`, `??`, `||`, `&&` or `+`. A call, a property read or a function is a value
 * computed elsewhere, so its strings are not looked at.
 */
function literalTexts(node: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literalTexts(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const kind = node.operatorToken.kind;
    if (kind === ts.SyntaxKind.QuestionQuestionToken || kind === ts.SyntaxKind.BarBarToken || kind === ts.SyntaxKind.PlusToken) {
      return [...literalTexts(node.left), ...literalTexts(node.right)];
    }
    if (kind === ts.SyntaxKind.AmpersandAmpersandToken) return literalTexts(node.right);
  }
  return [];
}

/** The words of a literal: a string's text, or a template's text around its `${...}` parts. */
function literalWords(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  return '';
}

function findStrayTexts(file: string, source: string): StrayText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: StrayText[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    found.push({ file, line: line + 1, text: text.replace(/\s+/g, ' ').trim() });
  };
  const reportLiterals = (expression: ts.Expression | undefined, pattern: RegExp) => {
    if (!expression) return;
    for (const literal of literalTexts(expression)) {
      const words = literalWords(literal);
      if (pattern.test(words)) report(literal, literal.getText(sourceFile));
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      // (a) Text between tags with a word in it; punctuation such as '·' or '/' is layout.
      if (WORD.test(node.text)) report(node, node.text);
    } else if (ts.isJsxAttribute(node) && node.initializer && USER_FACING_ATTRIBUTES.has(node.name.getText(sourceFile))) {
      // (b) label="Name", title={'Delete'}, aria-label={open ? 'Close' : 'Open'}.
      const value = node.initializer;
      if (ts.isStringLiteral(value)) {
        if (LETTER.test(value.text)) report(value, value.getText(sourceFile));
      } else if (ts.isJsxExpression(value)) {
        reportLiterals(value.expression, LETTER);
      }
    } else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      // (c) {'Save'} or {saving ? 'Saving...' : 'Save'} between tags.
      reportLiterals(node.expression, LETTER);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Every .tsx file of the web app but its tests, as a path from the repository's root. */
function webComponentFiles(): string[] {
  return readdirSync(path.join(root, 'src/web'), { recursive: true, encoding: 'utf8' })
    .map((name) => path.posix.join('src/web', name.split(path.sep).join('/')))
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .sort();
}

const strays = webComponentFiles().flatMap((file) => findStrayTexts(file, readFileSync(path.join(root, file), 'utf8')));

function describeStrays(list: StrayText[]): string {
  const files = new Set(list.map((stray) => stray.file)).size;
  return [`${list.length} stray texts in ${files} files:`, ...list.map((stray) => `  ${stray.file}:${stray.line} ${stray.text}`)].join('\n');
}

describe('user-facing texts', () => {
  it('finds the kinds of inline text it is meant to find, and nothing else', () => {
    const source = [
      'export const A = () => (',
      '  <div className="flex gap-2" data-testid="card" title="Delete" aria-label={open ? "Close" : `Open ${name}`}>',
      '    Save changes',
      "    {'Retry'}",
      '    {busy ? TEXTS.saving : "Saving..."}',
      '    <Input type="email" placeholder={TEXTS.email} label={`${count}`} autoComplete="email" href="https://example.com" />',
      "    {' '}·{count} / {'-'}",
      '    <p key="intro">{TEXTS.intro}</p>',
      '  </div>',
      ');',
    ].join('\n');
    expect(findStrayTexts('example.tsx', source).map(({ line, text }) => `${line} ${text}`)).toEqual([
      '2 "Delete"',
      '2 "Close"',
      '2 `Open ${name}`',
      '3 Save changes',
      "4 'Retry'",
      '5 "Saving..."',
    ]);
  });

  it('has no text inline in JSX', () => {
    expect(strays, describeStrays(strays)).toEqual([]);
  });
});

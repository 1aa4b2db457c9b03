// Issue 48's migration tool (decision 044): turns a texts.ts object of English strings into Lingui
// message descriptors, `key: /*i18n*/ { id: '<prefix>.<key>', message: '...' }`, in place. A
// function of its arguments that returns a template literal of bare names becomes an ICU message
// with those names as placeholders (`(n: number) => \`${n} tasks\`` -> '{n} tasks'); anything
// else is left as it is and listed, to be written by hand (plurals, choices). Delete this file
// once every feature's texts are descriptors.
//   npx tsx scripts/i18n/texts-to-messages.ts <file> <EXPORT_NAME> <id prefix>
import { readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';

const [file, exportName, prefix] = process.argv.slice(2);
if (!file || !exportName || !prefix) throw new Error('usage: texts-to-messages.ts <file> <EXPORT_NAME> <id prefix>');
const text = readFileSync(file, 'utf8');
const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
const edits: { start: number; end: number; replacement: string }[] = [];
const leftAlone: string[] = [];

/** ICU MessageFormat: a literal apostrophe before a brace is doubled, braces are quoted. */
const icu = (s: string) => s.replace(/'(?=[{}#'])/g, "''").replace(/[{}]/g, (brace) => `'${brace}'`);
const quoted = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const descriptor = (id: string, message: string) => `/*i18n*/ { id: ${quoted(id)}, message: ${quoted(message)} }`;

function convert(node: ts.Expression, id: string): void {
  while (ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    edits.push({ start: node.getStart(source), end: node.getEnd(), replacement: descriptor(id, icu(node.text)) });
  } else if (ts.isObjectLiteralExpression(node)) {
    for (const property of node.properties) {
      if (ts.isPropertyAssignment(property)) convert(property.initializer, `${id}.${property.name.getText(source).replace(/['"]/g, '')}`);
      else leftAlone.push(`${id}.${property.name?.getText(source) ?? '?'}`);
    }
  } else if (ts.isArrayLiteralExpression(node)) {
    node.elements.forEach((element, index) => convert(element, `${id}.${index}`));
  } else if (ts.isArrowFunction(node) && (ts.isTemplateExpression(node.body) || ts.isStringLiteral(node.body))) {
    const params = new Set(node.parameters.map((p) => p.name.getText(source)));
    const body = node.body;
    if (ts.isStringLiteral(body)) return void edits.push({ start: node.getStart(source), end: node.getEnd(), replacement: descriptor(id, icu(body.text)) });
    if (!body.templateSpans.every((span) => ts.isIdentifier(span.expression) && params.has(span.expression.text))) return void leftAlone.push(id);
    const message = icu(body.head.text) + body.templateSpans.map((span) => `{${(span.expression as ts.Identifier).text}}${icu(span.literal.text)}`).join('');
    edits.push({ start: node.getStart(source), end: node.getEnd(), replacement: descriptor(id, message) });
  } else {
    leftAlone.push(id);
  }
}

ts.forEachChild(source, function visit(node) {
  if (ts.isVariableDeclaration(node) && node.name.getText(source) === exportName && node.initializer) convert(node.initializer, prefix);
  else ts.forEachChild(node, visit);
});
let out = text;
for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.replacement + out.slice(edit.end);
writeFileSync(file, out);
console.log(`${edits.length} texts now descriptors in ${file}`);
if (leftAlone.length) console.log(`By hand: ${leftAlone.join(', ')}`);

// Issue 48 item 5: the pseudo-language is accented (Lingui's compile) and, from here, about 30 %
// longer and bracketed, the way German and Spanish run longer than English: a layout that clips
// or overflows in it would in a real translation, and a word on screen without brackets or accents
// was never translated. Run by `npm run i18n` after `lingui compile`; idempotent.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compiledMessages } from '../catalog-files';

const PSEUDO_DIR = path.resolve(import.meta.dirname, '../../src/locales/pseudo');
/** How much longer a pseudo text is than its English (German UI text runs about that much longer). */
export const PSEUDO_GROWTH = 0.3;
export const PSEUDO_OPEN = '[';
export const PSEUDO_CLOSE = ']';

type Compiled = string | (string | unknown[])[];

/** The number of written characters of a compiled message's top level (placeholders count none). */
function textLength(message: Compiled): number {
  return typeof message === 'string' ? message.length : message.reduce<number>((n, token) => n + (typeof token === 'string' ? token.length : 0), 0);
}

/** The longest run of padding: a German compound is long, a paragraph without a space is not. */
const PADDING_WORD = 8;

/** `length` characters of padding, in words a line may break between. */
function padding(length: number): string {
  const words: string[] = [];
  for (let left = length; left > 0; left -= PADDING_WORD + 1) words.push('~'.repeat(Math.min(PADDING_WORD, left)));
  return words.join(' ');
}

/** A compiled message bracketed and padded to about 30 % longer; one already lengthened is left as it is. */
export function lengthen(message: Compiled): Compiled {
  const tokens = typeof message === 'string' ? [message] : message;
  const first = tokens[0];
  if (first === PSEUDO_OPEN && tokens.at(-1) === PSEUDO_CLOSE) return message;
  return [PSEUDO_OPEN, ...tokens, ` ${padding(Math.max(1, Math.ceil(textLength(message) * PSEUDO_GROWTH)))}`, PSEUDO_CLOSE];
}

function lengthenFile(file: string): void {
  const source = readFileSync(file, 'utf8');
  const messages = compiledMessages(source) as Record<string, Compiled>;
  const longer = Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, lengthen(message)]));
  const literal = JSON.stringify(JSON.stringify(longer));
  writeFileSync(file, source.replace(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/, () => `JSON.parse(${literal})`));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = readdirSync(PSEUDO_DIR).filter((name) => name.endsWith('.ts'));
  for (const name of files) lengthenFile(path.join(PSEUDO_DIR, name));
  console.log(`Pseudo-language: ${files.length} catalogs bracketed and ${PSEUDO_GROWTH * 100} % longer`);
}

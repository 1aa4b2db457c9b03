// Issue 48: writes translations into a language's PO catalog from a JSON file of
// `{ "<message id>": "<translation>" }`, leaving every other entry as it is; then `npm run i18n`
// compiles. For a translator working outside a PO editor.
//   npx tsx scripts/i18n/fill-catalog.ts src/locales/de/auth.po translations.json
import { readFileSync, writeFileSync } from 'node:fs';

const [catalog, translations] = process.argv.slice(2);
if (!catalog || !translations) throw new Error('usage: fill-catalog.ts <catalog.po> <translations.json>');
const wanted: Record<string, string> = JSON.parse(readFileSync(translations, 'utf8'));
const po = (s: string) => s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
let filled = 0;
const out = readFileSync(catalog, 'utf8').replace(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "(?:[^"\\]|\\.)*"$/gm, (entry, id: string) => {
  if (!id || !(id in wanted)) return entry;
  filled++;
  return `msgid "${id}"\nmsgstr "${po(wanted[id]!)}"`;
});
writeFileSync(catalog, out);
console.log(`${filled} of ${Object.keys(wanted).length} translations written to ${catalog}`);

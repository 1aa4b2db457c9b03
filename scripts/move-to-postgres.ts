// `npm run move-to-postgres`: copies the embedded database and its files into DATABASE_URL's
// PostgreSQL database (README "PostgreSQL") and checks the row counts table by table.
import { moveToPostgresCommand } from '../src/server/platform/backup/commands';
import { loadConfig } from '../src/server/platform/config';
import { runCommand } from './command-line';

await runCommand(async () => {
  const result = await moveToPostgresCommand(loadConfig());
  console.log('table                          embedded  postgres');
  for (const t of result.tables) console.log(`${t.name.padEnd(30)} ${String(t.embedded).padStart(8)}  ${String(t.postgres).padStart(8)}`);
  console.log(`\nEvery table has the same rows; ${result.files} files copied. The embedded data is kept in ${result.archive}.`);
  console.log('Start Brieflane with the same DATABASE_URL (and STORAGE settings) from now on.');
});

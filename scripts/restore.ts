// `npm run restore -- FILE [--force]`: restores an archive into an empty database (the embedded one
// in DATA_DIR, or DATABASE_URL's) and the configured file storage; an archive of an older release
// is upgraded as it goes in (decision 010).
import { restoreCommand } from '../src/server/platform/backup/commands';
import { loadConfig } from '../src/server/platform/config';
import { runCommand } from './command-line';

await runCommand(async () => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => !a.startsWith('--'));
  if (files.length !== 1) throw new Error('Usage: npm run restore -- FILE [--force]');
  const result = await restoreCommand(loadConfig(), files[0]!, { force });
  const rows = Object.values(result.tables).reduce((n, r) => n + r, 0);
  console.log(`Restored ${rows} rows in ${Object.keys(result.tables).length} tables and ${result.files} files from ${files[0]}.`);
  if (result.upgraded) {
    const { from, to } = result.upgraded;
    console.log(`The archive was at database migration ${from.count} (${from.tag}); the migrations since brought its rows to ${to.count} (${to.tag}).`);
  }
});

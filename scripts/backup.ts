// `npm run backup`: one archive of the database and its files in BACKUP_DIR (default DATA_DIR/backups).
import { backupCommand } from '../src/server/platform/backup/commands';
import { loadConfig } from '../src/server/platform/config';
import { runCommand } from './command-line';

await runCommand(async () => {
  const result = await backupCommand(loadConfig());
  const rows = result.manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(`Backup written: ${result.file}`);
  console.log(`  ${(result.bytes / 1024).toFixed(1)} KiB; ${rows} rows in ${result.manifest.tables.length} tables; ${result.manifest.files.count} files` +
    (result.via === 'server' ? ' (taken by the running server)' : ''));
  if (result.manifest.files.missing.length > 0) console.log(`  ${result.manifest.files.missing.length} stored files were already gone: ${result.manifest.files.missing.join(', ')}`);
});

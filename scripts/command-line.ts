// Runs an admin command: a problem the operator can fix is one line on stderr and exit code 1.
import { ConfigError } from '../src/server/platform/config';
import { BackupError } from '../src/server/platform/backup/backup';
import { RestoreError } from '../src/server/platform/backup/restore';
import { StorageError } from '../src/server/platform/storage/storage';

export async function runCommand(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const known = [ConfigError, BackupError, RestoreError, StorageError].some((kind) => error instanceof kind);
    console.error(known || (error as Error).message?.startsWith('Usage:') ? (error as Error).message : error);
    process.exitCode = 1;
  }
}

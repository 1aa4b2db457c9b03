// Everything Brieflane writes is private to the account that runs it (issue 26): the embedded
// database (its WAL holds pending reset links and session hashes), uploaded files, backups,
// restore folders and the auth secret. A local user of the same machine reads none of it.
//
// Two means, because neither is enough alone:
// - the process umask 077, so every file and folder the app creates is 0600 / 0700 whatever
//   umask it was started with;
// - a walk that tightens what is already there: PGlite unpacks a new database (initdb's output
//   or the build's template) with chmod 0666 from its tarball, past any umask, and an existing
//   installation may predate this rule.
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const OTHERS_BITS = 0o077;

/** New files 0600 and folders 0700 from here on, in this process. */
export function keepNewFilesPrivate(): void {
  process.umask(OTHERS_BITS);
}

/**
 * Folders 0700 and files 0600 under `root` (and root itself) wherever group or others had any
 * bit; symbolic links are left alone (their target's mode is not ours to change). Returns how
 * many entries were changed; a missing root changes nothing.
 */
export function tightenTree(root: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    let info;
    try {
      info = lstatSync(entry);
    } catch {
      return;
    }
    if (info.isSymbolicLink()) return;
    if ((info.mode & OTHERS_BITS) !== 0) {
      chmodSync(entry, info.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
      changed += 1;
    }
    if (info.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return changed;
}

/**
 * What every entry point (the server, each admin command) does first: keeps new files private
 * and tightens the folders it will write to. Says so in one line when an existing installation
 * had readable files.
 */
export function keepDataPrivate(dirs: readonly string[], say: (line: string) => void): number {
  keepNewFilesPrivate();
  const unique = [...new Set(dirs.map((dir) => path.resolve(dir)))];
  const changed = unique.reduce((n, dir) => n + tightenTree(dir), 0);
  if (changed > 0) say(`Made ${changed} files and folders in ${unique.join(' and ')} private to this account (0600 files, 0700 folders).`);
  return changed;
}

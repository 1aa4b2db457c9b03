// `npm start`: run the built server (dist/server/main.js) with node, in this process. It builds
// first (scripts/build.mjs, in a child process so the build's memory is not kept) only when
// dist/ is missing or older than the sources, so a fresh clone works and a restart does not
// rebuild. `node scripts/start.mjs <command> [args]` runs a built admin command instead of the
// server: seed, backup, restore, move-to-postgres (what those npm scripts do), with its args.
// Plain JavaScript so it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What the build reads (db/migrations for the database template; they also apply at start). */
const SOURCES = ['src', 'db/migrations', 'scripts/build.mjs', 'vite.config.ts', 'tsconfig.json'];

function newestChange(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(file)) newest = Math.max(newest, newestChange(path.join(file, name)));
  return newest;
}

function buildTime() {
  try {
    return statSync(path.join(root, 'dist', '.build-stamp')).mtimeMs;
  } catch {
    return undefined;
  }
}

const built = buildTime();
const sourcesChanged = Math.max(...SOURCES.map((source) => newestChange(path.join(root, source))));
if (built === undefined || built < sourcesChanged) {
  console.log(`Building Brieflane first (${built === undefined ? 'dist/ is missing' : 'the sources changed since the last build'})...`);
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('\nThe build failed; see the errors above.');
    process.exit(build.status ?? 1);
  }
}

const COMMANDS = ['seed', 'backup', 'restore', 'move-to-postgres'];
const command = process.argv[2];
if (command !== undefined && !COMMANDS.includes(command)) {
  console.error(`Unknown command "${command}". Usage: node scripts/start.mjs [${COMMANDS.join('|')}] [args]`);
  process.exit(1);
}
// The command reads its own arguments from process.argv.slice(2), as when run by itself.
if (command !== undefined) process.argv.splice(2, 1);
const entry = `${command ?? 'main'}.js`;
// Node >= 22.1 keeps the compiled code of the server's modules on disk and reuses it at the next
// start (issue 35). In the app's own folder, beside the lint cache, never the system's temporary
// folder: a restore or a backup must leave nothing there. A folder it cannot write (a read-only
// install) only means no cache; Node 20 has no such cache and nothing changes.
module.enableCompileCache?.(path.join(root, 'node_modules', '.cache', 'brieflane', 'compile'));
await import(pathToFileURL(path.join(root, 'dist', 'server', entry)).href);
// Written now rather than at exit: a server stopped by SIGKILL would otherwise never keep it.
module.flushCompileCache?.();

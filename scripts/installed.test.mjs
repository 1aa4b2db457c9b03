// What users run, run as they run it (issue 26): on a production install (a built dist/,
// `npm ci --omit=dev`, NODE_ENV=production) every command the README names, checked by its
// result. CI runs it in its production-install copy:
//
//   BRIEFLANE_CHECK_POSTGRES_URL=postgres://user:pass@127.0.0.1:5433/postgres \
//     node --test --test-concurrency=1 scripts/installed.test.mjs
//
// The steps build on each other (the archive of one is restored by the next), so they run in
// order in one file. Plain JavaScript with node:test: a production install has no dev tools.
// Without BRIEFLANE_CHECK_POSTGRES_URL the PostgreSQL steps fail: CI always has a server.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import module from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const postgresUrl = process.env.BRIEFLANE_CHECK_POSTGRES_URL;
const DEMO = { email: 'owner@brieflane.demo', password: 'demo-password' };
/** Each step's own limit: a built server starts in seconds; a busy CI machine takes longer. */
const STEP_MS = 120_000;

const scratch = mkdtempSync(path.join(tmpdir(), 'brieflane-installed-'));
const folder = (name) => path.join(scratch, name);
/** TMPDIR of every command, so a restore's leftovers would show here. */
const commandTmp = folder('tmp');
/**
 * What a command left in TMPDIR. npm itself (on Node >= 22) keeps its own module compile cache
 * there, `node-compile-cache/`, for every npm command: not ours, so not counted. The app's cache
 * lives in node_modules/.cache (scripts/start.mjs), which the start test below checks.
 */
const leftInTmp = () => readdirSync(commandTmp).filter((name) => name !== 'node-compile-cache');
/** Node's module compile cache exists from 22.1 (module.enableCompileCache). */
const hasCompileCache = typeof module.enableCompileCache === 'function';
const appCompileCache = path.join(root, 'node_modules', '.cache', 'brieflane', 'compile');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function baseEnv(extra) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SMTP_URL: '',
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    TMPDIR: commandTmp,
    ...extra,
  };
}

/** `npm run <script> -- args` to its end: exit code and everything it printed. */
function npmRun(script, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], { cwd: root, env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * `npm start` until /api/health answers. In a process group of its own: npm runs the server as
 * its child, and a stop signal goes to the whole group, as systemd or a terminal's Ctrl+C send it.
 */
async function npmStart(env) {
  const port = await freePort();
  const child = spawn('npm', ['start'], { cwd: root, env: baseEnv({ PORT: String(port), ...env }), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // 'close': npm and the server it runs have both ended (they share the output pipes).
  const ended = new Promise((resolve) => child.once('close', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid, 'SIGKILL');
      throw new Error(`npm start did not answer /api/health:\n${output}`);
    }
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    output: () => output,
    /** SIGTERM to the group: resolves once the server said it stopped cleanly and npm ended. */
    stop: async () => {
      if (child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await ended;
      // The server's own last words: it drained, closed the database and exited 0 (main.ts).
      return /"msg":"stopped"/.test(output) && !/shutdown failed/.test(output);
    },
  };
}

async function signIn(base) {
  const response = await fetch(`${base}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
  return response.status;
}

/** Entries under dir (itself included) that group or others may read, write or enter. */
function readableByOthers(dir) {
  const found = [];
  const visit = (entry) => {
    const info = lstatSync(entry);
    if (!info.isSymbolicLink() && (info.mode & 0o077) !== 0) found.push(`${entry} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return found;
}

const archivesIn = (dir) => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.tar.gz')).sort() : []);

async function until(what, check) {
  const deadline = Date.now() + STEP_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A new empty database on CI's PostgreSQL server. */
async function newPostgresDatabase(label) {
  assert.ok(postgresUrl, 'BRIEFLANE_CHECK_POSTGRES_URL names the PostgreSQL server for the move-to-postgres and seed steps');
  const name = `brieflane_installed_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('the production install runs every README command', { concurrency: 1 }, () => {
  const data = folder('data');
  let server;
  let backupRows = 0;
  let stoppedArchive = '';

  before(() => {
    mkdirSync(commandTmp);
    // The data folder exists, readable by all, as an operator may have made it: the start tightens it.
    mkdirSync(data);
    chmodSync(data, 0o755);
  });
  after(async () => {
    if (server) await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  test('npm start serves the API and the web app without building, and writes a scheduled backup', { timeout: STEP_MS * 2 }, async () => {
    server = await npmStart({ DATA_DIR: data, SEED_DEMO: 'true', BACKUP_EVERY_HOURS: '0.0005', BACKUP_KEEP: '2' });
    const page = await fetch(`${server.base}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
    assert.doesNotMatch(server.output(), /Building Brieflane first/);
    assert.equal(await signIn(server.base), 200);
    await until('a scheduled backup', () => server.output().includes('scheduled backup written'));
    assert.ok(archivesIn(path.join(data, 'backups')).length >= 1);
  });

  test('npm run backup while the server runs: the server takes it', { timeout: STEP_MS }, async () => {
    const result = await npmRun('backup', [], { DATA_DIR: data });
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /Backup written: .+\.tar\.gz/);
    assert.match(result.output, /taken by the running server/);
  });

  test('npm run backup while the server runs, with a BACKUP_DIR of its own: the archive lands there', { timeout: STEP_MS }, async () => {
    // Issue 46 point 5: as a new user would try it, a relative folder that does not exist yet.
    const exports = folder('exports');
    const result = await npmRun('backup', [], { DATA_DIR: data, BACKUP_DIR: path.relative(root, exports) });
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /taken by the running server/);
    const written = /Backup written: (.+\.tar\.gz)/.exec(result.output)?.[1] ?? '';
    assert.equal(path.dirname(written), exports, result.output);
    assert.deepEqual(archivesIn(exports), [path.basename(written)]);
    assert.ok(Number(/; (\d+) rows in \d+ tables/.exec(result.output)?.[1]) > 0, result.output);
    assert.deepEqual(readableByOthers(exports), []);
    // The server kept no copy and no staging folder of it.
    assert.ok(!archivesIn(path.join(data, 'backups')).includes(path.basename(written)));
    await until('the server to remove its outgoing copy', () => readdirSync(path.join(data, 'backups')).every((name) => !name.startsWith('.outgoing-')));
  });

  test('the data directory and the backups are private while the server runs', () => {
    assert.deepEqual(readableByOthers(data), []);
  });

  test('the server stops cleanly on SIGTERM', { timeout: STEP_MS }, async () => {
    assert.equal(await server.stop(), true, server.output());
    server = undefined;
    // Issue 35: on Node >= 22.1 the server's compiled modules are kept in the app's own folder.
    if (hasCompileCache) assert.ok(existsSync(appCompileCache) && readdirSync(appCompileCache).length > 0, `no compile cache in ${appCompileCache}`);
  });

  test('npm run backup while the server is stopped', { timeout: STEP_MS }, async () => {
    const result = await npmRun('backup', [], { DATA_DIR: data });
    assert.equal(result.code, 0, result.output);
    assert.doesNotMatch(result.output, /taken by the running server/);
    stoppedArchive = /Backup written: (.+\.tar\.gz)/.exec(result.output)?.[1] ?? '';
    backupRows = Number(/; (\d+) rows in \d+ tables/.exec(result.output)?.[1]);
    assert.ok(existsSync(stoppedArchive), result.output);
    assert.ok(backupRows > 0, result.output);
    assert.equal(lstatSync(stoppedArchive).mode & 0o777, 0o600);
  });

  test('npm run restore into an empty directory gives back every row, leaving no temporary folder', { timeout: STEP_MS }, async () => {
    const restored = folder('restored');
    const result = await npmRun('restore', [stoppedArchive], { DATA_DIR: restored });
    assert.equal(result.code, 0, result.output);
    assert.equal(Number(/Restored (\d+) rows/.exec(result.output)?.[1]), backupRows, result.output);
    assert.deepEqual(leftInTmp(), []);
    assert.deepEqual(readableByOthers(restored), []);
    // The restored directory serves the demo sign-in.
    server = await npmStart({ DATA_DIR: restored, SEED_DEMO: 'false', BACKUP_EVERY_HOURS: '0' });
    assert.equal(await signIn(server.base), 200);
    assert.equal(await server.stop(), true, server.output());
    server = undefined;
  });

  test('a failed restore says why and leaves nothing behind', { timeout: STEP_MS }, async () => {
    const broken = path.join(scratch, 'broken.tar.gz');
    writeFileSync(broken, 'not an archive');
    const target = folder('not-restored');
    const result = await npmRun('restore', [broken], { DATA_DIR: target });
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, /is not a readable Brieflane backup/);
    assert.deepEqual(leftInTmp(), []);
  });

  test('npm run move-to-postgres moves the demo, and the moved database serves its sign-in', { timeout: STEP_MS * 2 }, async () => {
    const url = await newPostgresDatabase('moved');
    const result = await npmRun('move-to-postgres', [], { DATA_DIR: data, DATABASE_URL: url, STORAGE: 'disk' });
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /Every table has the same rows/);
    server = await npmStart({ DATA_DIR: data, DATABASE_URL: url, SEED_DEMO: 'false', BACKUP_EVERY_HOURS: '0' });
    assert.equal(await signIn(server.base), 200);
    assert.equal(await server.stop(), true, server.output());
    server = undefined;
  });

  test('npm run seed seeds an empty PostgreSQL database once', { timeout: STEP_MS * 2 }, async () => {
    const url = await newPostgresDatabase('seeded');
    const seedData = folder('seed-data');
    const first = await npmRun('seed', [], { DATA_DIR: seedData, DATABASE_URL: url });
    assert.equal(first.code, 0, first.output);
    assert.match(first.output, /Seeded the demo organization/);
    const again = await npmRun('seed', [], { DATA_DIR: seedData, DATABASE_URL: url });
    assert.equal(again.code, 0, again.output);
    assert.match(again.output, /already there; nothing to do/);
    server = await npmStart({ DATA_DIR: seedData, DATABASE_URL: url, SEED_DEMO: 'false', BACKUP_EVERY_HOURS: '0' });
    assert.equal(await signIn(server.base), 200);
    assert.equal(await server.stop(), true, server.output());
    server = undefined;
  });
});

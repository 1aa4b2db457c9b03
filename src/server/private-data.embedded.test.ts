// The data directory is private (issue 26): a server started with a permissive umask writes its
// database (WAL included), uploads, backups and secret as 0600 files in 0700 folders, and a start
// on an installation whose files were left readable tightens them, saying so in one log line.
// A local user read a pending reset link out of the WAL before this.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appFiles } from './platform/app-files';

/** Every entry under root whose mode gives group or others anything. */
function readableByOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const info = lstatSync(entry);
    if ((info.mode & 0o077) !== 0) found.push(`${path.relative(root, entry) || '.'} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return found;
}

function everything(root: string): string[] {
  const all: string[] = [];
  const visit = (entry: string) => {
    all.push(entry);
    if (lstatSync(entry).isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return all;
}

type Started = { process: ChildProcess; base: string; output: () => string };

/** The server from the sources, started through a shell whose umask lets everyone read and write. */
async function startWithOpenUmask(dataDir: string): Promise<Started> {
  const child = spawn('sh', ['-c', `umask 000 && exec "$0" "$@"`, path.join(appFiles.root, 'node_modules', '.bin', 'tsx'), 'src/server/main.ts'], {
    cwd: appFiles.root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SEED_DEMO: 'true',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      // A scheduled backup every 1.8 s, so one is written while the test runs.
      BACKUP_EVERY_HOURS: '0.0005',
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  let base = '';
  while (!base) {
    if (Date.now() - started > 90_000 || child.exitCode !== null) throw new Error(`The server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
  }
  return { process: child, base, output: () => output };
}

async function stop(server: Started): Promise<void> {
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
}

async function untilAScheduledBackup(server: Started): Promise<void> {
  const started = Date.now();
  while (!server.output().includes('scheduled backup written')) {
    if (Date.now() - started > 30_000) throw new Error(`No scheduled backup was written:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the data directory', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-private-data-'));
  let server: Started | undefined;
  afterEach(async () => {
    if (server && server.process.exitCode === null) await stop(server);
    server = undefined;
  });

  it('is private after a first start under umask 000: database, WAL, backups and secret', async () => {
    chmodSync(dataDir, 0o777);
    server = await startWithOpenUmask(dataDir);
    // Writes that reach the WAL: a sign-in stores a session.
    const signIn = await fetch(`${server.base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@brieflane.demo', password: 'demo-password' }),
    });
    expect(signIn.status).toBe(200);
    await untilAScheduledBackup(server);
    await stop(server);

    expect(readdirSync(path.join(dataDir, 'backups')).some((name) => name.endsWith('.tar.gz'))).toBe(true);
    expect(readdirSync(path.join(dataDir, 'db', 'pg_wal')).length).toBeGreaterThan(0);
    expect(readableByOthers(dataDir)).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(lstatSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
  }, 150_000);

  it('tightens an installation left readable, in one log line', async () => {
    for (const entry of everything(dataDir)) chmodSync(entry, lstatSync(entry).isDirectory() ? 0o777 : 0o666);
    expect(readableByOthers(dataDir).length).toBeGreaterThan(100);

    server = await startWithOpenUmask(dataDir);
    await stop(server);

    const lines = server.output().split('\n').filter((line) => line.includes('private to this account'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Made \d+ files and folders in .+ private to this account/);
    expect(readableByOthers(dataDir)).toEqual([]);
    rmSync(dataDir, { recursive: true, force: true });
  }, 150_000);
});

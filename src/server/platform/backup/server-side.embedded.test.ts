// The running embedded server takes backups: `npm run backup` finds it through DATA_DIR/server.json
// and asks on a loopback-only route with a key from AUTH_SECRET; it also backs up on a schedule.
// With a BACKUP_DIR of its own the command receives the archive and writes it there itself
// (issue 46 point 5). Restores into its data directory are refused while it runs.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedAgency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';
import { BackupError, listArchives } from './backup';
import { backupCommand, restoreCommand } from './commands';
import { openArchive, RestoreError } from './restore';
import { BACKUP_ARCHIVE_ROUTE, BACKUP_KEY_HEADER, BACKUP_ROUTE, backupKey, serverFilePath } from './server-side';

describe('the running embedded server and npm run backup', () => {
  let t: TestApp;
  let port: number;
  /** The server's BACKUP_DIR: somewhere else than DATA_DIR/backups. */
  const serverBackups = mkdtempSync(path.join(tmpdir(), 'brieflane-server-backups-'));
  /** The command's environment: the server's data directory and secret, and BACKUP_DIR as given. */
  const commandConfig = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: t.config.dataDir, AUTH_SECRET: t.config.authSecret, LOG_LEVEL: 'silent', ...env });
  const outgoing = () => readdirSync(serverBackups).filter((name) => name.startsWith('.outgoing-') || name.startsWith('.partial-'));

  beforeAll(async () => {
    // Every 0.0005 h = 1.8 s, keeping 1: long enough for the other tests, short enough to watch.
    t = await createTestApp({ embedded: true, env: { BACKUP_DIR: serverBackups, BACKUP_EVERY_HOURS: '0.0005', BACKUP_KEEP: '1' } });
    await seedAgency(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('announces itself in DATA_DIR/server.json while it listens', () => {
    expect(JSON.parse(readFileSync(serverFilePath(t.config), 'utf8'))).toEqual({ pid: process.pid, port });
  });

  it('takes the backup on its own connection when the CLI asks, into its own BACKUP_DIR when the command names none', async () => {
    const result = await backupCommand(commandConfig());
    expect(result.via).toBe('server');
    expect(path.dirname(result.file)).toBe(serverBackups);
    expect(existsSync(result.file)).toBe(true);
    expect(result.manifest.tables.find((table) => table.name === 'projects')!.rows).toBe(2);
  });

  it('writes the archive into the BACKUP_DIR the command was given, privately, and leaves none with the server (issue 46 point 5)', async () => {
    const exports = path.join(mkdtempSync(path.join(tmpdir(), 'brieflane-exports-')), 'exports');
    const result = await backupCommand(commandConfig({ BACKUP_DIR: exports }));
    expect(result.via).toBe('server');
    expect(path.dirname(result.file)).toBe(exports);
    expect(path.basename(result.file)).toMatch(/^brieflane-[0-9TZ-]+\.tar\.gz$/);
    expect(readdirSync(exports)).toEqual([path.basename(result.file)]);
    expect(statSync(exports).mode & 0o777).toBe(0o700);
    expect(statSync(result.file).mode & 0o777).toBe(0o600);
    expect(result.bytes).toBe(statSync(result.file).size);
    expect(result.manifest.tables.find((table) => table.name === 'projects')!.rows).toBe(2);
    // A whole archive a restore accepts.
    const archive = await openArchive(result.file);
    expect(archive.manifest).toEqual(result.manifest);
    await archive.close();
    // The server kept no copy of it (its scheduled backups have other names) and no staging folder.
    expect(existsSync(path.join(serverBackups, path.basename(result.file)))).toBe(false);
    await vi.waitFor(() => expect(outgoing()).toEqual([]));
  });

  it('says why when it cannot write where it was told, leaving nothing', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'brieflane-not-a-dir-')), 'file');
    writeFileSync(file, 'not a folder');
    const error = await backupCommand(commandConfig({ BACKUP_DIR: path.join(file, 'exports') })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(new RegExp(`^The backup could not be written to ${path.join(file, 'exports')}: `));
    await vi.waitFor(() => expect(outgoing()).toEqual([]));
  });

  it('hides the route from anyone without the key or not on loopback', async () => {
    const key = backupKey(t.config);
    const cases: { headers: Record<string, string> }[] = [
      { headers: {} },
      { headers: { [BACKUP_KEY_HEADER]: 'f'.repeat(64) } },
      // Through a proxy on this machine: a client elsewhere.
      { headers: { [BACKUP_KEY_HEADER]: key, 'x-forwarded-for': '203.0.113.9' } },
      { headers: { [BACKUP_KEY_HEADER]: key, 'x-real-ip': '203.0.113.9' } },
      { headers: { [BACKUP_KEY_HEADER]: key, via: '1.1 proxy.example.com' } },
    ];
    for (const route of [BACKUP_ROUTE, BACKUP_ARCHIVE_ROUTE]) {
      for (const { headers } of cases) {
        const res = await fetch(`http://127.0.0.1:${port}${route}`, { method: 'POST', headers });
        expect(res.status, `${route} ${JSON.stringify(headers)}`).toBe(404);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
      }
      const remote = await t.app.inject({ method: 'POST', url: route, headers: { [BACKUP_KEY_HEADER]: key }, remoteAddress: '198.51.100.4' });
      expect(remote.statusCode).toBe(404);
    }
  });

  it('refuses a restore into its data directory while it runs', async () => {
    const [archive] = await listArchives(t.config.backup.dir);
    const error = await restoreCommand(t.config, archive!, { force: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as Error).message).toBe(`The Brieflane server (process ${process.pid}) is running on ${t.config.dataDir}; stop it before restoring into it.`);
  });

  it('backs up on its schedule and keeps BACKUP_KEEP archives', async () => {
    const first = (await listArchives(t.config.backup.dir))[0];
    await vi.waitFor(
      async () => {
        const now = await listArchives(t.config.backup.dir);
        expect(now).toHaveLength(1);
        expect(now[0]).not.toBe(first);
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(readdirSync(t.config.backup.dir).filter((n) => n.startsWith('.partial-'))).toEqual([]);
  });

  it('forgets server.json when it closes', async () => {
    await t.app.close();
    expect(existsSync(serverFilePath(t.config))).toBe(false);
  });
});

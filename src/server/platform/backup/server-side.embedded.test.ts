// The running embedded server takes backups: `npm run backup` finds it through DATA_DIR/server.json
// and asks on a loopback-only route with a key from AUTH_SECRET; it also backs up on a schedule.
// Restores into its data directory are refused while it runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedAgency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listArchives } from './backup';
import { backupCommand, restoreCommand } from './commands';
import { RestoreError } from './restore';
import { BACKUP_KEY_HEADER, BACKUP_ROUTE, backupKey, serverFilePath } from './server-side';

describe('the running embedded server and npm run backup', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // Every 0.0005 h = 1.8 s, keeping 1: long enough for the other tests, short enough to watch.
    t = await createTestApp({ embedded: true, env: { BACKUP_EVERY_HOURS: '0.0005', BACKUP_KEEP: '1' } });
    await seedAgency(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('announces itself in DATA_DIR/server.json while it listens', () => {
    expect(JSON.parse(readFileSync(serverFilePath(t.config), 'utf8'))).toEqual({ pid: process.pid, port });
  });

  it('takes the backup on its own connection when the CLI asks', async () => {
    const result = await backupCommand(t.config);
    expect(result.via).toBe('server');
    expect(path.dirname(result.file)).toBe(t.config.backup.dir);
    expect(existsSync(result.file)).toBe(true);
    expect(result.manifest.tables.find((table) => table.name === 'projects')!.rows).toBe(2);
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
    for (const { headers } of cases) {
      const res = await fetch(`http://127.0.0.1:${port}${BACKUP_ROUTE}`, { method: 'POST', headers });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    const remote = await t.app.inject({ method: 'POST', url: BACKUP_ROUTE, headers: { [BACKUP_KEY_HEADER]: key }, remoteAddress: '198.51.100.4' });
    expect(remote.statusCode).toBe(404);
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

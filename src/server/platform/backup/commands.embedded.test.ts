// `npm run restore` into an empty embedded data directory, and `npm run backup` when no server
// runs: a failed restore removes the database it created, so the directory is empty again. And an
// archive a running server sends that does not arrive whole is not kept (issue 46 point 5).
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { localDiskStorage } from '../storage/storage';
import { BackupError, createBackup } from './backup';
import { backupCommand, restoreCommand } from './commands';
import { countRows, RestoreError } from './restore';
import { serverFilePath } from './server-side';
import { inTransaction } from './snapshot';

const configFor = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'command-test-secret-command-test-secret', LOG_LEVEL: 'silent' });

describe('restore and backup commands on an embedded data directory', () => {
  let source: TestApp;
  let archive: string;
  let counts: Record<string, number>;

  beforeAll(async () => {
    source = await createTestApp();
    await seedAgency(source);
    const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-cmd-backups-'));
    archive = (await createBackup({ database: source.database, storage: localDiskStorage(path.join(source.config.dataDir, 'files')), dir })).file;
    counts = await inTransaction(source.database, 'snapshot', countRows);
  });
  afterAll(() => source.close());

  it('a failed restore leaves the new data directory without a database', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'brieflane-damaged-'));
    await tar.x({ file: archive, cwd: work });
    // A row the database refuses (an unknown role) half way through the tables.
    const profiles = path.join(work, 'db', 'profiles.jsonl');
    writeFileSync(profiles, readFileSync(profiles, 'utf8').replace(/"role":"[a-z_]+"/, '"role":"owner"'));
    const damaged = path.join(work, 'damaged.tar.gz');
    await tar.c({ gzip: true, cwd: work, file: damaged }, ['manifest.json', 'db']);

    const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-restore-target-'));
    const error = await restoreCommand(configFor(dataDir), damaged, { force: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as Error).message).toBe(
      'The restore failed and nothing was changed: new row for relation "profiles" violates check constraint "profiles_role_check"',
    );
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(readdirSync(dataDir).filter((n) => n !== 'auth-secret')).toEqual([]);
  }, 180_000);

  it('restores into an empty data directory, and backs it up directly when no server runs', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-restore-target-'));
    const config = configFor(dataDir);
    const result = await restoreCommand(config, archive, { force: false });
    expect(result.tables).toEqual(counts);

    const again = await backupCommand(config);
    expect(again.via).toBe('direct');
    expect(Object.fromEntries(again.manifest.tables.map((t) => [t.name, t.rows]))).toEqual(counts);

    const database = await openDatabase({ dataDir });
    try {
      expect(await inTransaction(database, 'snapshot', countRows)).toEqual(counts);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('keeps nothing of an archive the server did not send whole, and says so', async () => {
    const whole = readFileSync(archive);
    const half = whole.subarray(0, Math.floor(whole.length / 2));
    // A stand-in for the running server: the connection drops half way, or a cut archive arrives.
    const answers = [
      { length: whole.length, body: half },
      { length: half.length, body: half },
    ];
    let next = 0;
    const fake = createServer((_request, response) => {
      const answer = answers[next++]!;
      response.writeHead(200, {
        'content-type': 'application/gzip',
        'content-length': String(answer.length),
        'content-disposition': 'attachment; filename="brieflane-2026-01-01T00-00-00-000Z.tar.gz"',
      });
      if (answer.length === answer.body.length) response.end(answer.body);
      // The headers and half the body on their way, then the connection drops.
      else response.write(answer.body, () => setTimeout(() => response.destroy(), 50));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-cut-'));
      const exports = path.join(dataDir, 'exports');
      const config = loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: exports, AUTH_SECRET: 'command-test-secret-command-test-secret', LOG_LEVEL: 'silent' });
      writeFileSync(serverFilePath(config), JSON.stringify({ pid: process.pid, port: (fake.address() as AddressInfo).port }));
      for (const _ of answers) {
        const error = await backupCommand(config).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BackupError);
        expect((error as Error).message).toMatch(new RegExp(`^The archive could not be received into ${exports}: .+\\. Nothing was kept\\.$`));
        expect(readdirSync(exports)).toEqual([]);
      }
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});

// `npm run restore` into an empty embedded data directory, and `npm run backup` when no server
// runs: a failed restore removes the database it created, so the directory is empty again.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { localDiskStorage } from '../storage/storage';
import { createBackup } from './backup';
import { backupCommand, restoreCommand } from './commands';
import { countRows, RestoreError } from './restore';
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
});

// Restoring an archive of another migration level (decision 010) with restoreCommand, what
// `npm run restore` runs, into a new target and with --force over one holding data; on the
// embedded database, or with TEST_DATABASE_URL on PostgreSQL. An archive from a newer level is
// refused before the target is touched. An older one (the oldest upgrade fixture) is upgraded in
// the restore's transaction, and when the upgrade fails, before its rows go in or in a later
// migration over them, the target is left as it was.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openUnmigrated, schemaOf } from '../../test/database-schema';
import { createPostgresDatabase } from '../../test/test-app';
import { listUpgradeFixtures, upgradeFixtureExpectationsSchema } from '../../test/upgrade-fixtures';
import { loadConfig, type Config } from '../config';
import { restoreCommand } from './commands';
import { appMigrationLevel, appMigrationTags } from './manifest';
import { RestoreError } from './restore';
import { inTransaction, listTables, quoteIdent } from './snapshot';

/** When on, this version's last migration fails at its end, after its own statements ran. */
const lastMigration = vi.hoisted(() => ({ fails: false }));
vi.mock('./upgrade', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./upgrade')>();
  return {
    ...actual,
    appMigrations: () => {
      const migrations = actual.appMigrations();
      if (!lastMigration.fails) return migrations;
      const last = migrations.at(-1)!;
      return [...migrations.slice(0, -1), { ...last, sql: [...last.sql, 'create table upgrade_probe (id int)', 'select 1 / 0'] }];
    },
  };
});

const fixture = listUpgradeFixtures()[0]!;
const expected = upgradeFixtureExpectationsSchema.parse(JSON.parse(readFileSync(fixture.expectations, 'utf8')));
const level = appMigrationLevel();
/** This test's own folders: the system's temporary folder as it was before the test watched it. */
const scratch = tmpdir();

/** The fixture with its manifest's migration level changed (and nothing else). */
async function relabelled(migration: { count: number; tag: string }): Promise<string> {
  const dir = mkdtempSync(path.join(scratch, 'brieflane-relabel-'));
  await tar.x({ file: fixture.archive, cwd: dir });
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  manifest.migration = migration;
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const out = path.join(mkdtempSync(path.join(scratch, 'brieflane-relabelled-')), 'relabelled.tar.gz');
  await tar.c({ gzip: true, cwd: dir, file: out }, readdirSync(dir));
  rmSync(dir, { recursive: true, force: true });
  relabelledArchives.push(path.dirname(out));
  return out;
}
const relabelledArchives: string[] = [];

type Target = { config: Config; dataDir: string; url?: string; remove: () => Promise<void> };

/** A new data directory, and with TEST_DATABASE_URL a new PostgreSQL database. */
async function newTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(scratch, 'brieflane-upgrade-target-'));
  const fresh = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: expected.authSecret, LOG_LEVEL: 'silent', ...(fresh ? { DATABASE_URL: fresh.url } : {}) });
  return {
    config,
    dataDir,
    url: fresh?.url,
    remove: async () => {
      await fresh?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type TargetState = { rows: Record<string, string[]>; schema: Record<string, string[]> | null; files: string[] };

/** Every row, the schema and the stored files of a target; null for a data directory with no database. */
async function stateOf(target: Target): Promise<TargetState | null> {
  const filesDir = path.join(target.dataDir, 'files');
  const files = existsSync(filesDir) ? readdirSync(filesDir, { recursive: true, encoding: 'utf8' }).sort() : [];
  if (!target.url && !existsSync(path.join(target.dataDir, 'db'))) {
    expect(files, 'files without a database').toEqual([]);
    return null;
  }
  const database = await openUnmigrated(target.url ? { url: target.url } : { dataDir: target.dataDir });
  try {
    return await inTransaction(database, 'snapshot', async (query) => {
      const rows: Record<string, string[]> = {};
      for (const table of await listTables(query)) {
        rows[table.name] = (await query(`select row_to_json(t)::text as j from ${quoteIdent(table.name)} t`)).map((r) => r.j as string).sort();
      }
      const [bookkeeping] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
      return { rows, schema: bookkeeping?.present ? await schemaOf(query) : null, files };
    });
  } finally {
    await database.close();
  }
}

/** What a new target holds after a refused or failed restore: nothing at all, or (PostgreSQL, migrated when opened) empty tables. */
function expectNothingRestored(state: TargetState | null, target: Target) {
  if (!target.url) {
    expect(state).toBeNull();
    expect(existsSync(path.join(target.dataDir, 'files'))).toBe(false);
    return;
  }
  expect(Object.entries(state!.rows).filter(([, rows]) => rows.length > 0)).toEqual([]);
  expect(state!.files).toEqual([]);
}

const restoreError = (target: Target, file: string, force: boolean) =>
  restoreCommand(target.config, file, { force }).then(
    () => expect.unreachable('the restore went through'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(RestoreError);
      return (error as Error).message;
    },
  );

describe('restoring an archive of another migration level', () => {
  const unpackDir = mkdtempSync(path.join(scratch, 'brieflane-unpack-'));
  const tmpBefore = process.env.TMPDIR;
  let held: Target;
  let heldState: TargetState | null;
  const targets: Target[] = [];

  beforeAll(async () => {
    // restoreCommand unpacks an archive in the system's temporary folder: this one, watched.
    process.env.TMPDIR = unpackDir;
    expect(expected.migration.count, 'the oldest fixture is older than this version').toBeLessThan(level.count);
    held = await newTarget();
    targets.push(held);
    const result = await restoreCommand(held.config, fixture.archive, { force: false });
    expect(result.upgraded).toEqual({ from: expected.migration, to: level });
    heldState = await stateOf(held);
  }, 240_000);

  afterAll(async () => {
    if (tmpBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpBefore;
    for (const target of targets) await target.remove();
    for (const dir of relabelledArchives) rmSync(dir, { recursive: true, force: true });
    rmSync(unpackDir, { recursive: true, force: true });
  });

  it('refuses an archive from a newer migration level with its message, before touching either target', async () => {
    const newer = await relabelled({ count: level.count + 1, tag: '9999_future' });
    const message =
      `${newer} was made by Brieflane 0.1.0 at database migration ${level.count + 1} (9999_future); ` +
      `this is Brieflane at migration ${level.count} (${level.tag}). Restore it with that version or a newer one.`;
    const target = await newTarget();
    targets.push(target);
    expect(await restoreError(target, newer, false)).toBe(message);
    const untouched = await stateOf(target);
    if (target.url) expect(untouched).toEqual({ rows: {}, schema: null, files: [] });
    else expectNothingRestored(untouched, target);

    expect(await restoreError(held, newer, true)).toBe(message);
    expect(await stateOf(held)).toEqual(heldState);
    expect(readdirSync(unpackDir)).toEqual([]);
  });

  it('upgrades an older archive over a target holding data (--force), as into a new one', async () => {
    const result = await restoreCommand(held.config, fixture.archive, { force: true });
    expect(result.upgraded).toEqual({ from: expected.migration, to: level });
    expect(result.tables).toEqual(expected.rows);
    const state = await stateOf(held);
    expect(state).toEqual(heldState);
    expect(state!.schema!.migrations).toHaveLength(level.count);
    expect(Object.fromEntries(Object.entries(state!.rows).filter(([table]) => table in expected.rows).map(([table, rows]) => [table, rows.length]))).toEqual(expected.rows);
    expect(readdirSync(unpackDir)).toEqual([]);
  }, 120_000);

  it('refuses an older archive whose rows are not of its level after taking the schema down, and puts it back', async () => {
    // The fixture's rows, but claiming the level before its own: a table they fill is not made yet.
    const count = expected.migration.count - 1;
    const claimed = await relabelled({ count, tag: appMigrationTags()[count - 1]! });
    expect(await restoreError(held, claimed, true)).toMatch(new RegExp(`^The archive has a table that database migration ${count} does not make: [a-z_]+\\.$`));
    expect(await stateOf(held)).toEqual(heldState);
    expect(readdirSync(unpackDir)).toEqual([]);
  }, 120_000);

  it('refuses an older archive from another line of releases (its tag is not ours at its level)', async () => {
    const foreign = await relabelled({ count: expected.migration.count, tag: '0016_something_else' });
    expect(await restoreError(held, foreign, true)).toBe(
      `${foreign} was made by Brieflane 0.1.0 at database migration ${expected.migration.count} (0016_something_else), ` +
        `but migration ${expected.migration.count} of this version is ${appMigrationTags()[expected.migration.count - 1]}: ` +
        'it is not an archive of an earlier Brieflane release, so it cannot be upgraded.',
    );
    expect(await stateOf(held)).toEqual(heldState);
  });

  it('rolls the whole restore back when a later migration fails over the restored rows', async () => {
    lastMigration.fails = true;
    try {
      const target = await newTarget();
      targets.push(target);
      expect(await restoreError(target, fixture.archive, false)).toBe('The restore failed and nothing was changed: division by zero');
      expectNothingRestored(await stateOf(target), target);

      expect(await restoreError(held, fixture.archive, true)).toBe('The restore failed and nothing was changed: division by zero');
      // Its schema too: the probe table the failing migration made is gone with the rest.
      expect(await stateOf(held)).toEqual(heldState);
    } finally {
      lastMigration.fails = false;
    }
    expect(readdirSync(unpackDir)).toEqual([]);
  }, 120_000);
});

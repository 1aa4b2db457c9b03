// Restores an archive into an empty database (embedded or PostgreSQL) and the configured file
// storage. Everything or nothing: the files are stored first, the rows inserted in one
// transaction, and on any failure the stored files are removed again (and an embedded database
// this restore created is deleted), so no partial restore is left behind. An archive from an
// older migration level is upgraded in that same transaction (./upgrade.ts); one from a newer
// level is refused.
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import * as tar from 'tar';
import type { DatabaseHandle } from '../db/client';
import type { Storage } from '../storage/storage';
import { appMigrationLevel, appMigrationTags, manifestSchema, STORED_KEYS, type Manifest } from './manifest';
import { DERIVED_TABLES, inTransaction, listTables, quoteIdent, type Query } from './snapshot';
import { applyMigrations, appMigrations, dropAppSchema } from './upgrade';

const INSERT_ROWS = 500;

/** A problem the operator can act on: the message is the whole story. */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

export type OpenedArchive = { dir: string; manifest: Manifest; close: () => Promise<void> };

/** Unpacks an archive into a temporary directory and checks its manifest against this app. */
export async function openArchive(file: string, workDir = tmpdir()): Promise<OpenedArchive> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new RestoreError(`${file} does not exist or is not a file.`);
  const dir = await mkdtemp(path.join(workDir, 'brieflane-restore-'));
  // Retries: a failed extraction may still be finishing a write when it rejects.
  const close = () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  // Any failure below, expected or not, leaves no unpacked archive behind (issue 26).
  try {
    try {
      await tar.x({
        file,
        cwd: dir,
        strict: true,
        // Only the archive's own layout, never a path that climbs out or a link.
        filter: (p, entry) => /^(manifest\.json|db\/?|db\/[a-z0-9_]+\.jsonl|files\/?|files\/[0-9a-f-]{36}\/?|files\/[0-9a-f-]{36}\/[A-Za-z0-9_.-]+)$/.test(p.replace(/^\.\//, '')) && (!('type' in entry) || entry.type === 'File' || entry.type === 'Directory'),
      });
    } catch (error) {
      throw new RestoreError(`${file} is not a readable Brieflane backup (${(error as Error).message}).`);
    }
    const text = await readFile(path.join(dir, 'manifest.json'), 'utf8').catch(() => null);
    if (text === null) throw new RestoreError(`${file} is not a Brieflane backup: it has no manifest.json.`);
    let parsed: ReturnType<typeof manifestSchema.safeParse>;
    try {
      parsed = manifestSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = manifestSchema.safeParse(undefined);
    }
    if (!parsed.success) {
      throw new RestoreError(`${file} is not a Brieflane backup this version can read: its manifest.json is not one (${parsed.error.issues[0]?.message ?? 'unreadable'}).`);
    }
    const manifest = parsed.data;
    const level = appMigrationLevel();
    const made = `${file} was made by Brieflane ${manifest.appVersion} at database migration ${manifest.migration.count} (${manifest.migration.tag})`;
    if (manifest.migration.count > level.count) {
      throw new RestoreError(`${made}; this is Brieflane at migration ${level.count} (${level.tag}). Restore it with that version or a newer one.`);
    }
    if (manifest.migration.count < level.count) {
      // Older: upgraded on restore. Its level is the first `count` migrations of our journal;
      // the tag it names must be ours at that place, or it comes from another line of releases.
      const ours = appMigrationTags()[manifest.migration.count - 1] ?? '';
      if (manifest.migration.tag !== ours && manifest.migration.tag !== `#${manifest.migration.count}`) {
        throw new RestoreError(`${made}, but migration ${manifest.migration.count} of this version is ${ours || 'none'}: it is not an archive of an earlier Brieflane release, so it cannot be upgraded.`);
      }
    }
    for (const table of manifest.tables) {
      if (!existsSync(path.join(dir, 'db', `${table.name}.jsonl`))) {
        throw new RestoreError(`${file} is damaged: the rows of ${table.name} are missing.`);
      }
    }
    return { dir, manifest, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Rows in each app table; a database is empty when every count is 0. */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(query)) {
    const [row] = await query(`select count(*)::int as n from ${quoteIdent(table.name)}`);
    counts[table.name] = Number(row?.n ?? 0);
  }
  return counts;
}

async function* jsonlBatches(file: string): AsyncGenerator<string[]> {
  const lines = readline.createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let batch: string[] = [];
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export type RestoreOptions = {
  archive: OpenedArchive;
  database: DatabaseHandle;
  storage: Storage;
  /** Replace what the target holds instead of refusing a non-empty one. */
  force?: boolean;
  /** The target storage already holds the archive's objects (the same disk or bucket): none are copied. */
  sameStorage?: boolean;
};

export type RestoreResult = {
  tables: Record<string, number>;
  files: number;
  /** An archive from an older migration level: the level it had and the one it was brought to. */
  upgraded?: { from: Manifest['migration']; to: Manifest['migration'] };
};

export async function restoreArchive({ archive, database, storage, force = false, sameStorage = false }: RestoreOptions): Promise<RestoreResult> {
  const { manifest, dir } = archive;
  const level = appMigrationLevel();
  if (manifest.migration.count > level.count) throw new RestoreError(`The archive is from database migration ${manifest.migration.count}; this version is at ${level.count}.`);
  // An older archive: the schema at its level is made for its rows, the later migrations run after.
  const upgradeFrom = manifest.migration.count < level.count ? manifest.migration.count : null;
  const before = await inTransaction(database, 'snapshot', async (query) => ({
    counts: await countRows(query),
    keys: (await query(STORED_KEYS)).map((r) => r.k as string),
  }));
  const nonEmpty = Object.entries(before.counts).filter(([, n]) => n > 0);
  if (nonEmpty.length > 0 && !force) {
    throw new RestoreError(
      `The target database is not empty (${nonEmpty.map(([t, n]) => `${t}: ${n}`).slice(0, 4).join(', ')}${nonEmpty.length > 4 ? ', ...' : ''}). ` +
        'Restore into an empty one, or add --force to replace everything in it.',
    );
  }

  // Files first: a failure here leaves the database untouched and removes what was stored.
  const stored: string[] = [];
  const filesDir = path.join(dir, 'files');
  const keptKeys = new Set(before.keys);
  const removeStored = async () => {
    for (const key of stored) await storage.remove(key).catch(() => {});
  };
  try {
    // The objects the rows name: files, and (issue 33) every version and its thumbnail.
    const keyColumns: [string, string[]][] = [
      ['project_files', ['storage_path']],
      ['file_versions', ['storage_path', 'thumbnail_path']],
    ];
    const seen = new Set<string>();
    for (const [table, columns] of keyColumns) {
      const fileRows = path.join(dir, 'db', `${table}.jsonl`);
      if (sameStorage || !existsSync(filesDir) || !existsSync(fileRows)) continue;
      for await (const batch of jsonlBatches(fileRows)) {
        for (const line of batch) for (const column of columns) {
          const key = (JSON.parse(line) as Record<string, string | null | undefined>)[column];
          if (!key || seen.has(key) || manifest.files.missing.includes(key)) continue;
          seen.add(key);
          const file = path.join(filesDir, key);
          if (!existsSync(file)) throw new RestoreError(`The archive is damaged: the stored file ${key} is missing.`);
          // An object the target already has under the same key (a --force restore of the same data) stays.
          if (keptKeys.has(key)) continue;
          await storage.put(key, createReadStream(file));
          stored.push(key);
        }
      }
    }

    const tables = await inTransaction(database, 'write', async (query) => {
      const migrations = upgradeFrom === null ? [] : appMigrations();
      if (upgradeFrom !== null) {
        // What the target holds (empty, or replaced with --force) goes with its schema.
        await dropAppSchema(query);
        await applyMigrations(query, migrations.slice(0, upgradeFrom));
      }
      const present = await listTables(query);
      const presentNames = new Set(present.map((t) => t.name));
      for (const table of manifest.tables) {
        if (presentNames.has(table.name)) continue;
        if (upgradeFrom !== null) throw new RestoreError(`The archive has a table that database migration ${upgradeFrom} does not make: ${table.name}.`);
        throw new RestoreError(`The archive has a table this version does not know: ${table.name}.`);
      }
      if (force && present.length > 0) await query(`truncate table ${present.map((t) => quoteIdent(t.name)).join(', ')} cascade`);
      // As pg_dump does: rows first, then the plain indexes. Built once over all the rows, the
      // trigram (GIN) indexes cost a fraction of updating them row by row.
      const indexes = await query(
        `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
           from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and not i.indisunique and not i.indisprimary
            and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      );
      for (const index of indexes) await query(`drop index ${index.name as string}`);
      const counts: Record<string, number> = {};
      for (const table of manifest.tables) {
        const columns = table.columns.filter((c) => present.find((t) => t.name === table.name)!.columns.includes(c));
        const list = columns.map(quoteIdent).join(', ');
        let rows = 0;
        for await (const batch of jsonlBatches(path.join(dir, 'db', `${table.name}.jsonl`))) {
          await query(
            `insert into ${quoteIdent(table.name)} (${list}) select ${list} from json_populate_recordset(null::${quoteIdent(table.name)}, $1::json)`,
            [`[${batch.join(',')}]`],
          );
          rows += batch.length;
        }
        if (rows !== table.rows) throw new RestoreError(`The archive is damaged: ${table.name} has ${rows} rows, its manifest says ${table.rows}.`);
        counts[table.name] = rows;
      }
      for (const index of indexes) await query(index.def as string);
      // The migrations since the archive's level run over its rows, as at a start of this version.
      if (upgradeFrom !== null) await applyMigrations(query, migrations.slice(upgradeFrom));
      // What the triggers wrote while the rows went in, and whatever a --force target held, is
      // replaced by a count of the restored rows.
      for (const rebuild of Object.values(DERIVED_TABLES)) await query(rebuild);
      return counts;
    });

    // Replaced data: its objects go once the new rows are in (best effort, like a deleted project).
    if (force) {
      const now = new Set(stored);
      for (const key of before.keys) if (!now.has(key) && !(await referenced(database, key))) await storage.remove(key).catch(() => {});
    }
    return { tables, files: stored.length, ...(upgradeFrom === null ? {} : { upgraded: { from: manifest.migration, to: level } }) };
  } catch (error) {
    await removeStored();
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`The restore failed and nothing was changed: ${(error as Error).message}`, { cause: error });
  }
}

async function referenced(database: DatabaseHandle, key: string): Promise<boolean> {
  return inTransaction(database, 'snapshot', async (query) => (await query(`select 1 from (${STORED_KEYS}) keys where k = $1`, [key])).length > 0);
}

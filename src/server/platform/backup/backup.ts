// Writes one backup archive: manifest.json, db/<table>.jsonl (one JSON object per row, dumped
// inside one REPEATABLE READ snapshot) and files/<key> for every stored object a row names.
// The archive is a gzipped tar (decision 010). It is built in a hidden staging directory beside
// its destination and renamed into place only when complete, so a failed backup (a full disk)
// leaves nothing behind that looks like an archive.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';
import type { DatabaseHandle } from '../db/client';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';
import type { Storage } from '../storage/storage';
import { appMigrationLevel, appVersion, ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, manifestSchema, STORED_KEYS, type Manifest } from './manifest';
import { inTransaction, listTables, quoteIdent, type Query } from './snapshot';

const FETCH_ROWS = 2000;
export const ARCHIVE_PREFIX = 'brieflane-';
export const ARCHIVE_SUFFIX = '.tar.gz';

export type BackupOptions = {
  database: DatabaseHandle;
  storage: Storage;
  dir: string;
  now?: Date;
  /** Opens every file the backup writes (tests pass one on /dev/full to fill the disk). */
  openWrite?: (file: string) => Writable;
};

export type BackupResult = { file: string; bytes: number; manifest: Manifest };

export class BackupError extends Error {
  override name = 'BackupError';
}

async function writeLines(out: Writable, lines: AsyncIterable<string>): Promise<void> {
  for await (const line of lines) {
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function databaseMigrationCount(query: Query): Promise<number> {
  const rows = await query(`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n ?? 0);
}

function archiveName(now: Date): string {
  return `${ARCHIVE_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}${ARCHIVE_SUFFIX}`;
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { database, storage, dir } = options;
  const openWrite = options.openWrite ?? ((file: string) => createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
  const now = options.now ?? new Date();
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const staging = await mkdtemp(path.join(dir, '.partial-'));
  const target = path.join(dir, archiveName(now));
  const partial = `${target}.partial`;
  try {
    await mkdir(path.join(staging, 'db'));
    const { tables, keys, migrationCount } = await inTransaction(database, 'snapshot', async (query) => {
      const list = await listTables(query);
      const counted: Manifest['tables'] = [];
      for (const table of list) {
        const out = openWrite(path.join(staging, 'db', `${table.name}.jsonl`));
        const failed = new Promise<never>((_, reject) => out.once('error', reject));
        let rows = 0;
        const cursor = `backup_${table.name}`;
        await query(`declare ${quoteIdent(cursor)} no scroll cursor for select row_to_json(t)::text as j from ${quoteIdent(table.name)} t`);
        async function* lines() {
          for (;;) {
            const batch = await query(`fetch ${FETCH_ROWS} from ${quoteIdent(cursor)}`);
            if (batch.length === 0) return;
            rows += batch.length;
            yield batch.map((r) => `${r.j as string}\n`).join('');
          }
        }
        await Promise.race([writeLines(out, lines()), failed]);
        await query(`close ${quoteIdent(cursor)}`);
        counted.push({ name: table.name, columns: table.columns, rows });
      }
      const stored = await query(`${STORED_KEYS} order by k`);
      return { tables: counted, keys: stored.map((r) => r.k as string), migrationCount: await databaseMigrationCount(query) };
    });

    // The objects are read after the snapshot ends, so the embedded database is not held up
    // by file copying. An object removed since (its row deleted after the snapshot) is listed.
    const missing: string[] = [];
    let fileBytes = 0;
    let fileCount = 0;
    for (const key of keys) {
      const source = await storage.read(key);
      if (!source) {
        missing.push(key);
        continue;
      }
      const file = path.join(staging, 'files', key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(source, openWrite(file));
      fileBytes += (await stat(file)).size;
      fileCount += 1;
    }

    const level = appMigrationLevel();
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: appVersion(),
      migration: { count: migrationCount, tag: migrationCount === level.count ? level.tag : `#${migrationCount}` },
      createdAt: now.toISOString(),
      source: database.kind,
      tables,
      files: { count: fileCount, bytes: fileBytes, missing },
    };
    await writeLines(openWrite(path.join(staging, 'manifest.json')), (async function* () {
      yield `${JSON.stringify(manifest, null, 2)}\n`;
    })());

    const entries = ['manifest.json', 'db', ...(fileCount > 0 ? ['files'] : [])];
    await pipeline(tar.c({ gzip: true, cwd: staging, portable: true }, entries), openWrite(partial));
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, manifest };
  } catch (error) {
    await rm(partial, { force: true });
    throw writeFailure(error, dir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** What the operator reads when an archive could not be written to `dir`: the disk, the folder. */
export function writeFailure(error: unknown, dir: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return new BackupError(`The backup could not be written: the disk holding ${dir} is full. Nothing was kept.`, { cause: error });
  if (code === 'EACCES' || code === 'EROFS' || code === 'ENOTDIR' || code === 'EEXIST') {
    return new BackupError(`The backup could not be written to ${dir}: ${(error as Error).message}`, { cause: error });
  }
  return error;
}

/** The manifest an archive starts with, read through the whole archive (a cut one fails). */
export async function readArchiveManifest(file: string): Promise<Manifest> {
  let text = '';
  await tar.t({
    file,
    strict: true,
    onReadEntry: (entry) => {
      if (entry.path.replace(/^\.\//, '') === 'manifest.json') entry.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    },
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupError(`${file} is not a Brieflane backup: its manifest.json is missing or not one.`);
  return parsed.data;
}

/** Archives in the directory, newest first (their names sort by time). */
export async function listArchives(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => n.startsWith(ARCHIVE_PREFIX) && n.endsWith(ARCHIVE_SUFFIX))
    .sort()
    .reverse()
    .map((n) => path.join(dir, n));
}

/** Keeps the newest `keep` archives, removes the rest; returns the removed ones. */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const old = (await listArchives(dir)).slice(keep);
  for (const file of old) await rm(file, { force: true });
  return old;
}

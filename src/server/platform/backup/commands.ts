// The work behind `npm run backup`, `npm run restore -- FILE [--force]` and
// `npm run move-to-postgres` (scripts/*.ts parse the command line and print).
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { keepDataPrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files';
import { createStorage } from '../storage/create-storage';
import { localDiskStorage, type Storage } from '../storage/storage';
import { ARCHIVE_PREFIX, ARCHIVE_SUFFIX, BackupError, createBackup, readArchiveManifest, writeFailure } from './backup';
import type { Manifest } from './manifest';
import { countRows, openArchive, restoreArchive, RestoreError } from './restore';
import { BACKUP_ARCHIVE_ROUTE, BACKUP_KEY_HEADER, BACKUP_ROUTE, backupKey, runningServer, type ServerFile } from './server-side';
import { inTransaction } from './snapshot';

export type BackupSummary = { file: string; bytes: number; manifest: Manifest; via: 'server' | 'direct' };

/**
 * Embedded and the server is up: through its loopback route (the archive in the server's
 * BACKUP_DIR, or received and written to the command's own when it was given one); otherwise on
 * our own connection.
 */
export async function backupCommand(config: Config): Promise<BackupSummary> {
  keepCommandDataPrivate(config);
  if (!config.databaseUrl) {
    const server = runningServer(config);
    if (server && config.backup.dirGiven) return await receiveBackup(config, server);
    if (server) {
      const response = await askServer(config, server, BACKUP_ROUTE);
      const body = (await response.json().catch(() => ({}))) as { file?: string; bytes?: number; manifest?: Manifest; error?: { message: string } };
      if (!response.ok || !body.file) throw new RestoreError(body.error?.message ?? `The server answered ${response.status}`);
      return { file: body.file, bytes: body.bytes!, manifest: body.manifest!, via: 'server' };
    }
  }
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, poolSize: 2 } : { dataDir: config.dataDir });
  try {
    const result = await createBackup({ database, storage: await createStorage(config.storage), dir: config.backup.dir });
    return { ...result, via: 'direct' };
  } finally {
    await database.close();
  }
}

function askServer(config: Config, server: ServerFile, route: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${server.port}${route}`, { method: 'POST', headers: { [BACKUP_KEY_HEADER]: backupKey(config) } }).catch((error: unknown) => {
    throw new RestoreError(`The Brieflane server (process ${server.pid}, port ${server.port}) runs on this data directory but did not answer: ${(error as Error).message}`);
  });
}

/** An archive name as backup.ts makes them, and nothing that could leave BACKUP_DIR. */
const ARCHIVE_NAME = new RegExp(`^${ARCHIVE_PREFIX}[0-9TZ-]+${ARCHIVE_SUFFIX.replace(/\./g, '\\.')}$`);

/**
 * BACKUP_DIR given while the server runs (issue 46 point 5): the server takes the backup on its
 * connection and sends the archive; this command writes it into its own BACKUP_DIR, 0700 and
 * 0600 like every archive, as `<name>.partial` until it is whole and its manifest reads.
 */
async function receiveBackup(config: Config, server: ServerFile): Promise<BackupSummary> {
  const dir = config.backup.dir;
  // Before the server works: a folder this command cannot write to is said at once.
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE }).catch((error: unknown) => {
    throw writeFailure(error, dir);
  });
  const response = await askServer(config, server, BACKUP_ARCHIVE_ROUTE);
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { error?: { message: string } };
    throw new RestoreError(body.error?.message ?? `The server answered ${response.status}`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? '';
  if (!ARCHIVE_NAME.test(name)) throw new BackupError(`The server sent an archive named ${JSON.stringify(name)}; nothing was kept.`);
  const target = path.join(dir, name);
  const partial = `${target}.partial`;
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(partial, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
    const bytes = (await stat(partial)).size;
    const expected = Number(response.headers.get('content-length'));
    if (bytes !== expected) throw new BackupError(`The server sent ${bytes} of the archive's ${expected} bytes; nothing was kept.`);
    const manifest = await readArchiveManifest(partial);
    await rename(partial, target);
    return { file: target, bytes, manifest, via: 'server' };
  } catch (error) {
    await rm(partial, { force: true });
    const failure = writeFailure(error, dir);
    // A server that stopped sending half way, an archive that does not read: said, not a stack.
    throw failure instanceof BackupError ? failure : new BackupError(`The archive could not be received into ${dir}: ${(error as Error).message}. Nothing was kept.`, { cause: error });
  }
}

/** What every command writes (archives, a restored database, files) is private (issue 26). */
export function keepCommandDataPrivate(config: Config): void {
  keepDataPrivate([config.dataDir, config.backup.dir], (line) => console.log(line));
}

function refuseWhileServerRuns(config: Config, what: string): void {
  const server = runningServer(config);
  if (server) throw new RestoreError(`The Brieflane server (process ${server.pid}) is running on ${config.dataDir}; stop it before ${what}.`);
}

/** Opens the target: a new embedded database is removed again if the restore fails. */
async function withTarget<T>(config: Config, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  if (config.databaseUrl) {
    const database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }
  refuseWhileServerRuns(config, 'restoring into it');
  const dbDir = path.join(config.dataDir, 'db');
  const created = !existsSync(path.join(dbDir, 'PG_VERSION'));
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const result = await work(database);
    await database.close();
    return result;
  } catch (error) {
    await database.close().catch(() => {});
    if (created) await rm(dbDir, { recursive: true, force: true });
    throw error;
  }
}

export async function restoreCommand(config: Config, file: string, options: { force: boolean }) {
  keepCommandDataPrivate(config);
  // The archive is checked before the target is touched.
  const archive = await openArchive(path.resolve(file));
  // A files directory this restore creates goes again with a failed restore (its objects already have).
  const newFilesDir = config.storage.driver === 'disk' && !existsSync(config.storage.root) ? config.storage.root : null;
  try {
    const storage = await createStorage(config.storage);
    await storage.check();
    return await withTarget(config, (database) => restoreArchive({ archive, database, storage, force: options.force }));
  } catch (error) {
    if (newFilesDir) await rm(newFilesDir, { recursive: true, force: true });
    throw error;
  } finally {
    await archive.close();
  }
}

export type MoveSummary = { archive: string; tables: { name: string; embedded: number; postgres: number }[]; files: number };

/**
 * Copies the embedded database (DATA_DIR/db) and its files into the PostgreSQL database named by
 * DATABASE_URL and the configured storage, then compares row counts table by table. The archive
 * it goes through stays in BACKUP_DIR as the last backup of the embedded database.
 */
export async function moveToPostgresCommand(config: Config): Promise<MoveSummary> {
  keepCommandDataPrivate(config);
  if (!config.databaseUrl) throw new RestoreError('Set DATABASE_URL to the PostgreSQL database to move into.');
  if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) throw new RestoreError(`There is no embedded database in ${path.join(config.dataDir, 'db')}.`);
  refuseWhileServerRuns(config, 'moving its data (changes made meanwhile would be left behind)');

  const diskRoot = path.join(config.dataDir, 'files');
  // The embedded server's files are under DATA_DIR/files unless it already used a bucket.
  const filesOnDisk = config.storage.driver === 'disk' || existsSync(diskRoot);
  const source: Storage = filesOnDisk ? localDiskStorage(diskRoot) : await createStorage(config.storage);
  // Disk to disk (DATA_DIR/files) or bucket to bucket: the objects are already where they belong.
  const sameStorage = config.storage.driver === 'disk' || !filesOnDisk;
  const embedded = await openDatabase({ dataDir: config.dataDir });
  let archiveFile: string;
  try {
    archiveFile = (await createBackup({ database: embedded, storage: source, dir: config.backup.dir })).file;
  } finally {
    await embedded.close();
  }

  const archive = await openArchive(archiveFile);
  try {
    const target = await createStorage(config.storage);
    await target.check();
    const database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
    try {
      const restored = await restoreArchive({ archive, database, storage: target, sameStorage });
      const counts = await inTransaction(database, 'snapshot', countRows);
      const tables = archive.manifest.tables.map((t) => ({ name: t.name, embedded: t.rows, postgres: counts[t.name] ?? 0 }));
      const wrong = tables.filter((t) => t.embedded !== t.postgres);
      if (wrong.length > 0) throw new RestoreError(`Row counts differ after the move: ${wrong.map((t) => `${t.name} ${t.embedded} -> ${t.postgres}`).join(', ')}`);
      return { archive: archiveFile, tables, files: restored.files };
    } finally {
      await database.close();
    }
  } finally {
    await archive.close();
  }
}

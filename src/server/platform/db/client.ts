// One Drizzle database over either the embedded PGlite (DATABASE_URL unset) or a PostgreSQL pool.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { appFiles } from '../app-files';
import { tightenTree } from '../private-files';

/**
 * No schema object: the tables belong to their modules (issue 47, decision 043) and every query
 * names its tables itself (Drizzle's relational query API, which would need them all here, is
 * not used).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; services take `Database | Transaction` so callers can compose them. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** The raw driver, for the bare-query benchmarks and LISTEN/NOTIFY. */
  pglite?: PGlite;
  pool?: pg.Pool;
};

/**
 * The embedded database's options: the extensions the migrations use (pg_trgm and unaccent for search), and
 * a smaller shared buffer pool than PostgreSQL's 128MB, which PGlite touches whole at start
 * (docs/decisions/009: each MB of it is a MB of server RSS; the OS page cache still holds the
 * data files). PGlite's other defaults stay, durability included.
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm, unaccent },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
} satisfies PGliteOptions;

const migrationsFolder = appFiles.migrations;

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string; poolSize?: number }
  /**
   * The embedded database; no directory means in memory (tests). A new directory starts from
   * `template` (default: the build's DATA_DIR_TEMPLATE, when built).
   */
  | { dataDir?: string; template?: string };

/**
 * A migrated, empty data directory as a tarball, made by `npm run build` (scripts/build.mjs):
 * unpacking it takes a second or two where initdb takes several. Migrations added since the
 * build apply on top of it as on any directory.
 */
export const DATA_DIR_TEMPLATE = appFiles.databaseTemplate;

/**
 * Creates and migrates a new embedded data directory in a child process, from the build's
 * template when there is one (else initdb). initdb and the migrations' index builds grow the
 * WASM heap of the instance that runs them, a WASM heap never shrinks, and a worker thread's
 * freed memory partly stays with the process's allocator: run in the server's own process they
 * left it 110-150 MiB larger than a restart (docs/decisions/009). A process that exits gives all
 * of it back.
 */
async function createEmbeddedDirectory(dir: string, template: string | undefined): Promise<void> {
  const job = {
    dir,
    template,
    migrationsFolder,
    startParams: PGLITE_OPTIONS.startParams,
    modules: ['@electric-sql/pglite', '@electric-sql/pglite/contrib/pg_trgm', '@electric-sql/pglite/contrib/unaccent', 'drizzle-orm/pglite', 'drizzle-orm/pglite/migrator'].map(
      (name) => import.meta.resolve(name),
    ),
  };
  const script = `
    import { readFileSync } from 'node:fs';
    const job = JSON.parse(process.env.BRIEFLANE_CREATE_DATABASE);
    const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle }, { migrate }] = await Promise.all(job.modules.map((m) => import(m)));
    const loadDataDir = job.template ? new Blob([readFileSync(job.template)]) : undefined;
    const client = await PGlite.create({ dataDir: job.dir, loadDataDir, extensions: { pg_trgm, unaccent }, startParams: job.startParams });
    await migrate(drizzle(client), { migrationsFolder: job.migrationsFolder });
    await client.close();`;
  const child = spawn(process.execPath, ['--input-type=module', '--eval', script], {
    env: { ...process.env, BRIEFLANE_CREATE_DATABASE: JSON.stringify(job) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Creating the database in ${dir} failed (exit ${code})`))));
  });
}

/** A new directory from the template, or by initdb when there is none or it does not load. */
async function createEmbeddedDirectoryOnce(dir: string, template: string | undefined): Promise<void> {
  if (template && existsSync(template)) {
    try {
      return await createEmbeddedDirectory(dir, template);
    } catch (error) {
      console.warn(`The build's database template did not load (${(error as Error).message}); creating the database instead.`);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
    }
  }
  await createEmbeddedDirectory(dir, undefined);
}

/** pg_advisory_lock's key for the migrations: any number of our own, the same in every server. */
const MIGRATION_LOCK = 4_240_035;

/**
 * Several app servers starting at once on one database (a first install, a boot after an
 * upgrade) take turns: drizzle's migrator has no lock of its own, and the second one's
 * CREATE SCHEMA IF NOT EXISTS failed on the first one's, stopping that server. The next one finds
 * the migrations applied and does nothing.
 */
async function migrateOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // When the server is away, a request fails in seconds (503) instead of waiting for ever.
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection that breaks (a restart, a failover) is dropped by the pool; without a
    // listener its 'error' event would end the process. The next query opens a new connection.
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Database;
    await migrateOnce(pool);
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) {
      await createEmbeddedDirectoryOnce(dir, options.template ?? DATA_DIR_TEMPLATE);
      // PGlite unpacks initdb's output (or the template) with chmod 0666, past the umask.
      tightenTree(dir);
    }
  }
  const client = await PGlite.create({ ...PGLITE_OPTIONS, dataDir: dir });
  const db = drizzlePglite(client) as unknown as Database;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  // PGlite's file system sets some files' modes itself (the relation cache's pg_internal.init is
  // written 0644 at every open, past the umask): in their 0700 folders nobody else reaches them,
  // and they are made 0600 once open and again once closed (issue 26).
  if (dir) tightenTree(dir);
  const close = async () => {
    await client.close();
    if (dir) tightenTree(dir);
  };
  return { db, kind: 'pglite', pglite: client, close };
}

// One Drizzle database over either the embedded PGlite (DATABASE_URL unset) or a PostgreSQL pool.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as authSchema from './schema/auth';
import * as platformSchema from './schema/platform';
import * as tenancySchema from './schema/tenancy';
import * as workSchema from './schema/work';

export const schema = { ...authSchema, ...tenancySchema, ...workSchema, ...platformSchema };
export type Schema = typeof schema;

export type Database = PgDatabase<PgQueryResultHKT, Schema>;
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

/** The embedded database's options: the extensions the migrations use (pg_trgm for search). */
export const PGLITE_OPTIONS = { extensions: { pg_trgm } } satisfies PGliteOptions;

const migrationsFolder = fileURLToPath(new URL('../../../../db/migrations', import.meta.url));

export type DatabaseOptions =
  /** A PostgreSQL server. */
  | { url: string; poolSize?: number }
  /** The embedded database; no directory means in memory (tests). */
  | { dataDir?: string };

/**
 * Creates a new embedded data directory in a worker thread. initdb inside the WASM instance
 * leaves that instance ~400 MiB larger than one that opens an existing directory (server RSS
 * ~830 MiB against ~460 MiB, `npm run bench -- idle-memory`); ending the worker gives all of it
 * back. Costs about a second on the first start only.
 */
async function initEmbeddedDirectory(dir: string): Promise<void> {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     import(workerData.module).then(async ({ PGlite }) => { await (await PGlite.create(workerData.dir)).close(); });`,
    { eval: true, workerData: { dir, module: import.meta.resolve('@electric-sql/pglite') } },
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Creating the database in ${dir} failed (exit ${code})`))));
  });
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
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  let dir: string | undefined;
  if (options.dataDir) {
    dir = path.join(options.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initEmbeddedDirectory(dir);
  }
  const client = await PGlite.create({ ...PGLITE_OPTIONS, dataDir: dir });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

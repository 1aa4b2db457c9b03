// Builds the real app on a fresh in-memory PGlite for API tests. The migrated database is made
// once per test run (src/server/test/global-setup.ts writes its image to a file; without it, as in
// scripts/fuzz.ts, once per process) and copied for each app, which is much faster than migrating
// each time: ~3 s of initdb and migrations that every test file paid before.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { pathToFileURL } from 'node:url';
import type { App, AppOptions } from '../app';
import { appFiles } from '../platform/app-files';
import type { Clock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Database, DatabaseHandle } from '../platform/db/client';

/**
 * The app from the sources, or with TEST_BUILT_SERVER=1 from the build (dist/server, made by
 * `npm run build`): CI runs the data, auth and sharing suites that way too (issue 26).
 */
const { buildApp, loadConfig, onLocalChange, openDatabase, PGLITE_OPTIONS } = (
  process.env.TEST_BUILT_SERVER === '1'
    ? await import(pathToFileURL(path.join(appFiles.root, 'dist', 'server', 'app-library.js')).href)
    : await import('../app-library')
) as typeof import('../app-library');

/** This server's change notifications, from the same module the app under test uses. */
export { onLocalChange };

/** The run's migrated embedded database, as a file; set by global-setup.ts. */
export const MIGRATED_IMAGE_ENV = 'BRIEFLANE_TEST_MIGRATED_IMAGE';
/** A migrated PostgreSQL database each test database is copied from; set by global-setup.ts. */
export const TEMPLATE_DATABASE_ENV = 'BRIEFLANE_TEST_TEMPLATE_DATABASE';

/** A freshly migrated embedded database's image (a tar of its data directory). */
export async function makeMigratedImage(): Promise<Blob> {
  const handle = await openDatabase({});
  const image = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  return image;
}

let migratedImage: Promise<File | Blob> | undefined;

async function migratedDatabase(): Promise<DatabaseHandle> {
  const imageFile = process.env[MIGRATED_IMAGE_ENV];
  migratedImage ??= imageFile ? Promise.resolve(new Blob([readFileSync(imageFile)])) : makeMigratedImage();
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await migratedImage });
  const db = drizzle(client) as unknown as Database;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

export type TestApp = {
  app: App;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  clock?: Clock;
  /** A built web app to serve (app.ts `webRoot`); by default dist/web, when it exists. */
  webRoot?: string;
  /** Fastify's logger option; none by default. */
  logger?: AppOptions['logger'];
  env?: Record<string, string>;
  /** Where the app's log lines go (JSON, level info and up); none: no logging. */
  logStream?: NodeJS.WritableStream;
  /** The embedded database even when TEST_DATABASE_URL is set (behaviour only it has). */
  embedded?: boolean;
  /** The webhook worker's options (`background: false` to drive it with deliverDue()). */
  webhooks?: AppOptions['webhooks'];
  /**
   * Data that is already there (a restored backup): DATA_DIR's embedded database and files, or
   * the PostgreSQL database at `databaseUrl` with DATA_DIR's files. close() leaves both in place.
   */
  existing?: { dataDir: string; databaseUrl?: string };
};

/**
 * A fresh app and database. With TEST_DATABASE_URL set (CI's PostgreSQL run) the app uses that
 * server instead, and each app gets its own freshly migrated schema-less database via a new
 * PostgreSQL database created from the URL.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.existing?.dataDir ?? mkdtempSync(path.join(tmpdir(), 'brieflane-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://localhost:3000',
    ...options.env,
  });
  const database = options.existing
    ? await openDatabase(options.existing.databaseUrl ? { url: options.existing.databaseUrl, poolSize: 4 } : { dataDir })
    : process.env.TEST_DATABASE_URL && !options.embedded
      ? await openFreshPostgres(process.env.TEST_DATABASE_URL)
      : await migratedDatabase();
  const logger = options.logStream ? { level: 'info', stream: options.logStream } : (options.logger ?? false);
  const app = await buildApp({ config, database, clock: options.clock, logger, webRoot: options.webRoot, webhooks: options.webhooks });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A new PostgreSQL database on the server of `baseUrl`: empty, or a copy of the `template`
 * database (CREATE DATABASE ... TEMPLATE, a file copy on the server); drop() removes it.
 */
export async function createPostgresDatabase(
  baseUrl: string,
  options: { template?: string; prefix?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${options.prefix ?? 'brieflane_test'}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  if (options.template !== undefined && !/^[a-z0-9_]+$/.test(options.template)) throw new Error(`Not a test database name: ${options.template}`);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

async function openFreshPostgres(baseUrl: string): Promise<DatabaseHandle> {
  // A copy of the run's migrated template when there is one; the migrations below then find
  // nothing to do.
  const fresh = await createPostgresDatabase(baseUrl, { template: process.env[TEMPLATE_DATABASE_ENV] });
  const handle = await openDatabase({ url: fresh.url, poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fresh.drop();
    },
  };
}

/** A migrated PostgreSQL database to copy test databases from; drop() removes it. */
export async function makeTemplateDatabase(baseUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const template = await createPostgresDatabase(baseUrl, { prefix: 'brieflane_template' });
  const handle = await openDatabase({ url: template.url, poolSize: 1 });
  // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
  await handle.close();
  return { name: template.name, drop: template.drop };
}

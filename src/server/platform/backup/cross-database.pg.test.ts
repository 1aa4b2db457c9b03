// Archives move between the embedded database and PostgreSQL, and files between disk and S3:
// PGlite -> archive -> PostgreSQL with S3 storage, PostgreSQL -> archive -> PGlite with disk,
// and `npm run move-to-postgres` from an embedded data directory into a PostgreSQL database.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgency, type Agency } from '../../test/agency';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server';
import { createPostgresDatabase, createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createStorage } from '../storage/create-storage';
import { localDiskStorage, type Storage } from '../storage/storage';
import { createBackup } from './backup';
import { moveToPostgresCommand, restoreCommand } from './commands';
import { openArchive, restoreArchive, RestoreError } from './restore';
import { inTransaction, listTables, quoteIdent } from './snapshot';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error('cross-database.pg.test.ts needs TEST_DATABASE_URL');
const PDF = Buffer.from('%PDF-1.4\nmoved between databases\n%%EOF\n');
const SECRET = 'cross-database-secret-cross-database-secret';

async function contents(database: DatabaseHandle): Promise<Record<string, string[]>> {
  return inTransaction(database, 'snapshot', async (query) => {
    // One rendering of timestamps whatever the server's time zone.
    await query(`set local timezone = 'UTC'`);
    const out: Record<string, string[]> = {};
    for (const table of await listTables(query)) {
      out[table.name] = (await query(`select row_to_json(t)::text as j from ${quoteIdent(table.name)} t`)).map((r) => r.j as string).sort();
    }
    // The report counts (decision 014) are not archived but rebuilt: the same sums per key.
    out['report_counts (sums)'] = (
      await query(
        `select row_to_json(c)::text as j from (select organization_id, kind, status, grain, bucket, sum(n)::int as n from report_counts
          group by 1, 2, 3, 4, 5 having sum(n) <> 0) c`,
      )
    )
      .map((r) => r.j as string)
      .sort();
    expect(out['report_counts (sums)']).not.toEqual([]);
    return out;
  });
}

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('archives and files between the embedded database and PostgreSQL', () => {
  let s3: TestS3Server;
  let embedded: TestApp;
  let agency: Agency;
  let key: string;
  let archive: string;
  const drops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    s3 = await startTestS3Server();
    embedded = await createTestApp({ embedded: true });
    agency = await seedAgency(embedded);
    const boundary = 'xbrieflanex';
    const upload = await agency.orgAdmin.inject({
      method: 'POST',
      url: `/api/projects/${agency.projectId}/files`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Moved.pdf"\r\n\r\n`),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    // Issue 29: a task's comments move with everything else.
    const task = await agency.orgAdmin.inject({ method: 'POST', url: `/api/projects/${agency.projectId}/tasks`, payload: { title: 'Moved task' } });
    const comment = await agency.orgAdmin.inject({ method: 'POST', url: `/api/projects/${agency.projectId}/tasks/${task.json().id}/comments`, payload: { body: 'Moved comment' } });
    expect(comment.statusCode, comment.body).toBe(201);
    // Issue 32: logged time and a running timer move too.
    const logged = await agency.developer.inject({ method: 'POST', url: '/api/time/entries', payload: { projectId: agency.projectId, workDate: '2026-11-27', duration: '2h 15m' } });
    expect(logged.statusCode, logged.body).toBe(201);
    expect((await agency.orgAdmin.inject({ method: 'POST', url: '/api/time/timer', payload: { projectId: agency.projectId } })).statusCode).toBe(201);
    // Issue 48: each member's language and region, and the organization's language, move with the rows (compared whole below).
    expect((await agency.developer.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: 'de' } })).statusCode).toBe(200);
    expect((await agency.developer.inject({ method: 'PUT', url: '/api/settings/region', payload: { region: 'AT' } })).statusCode).toBe(200);
    expect((await agency.orgAdmin.inject({ method: 'PUT', url: '/api/organization/locale', payload: { locale: 'es' } })).statusCode).toBe(200);
    key = readdirSync(path.join(embedded.config.dataDir, 'files', agency.projectId)).map((f) => `${agency.projectId}/${f}`)[0]!;
    archive = (await createBackup({ database: embedded.database, storage: localDiskStorage(path.join(embedded.config.dataDir, 'files')), dir: mkdtempSync(path.join(tmpdir(), 'brieflane-x-')) })).file;
  });
  afterAll(async () => {
    await embedded?.close();
    for (const drop of drops) await drop();
    await s3?.close();
  });

  const s3Config = (dataDir: string, databaseUrl?: string) =>
    loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...s3.env });

  it('restores an embedded archive into PostgreSQL with its files on S3, and back into PGlite on disk', async () => {
    const fresh = await createPostgresDatabase(baseUrl);
    drops.push(fresh.drop);
    const config = s3Config(mkdtempSync(path.join(tmpdir(), 'brieflane-x-')), fresh.url);
    const result = await restoreCommand(config, archive, { force: false });
    expect(result.files).toBe(1);

    const postgres = await openDatabase({ url: fresh.url, poolSize: 2 });
    const s3Storage: Storage = await createStorage(config.storage);
    try {
      expect(await contents(postgres)).toEqual(await contents(embedded.database));
      expect((await bytesOf(await s3Storage.read(key)))!.equals(PDF)).toBe(true);

      // And back: PostgreSQL + S3 -> archive -> a new embedded database + disk.
      const back = await createBackup({ database: postgres, storage: s3Storage, dir: mkdtempSync(path.join(tmpdir(), 'brieflane-x-')) });
      expect(back.manifest.source).toBe('postgres');
      const pglite = await openDatabase({});
      const disk = localDiskStorage(mkdtempSync(path.join(tmpdir(), 'brieflane-x-files-')));
      const opened = await openArchive(back.file);
      try {
        await restoreArchive({ archive: opened, database: pglite, storage: disk });
        expect(await contents(pglite)).toEqual(await contents(embedded.database));
        expect((await bytesOf(await disk.read(key)))!.equals(PDF)).toBe(true);
      } finally {
        await opened.close();
        await pglite.close();
      }
    } finally {
      await postgres.close();
    }
    // Two restores and a backup across two databases and S3: 30 s was short on a loaded machine.
  }, 120_000);

  it('moves an embedded data directory into PostgreSQL and its files onto S3, checking every table', async () => {
    // An embedded data directory as `npm start` leaves it: DATA_DIR/db and DATA_DIR/files.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-move-'));
    await restoreCommand(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }), archive, { force: false });
    expect(readdirSync(path.join(dataDir, 'files', agency.projectId))).toHaveLength(1);

    const fresh = await createPostgresDatabase(baseUrl);
    drops.push(fresh.drop);
    const config = s3Config(dataDir, fresh.url);
    const moved = await moveToPostgresCommand(config);
    expect(moved.files).toBe(1);
    expect(moved.tables.length).toBeGreaterThan(10);
    for (const table of moved.tables) expect(table.postgres, table.name).toBe(table.embedded);
    expect(moved.tables.find((t) => t.name === 'projects')).toEqual({ name: 'projects', embedded: 2, postgres: 2 });
    expect(moved.tables.find((t) => t.name === 'task_comments')).toEqual({ name: 'task_comments', embedded: 1, postgres: 1 });
    expect(moved.tables.find((t) => t.name === 'time_entries')).toEqual({ name: 'time_entries', embedded: 1, postgres: 1 });
    expect(moved.tables.find((t) => t.name === 'running_timers')).toEqual({ name: 'running_timers', embedded: 1, postgres: 1 });
    expect(path.dirname(moved.archive)).toBe(config.backup.dir);

    const postgres = await openDatabase({ url: fresh.url, poolSize: 2 });
    try {
      expect(await contents(postgres)).toEqual(await contents(embedded.database));
    } finally {
      await postgres.close();
    }
    const s3Copy = await bytesOf(await (await createStorage(config.storage)).read(key));
    expect(s3Copy!.equals(PDF)).toBe(true);

    // A second move finds PostgreSQL no longer empty and changes nothing.
    const again = await moveToPostgresCommand(config).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(RestoreError);
    expect((again as Error).message).toMatch(/^The target database is not empty/);
  }, 240_000);

  it('refuses to move without DATABASE_URL, and stops at a bucket that refuses the key before writing anything', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-move-'));
    await expect(moveToPostgresCommand(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }))).rejects.toThrow(
      'Set DATABASE_URL to the PostgreSQL database to move into.',
    );
    const fresh = await createPostgresDatabase(baseUrl);
    drops.push(fresh.drop);
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET, DATABASE_URL: fresh.url, ...s3.env, S3_ACCESS_KEY_ID: 'WRONGKEY' });
    const error = await restoreCommand(config, archive, { force: false }).catch((e: unknown) => e);
    expect((error as Error).message).toContain(`S3 refused the credentials for bucket "${s3.bucket}"`);
    const postgres = await openDatabase({ url: fresh.url, poolSize: 1 });
    try {
      const counts = await inTransaction(postgres, 'snapshot', async (q) => (await q(`select count(*)::int as n from organizations`))[0]!.n);
      expect(counts).toBe(0);
    } finally {
      await postgres.close();
    }
  });
});

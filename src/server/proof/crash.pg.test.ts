// kill -9 under a write load on PostgreSQL (crash-harness.ts says what is checked).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkAfterCrash, writeUntilKilled } from './crash-harness';
import { startServer, stopServer } from './server-process';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error('crash.pg.test.ts needs TEST_DATABASE_URL');
const name = `brieflane_crash_${process.pid}_${Date.now()}`;
const url = new URL(baseUrl);
url.pathname = `/${name}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-crash-pg-'));

const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
};
beforeAll(() => admin(`create database ${name}`));
afterAll(async () => {
  await admin(`drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every acknowledged write and no half-done change after kill -9 mid-load, and starts again', async () => {
  const env = { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SEED_DEMO: 'true', AUTH_SECRET: 'crash-test-secret-crash-test-secret-0123' };
  const first = await startServer(env);
  const ack = await writeUntilKilled(first, { workers: 8, killAfterMs: 2_500 });
  expect(ack.clients.length, first.output()).toBeGreaterThan(5);

  const again = await startServer(env);
  await stopServer(again, 'SIGTERM');

  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const query = async (sql: string) => (await client.query(sql)).rows as Record<string, unknown>[];
    expect(await checkAfterCrash(query, ack, path.join(dataDir, 'files'))).toEqual({
      missing: { clients: [], projects: [], files: [] },
      clientsWithoutActivity: 0,
      projectsWithoutActivity: 0,
      filesWithoutObject: [],
    });
  } finally {
    await client.end();
  }
}, 180_000);

// kill -9 under a write load on the embedded database (crash-harness.ts says what is checked).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from '../platform/db/client';
import { checkAfterCrash, writeUntilKilled } from './crash-harness';
import { startServer, stopServer } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('keeps every acknowledged write and no half-done change after kill -9 mid-load, and starts again', async () => {
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', AUTH_SECRET: 'crash-test-secret-crash-test-secret-0123' };
  const first = await startServer(env);
  const ack = await writeUntilKilled(first, { workers: 6, killAfterMs: 2_500 });
  expect(ack.clients.length, first.output()).toBeGreaterThan(5);

  const again = await startServer(env);
  await stopServer(again, 'SIGTERM');

  const db = await PGlite.create({ ...PGLITE_OPTIONS, dataDir: path.join(dataDir, 'db') });
  try {
    const query = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
    expect(await checkAfterCrash(query, ack, path.join(dataDir, 'files'))).toEqual({
      missing: { clients: [], projects: [], files: [] },
      clientsWithoutActivity: 0,
      projectsWithoutActivity: 0,
      filesWithoutObject: [],
    });
  } finally {
    await db.close();
  }
}, 240_000);

// kill -9 under a write load on the embedded database (crash-harness.ts says what is checked),
// with a webhook taking every new client (issue 30): no event of an acknowledged change is lost,
// and none is sent for a change that never committed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from '../platform/db/client';
import { startWebhookReceiver } from '../test/webhook-receiver';
import { checkAfterCrash, signIn, writeUntilKilled } from './crash-harness';
import { startServer, stopServer } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('keeps every acknowledged write and no half-done change after kill -9 mid-load, and starts again', async () => {
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'true', AUTH_SECRET: 'crash-test-secret-crash-test-secret-0123', WEBHOOK_ALLOW_PRIVATE: 'true' };
  const receiver = await startWebhookReceiver();
  const first = await startServer(env);
  const hook = await fetch(`${first.base}/api/webhooks`, {
    method: 'POST',
    headers: { cookie: await signIn(first.base), 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, events: ['client'] }),
  });
  expect(hook.status, await hook.clone().text()).toBe(201);
  const ack = await writeUntilKilled(first, { workers: 6, killAfterMs: 2_500 });
  expect(ack.clients.length, first.output()).toBeGreaterThan(5);

  // Started again, the server sends what the killed one had not: every acknowledged client's
  // event arrives (at least once: one in flight at the kill may come twice, same event id).
  const again = await startServer(env);
  const created = () => new Set(receiver.requests.map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id));
  // A delivery the killed server had claimed waits out its lease (30 s) before it is sent again.
  const deadline = Date.now() + 100_000;
  while (ack.clients.some((id) => !created().has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  await stopServer(again, 'SIGTERM');
  await receiver.close();
  expect(ack.clients.filter((id) => !created().has(id))).toEqual([]);

  const db = await PGlite.create({ ...PGLITE_OPTIONS, dataDir: path.join(dataDir, 'db') });
  try {
    const query = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
    // No event for a client that never committed, one for each the activity log records. A
    // delivery id arrives twice only if the kill caught its post in flight (at most the worker's 4
    // at a time); such a delivery may still be pending here, its lease not yet over, but its event
    // has arrived. Nothing else is left unsent.
    const clients = new Set((await query('select id from clients')).map((r) => String(r.id)));
    expect([...created()].filter((id) => !clients.has(id))).toEqual([]);
    const logged = await query(`select count(*)::int as n from activity_logs where action = 'create_client' and details->>'client_name' like 'Crash client %'`);
    expect(created().size).toBe(logged[0]!.n);
    const deliveryIds = receiver.requests.map((r) => String(r.headers['brieflane-delivery']));
    expect(deliveryIds.length - new Set(deliveryIds).size).toBeLessThanOrEqual(4);
    const arrived = new Set(receiver.requests.map((r) => String(r.headers['brieflane-delivery'])));
    const unsent = await query(`select id, status from webhook_deliveries where status <> 'delivered'`);
    expect(unsent.filter((row) => row.status !== 'pending' || !arrived.has(String(row.id)))).toEqual([]);
    expect(unsent.length).toBeLessThanOrEqual(4);
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

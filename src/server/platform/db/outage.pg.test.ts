// PostgreSQL going away (issue 12, faults): the app reaches its database through a TCP proxy the
// test controls. While the database is unreachable requests fail fast with a 503 in the error
// shape, none hangs, the process survives its broken connections, and once the database is back
// the app recovers by itself. Needs TEST_DATABASE_URL (vitest.config.ts runs *.pg.test.ts then).
import { mkdtempSync } from 'node:fs';
import { createServer, Socket, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { asUser, type TestUser } from '../../test/as-user';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from './client';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error('outage.pg.test.ts needs TEST_DATABASE_URL');

/** Forwards to PostgreSQL while up; down: drops every connection; blackhole: accepts and stalls. */
function databaseProxy(target: URL) {
  let mode: 'up' | 'down' | 'blackhole' = 'up';
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (mode === 'down') return void client.destroy();
    if (mode === 'blackhole') return;
    const upstream = new Socket();
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    upstream.connect(Number(target.port || 5432), target.hostname, () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    listen: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))),
    set(next: typeof mode) {
      mode = next;
      // Every change of mode breaks what was open, as a real outage or recovery would.
      for (const socket of sockets) socket.destroy();
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('PostgreSQL going away', () => {
  const name = `brieflane_outage_${process.pid}_${Date.now()}`;
  const target = new URL(baseUrl);
  const proxy = databaseProxy(target);
  let database: DatabaseHandle;
  let app: App;
  let member: TestUser;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const port = await proxy.listen();
    const url = new URL(baseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    url.pathname = `/${name}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brieflane-outage-')),
      DATABASE_URL: url.toString(),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: 'http://localhost:3000',
    });
    database = await openDatabase({ url: url.toString(), poolSize: 4 });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    member = await asUser({ app, db: database.db, database, config, close: async () => {} }, 'organization_admin');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  const timed = async (url: string) => {
    const started = Date.now();
    const res = await member.inject({ method: 'GET', url });
    return { res, ms: Date.now() - started };
  };

  it('answers 503 at once while the database refuses connections, then recovers by itself', async () => {
    expect((await member.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(200);

    proxy.set('down');
    for (const url of ['/api/clients', '/api/projects', '/api/health']) {
      const { res, ms } = await timed(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'database_unavailable', message: expect.any(String) } });
      expect(ms).toBeLessThan(6_000);
    }

    proxy.set('up');
    await vi.waitFor(async () => expect((await member.inject({ method: 'GET', url: '/api/clients' })).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 250,
    });
  });

  it('gives up within the connect timeout when the database stops answering, instead of hanging', async () => {
    proxy.set('blackhole');
    // The first may meet a connection the cut just broke; the next must open one and time out.
    for (const url of ['/api/clients', '/api/projects']) {
      const { res, ms } = await timed(url);
      expect(res.statusCode, res.body).toBe(503);
      expect(ms).toBeLessThan(8_000);
    }

    proxy.set('up');
    await vi.waitFor(async () => expect((await member.inject({ method: 'POST', url: '/api/clients', payload: { name: 'After the outage' } })).statusCode).toBe(201), {
      timeout: 10_000,
      interval: 250,
    });
  }, 30_000);
});

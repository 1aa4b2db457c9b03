// Several app servers behind one proxy (README "Several app servers"): two real listening servers
// on one PostgreSQL database and one S3 bucket, sharing only AUTH_SECRET (each has its own empty
// DATA_DIR). A session made on A works on B, a file uploaded through A downloads through B, a
// change through A reaches a live socket on B, and each email is delivered exactly once.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from './app';
import { createMember, createOrganization } from './platform/auth/accounts';
import { loadConfig } from './platform/config';
import { openDatabase, type DatabaseHandle } from './platform/db/client';
import { enqueueEmail } from './platform/mail/outbox';
import { startTestSmtpServer, type TestSmtpServer } from './platform/mail/test-smtp-server';
import { startTestS3Server, type TestS3Server } from './test/s3-server';
import { createPostgresDatabase } from './test/test-app';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error('several-servers.pg.test.ts needs TEST_DATABASE_URL');

type WsClient = { on(event: string, listener: (...args: never[]) => void): void; close(): void };
// `ws` comes with @fastify/websocket and has no type declarations here.
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, options?: { headers?: Record<string, string> }) => WsClient;

const PASSWORD = 'two-servers-password';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300_000, 7)]);

type Server = { app: App; database: DatabaseHandle; url: string };

describe('two app servers on one PostgreSQL database and one S3 bucket', () => {
  let s3: TestS3Server;
  let smtp: TestSmtpServer;
  let drop: () => Promise<void>;
  let a: Server;
  let b: Server;
  let cookie: string;
  let projectId: string;
  const email = 'two-servers@test.brieflane';

  async function startServer(databaseUrl: string): Promise<Server> {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brieflane-node-')),
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: 'shared-secret-of-both-servers-0123456789',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      ...s3.env,
    });
    const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, database, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  beforeAll(async () => {
    s3 = await startTestS3Server();
    smtp = await startTestSmtpServer();
    const fresh = await createPostgresDatabase(baseUrl);
    drop = fresh.drop;
    a = await startServer(fresh.url);
    b = await startServer(fresh.url);
    const organizationId = (await createOrganization(a.database.db, 'Two Servers Agency')).id;
    await createMember(a.database.db, { organizationId, fullName: 'Ada Admin', role: 'organization_admin', email, password: PASSWORD });
  });
  afterAll(async () => {
    for (const server of [a, b]) if (server) await server.app.close().then(() => server.database.close());
    await drop?.();
    await smtp?.close();
    await s3?.close();
  });

  it('a session made on A works on B', async () => {
    const signIn = await fetch(`${a.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = await fetch(`${b.url}/api/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { profile: { fullName: string } }).profile.fullName).toBe('Ada Admin');
    expect((await fetch(`${b.url}/api/me`)).status).toBe(401);
  });

  it('a file uploaded through A downloads through B', async () => {
    const json = { 'content-type': 'application/json', cookie };
    const client = await fetch(`${a.url}/api/clients`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Shared Client' }) });
    const clientId = ((await client.json()) as { id: string }).id;
    const project = await fetch(`${a.url}/api/projects`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Shared Project', clientId }) });
    projectId = ((await project.json()) as { id: string }).id;

    const form = new FormData();
    form.append('file', new Blob([PNG]), 'Mockup.png');
    const upload = await fetch(`${a.url}/api/projects/${projectId}/files`, { method: 'POST', headers: { cookie }, body: form });
    expect(upload.status).toBe(201);
    const fileId = ((await upload.json()) as { id: string }).id;

    const download = await fetch(`${b.url}/api/projects/${projectId}/files/${fileId}/download`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="Mockup.png"');
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('a change through A reaches a live socket on B', async () => {
    const events: Record<string, unknown>[] = [];
    const socket = new WebSocket(`${b.url.replace('http:', 'ws:')}/api/live`, { headers: { cookie } });
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', (error: Error) => reject(error));
    });
    socket.on('message', (data: Buffer) => events.push(JSON.parse(data.toString()) as Record<string, unknown>));
    try {
      const task = await fetch(`${a.url}/api/projects/${projectId}/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ title: 'Made on A' }),
      });
      expect(task.status).toBe(201);
      await vi.waitFor(() => expect(events).toContainEqual(expect.objectContaining({ projectId, topic: 'project' })), { timeout: 10_000 });
    } finally {
      socket.close();
    }
  });

  it('a sign-out on A ends the session on B, whose session cache held it (decision 014)', async () => {
    const signIn = await fetch(`${a.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const second = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect((await fetch(`${b.url}/api/me`, { headers: { cookie: second } })).status).toBe(200);
    expect((await fetch(`${b.url}/api/me`, { headers: { cookie: second } })).status).toBe(200);
    expect((await fetch(`${a.url}/api/auth/sign-out`, { method: 'POST', headers: { cookie: second } })).status).toBe(204);
    // On A at once; on B as soon as the notification of the commit arrives.
    expect((await fetch(`${a.url}/api/me`, { headers: { cookie: second } })).status).toBe(401);
    await vi.waitFor(async () => expect((await fetch(`${b.url}/api/me`, { headers: { cookie: second } })).status).toBe(401), { timeout: 5000 });
    expect((await fetch(`${b.url}/api/me`, { headers: { cookie } })).status).toBe(200);
  });

  it('each email is delivered once though both servers run the mail worker', async () => {
    const reset = await fetch(`${a.url}/api/auth/password-reset/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(reset.status).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      await enqueueEmail(b.database.db, { kind: 'notification', to: `reader${i}@example.com`, subject: `Note ${i}`, text: 'Hello' });
    }
    const expected = [email, ...Array.from({ length: 10 }, (_, i) => `reader${i}@example.com`)].sort();
    await vi.waitFor(() => expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(expected), { timeout: 20_000, interval: 250 });
    // Two more polling rounds of both workers (3 s apart): nothing is sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 7000));
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(expected);
  }, 40_000);
});

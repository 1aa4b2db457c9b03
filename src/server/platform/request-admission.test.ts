// The embedded database's admission queue through the real app (decision 025): with a tiny
// bound, a burst gets some 503 `server_busy` with Retry-After and the rest served, no 500, and a
// refused write leaves nothing behind. Counts and order only: no assertion on time.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_BUSY_MESSAGES } from '../../domain/server-busy';
import { seedAgency, type Agency } from '../test/agency';
import { createTestApp, type TestApp } from '../test/test-app';
import { AdmissionQueue } from './db/admission-queue';
import { projectNotes } from '../modules/notes/schema';
import { EMBEDDED_DATABASE_SLOTS, refusalLog, takesAdmissionSlot } from './request-admission';

type WsClient = { on(event: 'open' | 'error', listener: (error?: Error) => void): void; close(): void };
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, options?: { headers?: Record<string, string> }) => WsClient;

describe('admission to the embedded database, through the app', () => {
  let t: TestApp;
  let a: Agency;
  const MAX_QUEUED = 2;

  beforeAll(async () => {
    t = await createTestApp({ embedded: true, env: { EMBEDDED_DB_MAX_QUEUED: String(MAX_QUEUED) } });
    a = await seedAgency(t);
  });
  afterAll(() => t.close());

  const notesOf = async (projectId: string) =>
    (await t.db.select({ n: count() }).from(projectNotes).where(eq(projectNotes.projectId, projectId)))[0]!.n;

  it('answers a burst past the bound with 503 server_busy and Retry-After, serves the rest, and writes only what it answered', async () => {
    const queue = t.app.admissionQueue!;
    const before = { ...queue.counts };
    const notesBefore = await notesOf(a.projectId);
    const burst = 24;
    const responses = await Promise.all([
      ...Array.from({ length: burst }, (_, i) =>
        i % 2 === 0
          ? a.orgAdmin.inject({ method: 'GET', url: '/api/projects' })
          : a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/notes`, payload: { content: `Burst note ${i}` } }),
      ),
      // The health check never queues: a load balancer learns the server is alive, busy or not.
      t.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    const health = responses.pop()!;
    expect(health.statusCode).toBe(200);

    const statuses = responses.map((res) => res.statusCode);
    const busy = responses.filter((res) => res.statusCode === 503);
    const served = responses.filter((res) => res.statusCode === 200 || res.statusCode === 201);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(busy.length + served.length).toBe(burst);
    // The burst arrives at once: what holds a slot and what fits in line is served, no more.
    expect(served.length).toBe(EMBEDDED_DATABASE_SLOTS + MAX_QUEUED);
    for (const res of busy) {
      expect(res.json()).toEqual({ error: { code: 'server_busy', message: SERVER_BUSY_MESSAGES.refused.message } });
      expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      // Answered through the app's own hooks, with its security headers like any answer.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(queue.counts.queueFull - before.queueFull).toBe(busy.length);
    expect(queue.counts.admitted - before.admitted).toBe(served.length);

    // Refused before any handler ran: exactly the answered notes were written.
    const notesServed = responses.filter((res) => res.statusCode === 201).length;
    expect(await notesOf(a.projectId)).toBe(notesBefore + notesServed);
    expect([queue.busy, queue.waiting]).toEqual([0, 0]);
  });

  it('serves one request after another as before once the burst is over', async () => {
    for (let i = 0; i < 5; i++) expect((await a.orgAdmin.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(200);
  });

  it('holds no slot for an open live socket: with more sockets open than slots, a request is still served', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (t.app.server.address() as AddressInfo).port;
    const sockets: WsClient[] = [];
    try {
      for (let i = 0; i < EMBEDDED_DATABASE_SLOTS + 1; i++) {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/api/live`, { headers: { cookie: a.admin.cookie } });
        await new Promise<void>((resolve, reject) => {
          socket.on('open', () => resolve());
          socket.on('error', reject);
        });
        sockets.push(socket);
      }
      expect(t.app.admissionQueue!.busy).toBe(0);
      const res = await fetch(`http://127.0.0.1:${port}/api/projects`, { headers: { cookie: a.admin.cookie } });
      expect(res.status).toBe(200);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

describe('which routes take a slot', () => {
  it('the API and the dev mailbox; not the health check, the API document, the backup or uploads', () => {
    expect(takesAdmissionSlot({ url: '/api/projects', method: 'GET' })).toBe(true);
    expect(takesAdmissionSlot({ url: '/api/live', method: 'GET' })).toBe(true);
    expect(takesAdmissionSlot({ url: '/dev/mailbox', method: 'GET' })).toBe(true);
    expect(takesAdmissionSlot({ url: '/api/health', method: 'GET' })).toBe(false);
    expect(takesAdmissionSlot({ url: '/api/docs/json', method: 'GET' })).toBe(false);
    expect(takesAdmissionSlot({ url: '/api/internal/backup', method: 'POST' })).toBe(false);
    expect(takesAdmissionSlot({ url: '/api/internal/backup/archive', method: 'POST' })).toBe(false);
    expect(takesAdmissionSlot({ url: '/api/projects/:projectId/files', method: 'POST', schema: { consumes: ['multipart/form-data'] } })).toBe(false);
    expect(takesAdmissionSlot({ url: '/assets/index.js', method: 'GET' })).toBe(false);
  });
});

describe('the minute log of refusals', () => {
  it('writes one line while requests are refused, with the counts since the last line, and none while none are', () => {
    const queue = new AdmissionQueue({ slots: 1, maxQueued: 0, maxWaitMs: 1000 });
    const log = { warn: vi.fn() };
    const tick = refusalLog(queue, log);
    tick();
    expect(log.warn).not.toHaveBeenCalled();
    queue.enter(() => {}, () => {});
    for (let i = 0; i < 3; i++) queue.enter(() => {}, () => {});
    tick();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ queueFull: 3, waitedTooLong: 0, totalRefused: 3, admitted: 1 });
    tick();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});

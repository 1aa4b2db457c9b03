// /metrics and the health probes (issue 35 item 6): Prometheus text from loopback or with the
// token, a 404 to anyone else; requests by route pattern and status; the queues, jobs and live
// sockets; liveness without the database, readiness with it and its migrations. In production
// (issue 46 point 3) only the token opens it on the app's port, or METRICS_PORT's own listener.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, type TestUser } from '../test/as-user';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-0123456789';

describe('metrics and probes', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, webhooks: { background: false } });
    admin = await asUser(t, 'admin');
  });
  afterAll(() => t.close());

  const scrape = (options: { remoteAddress?: string; authorization?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: { ...options.headers, ...(options.authorization ? { authorization: options.authorization } : {}) },
    });

  it('answers Prometheus text on loopback or with the token, and a 404 to anyone else', async () => {
    const local = await scrape();
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(local.body).toContain('# TYPE brieflane_http_requests_total counter');
    expect((await scrape({ remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await scrape({ remoteAddress: '203.0.113.9', authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(404);
    expect((await scrape({ remoteAddress: '203.0.113.9', authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    // Relayed by a proxy on this machine (nginx in front of the app): the socket is loopback,
    // the client is not.
    expect((await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(404);
    expect((await scrape({ headers: { forwarded: 'for=203.0.113.9' } })).statusCode).toBe(404);
    expect((await scrape({ headers: { 'x-forwarded-for': '203.0.113.9' }, authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    // Not in the API document.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/metrics']).toBeUndefined();
  });

  it('takes any header a proxy adds as relayed, not only X-Forwarded-For (issue 46 point 3)', async () => {
    // nginx with only `proxy_set_header X-Real-IP`, a TLS terminator that says only which scheme
    // the client used, a caching proxy that adds Via: each connects from 127.0.0.1 for everyone.
    const relays: Record<string, string> = {
      'x-real-ip': '203.0.113.9',
      via: '1.1 proxy.example.com',
      'x-forwarded-host': 'brieflane.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-port': '443',
      'x-client-ip': '203.0.113.9',
      'true-client-ip': '203.0.113.9',
      'cf-connecting-ip': '203.0.113.9',
    };
    for (const [name, value] of Object.entries(relays)) {
      expect((await scrape({ headers: { [name]: value } })).statusCode, name).toBe(404);
      expect((await scrape({ headers: { [name]: value }, authorization: `Bearer ${TOKEN}` })).statusCode, name).toBe(200);
    }
  });

  it('counts requests by route pattern and status, never by the ids in the URL', async () => {
    const project = (await admin.inject({ method: 'GET', url: '/api/projects' })).statusCode;
    expect(project).toBe(200);
    await admin.inject({ method: 'GET', url: '/api/projects/00000000-0000-4000-8000-000000000001' });
    await admin.inject({ method: 'GET', url: '/api/projects/00000000-0000-4000-8000-000000000002' });
    const body = (await scrape()).body;
    expect(body).toMatch(/brieflane_http_requests_total\{method="GET",route="\/api\/projects",status_code="200"\} [1-9]/);
    expect(body).toMatch(/brieflane_http_requests_total\{method="GET",route="\/api\/projects\/:projectId",status_code="404"\} 2/);
    expect(body).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(body).toMatch(/brieflane_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/projects"/);
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('shows what waits in the outboxes, the embedded database queue, jobs and live sockets', async () => {
    await admin.inject({ method: 'POST', url: '/api/webhooks', remoteAddress: '127.0.0.1', payload: { url: 'https://93.184.215.14/hook', events: ['client'] } });
    await admin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Counted' } });
    const body = (await scrape()).body;
    expect(body).toMatch(/brieflane_outbox_pending\{queue="webhook"\} 1/);
    expect(body).toMatch(/brieflane_outbox_pending\{queue="email"\} \d+/);
    expect(body).toMatch(/brieflane_live_sockets 0/);
    if (t.database.kind === 'pglite') expect(body).toMatch(/brieflane_db_queue_waiting 0/);
    else expect(body).toMatch(/brieflane_db_pool_connections \d+/);
    expect(body).toContain('# TYPE brieflane_job_runs_total counter');
  });

  it('tells liveness from readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: t.database.kind });
    expect(ready.json().migrations).toBeGreaterThanOrEqual(17);
  });

  it('is not ready while a migration is missing, and live all the same', async () => {
    const other = await createTestApp({ webhooks: { background: false } });
    try {
      await other.db.execute('delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)');
      const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.code).toBe('migrations_pending');
      expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('metrics in production (issue 46 point 3)', () => {
  const get = (t: TestApp, options: { remoteAddress?: string; authorization?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      headers: options.authorization ? { authorization: options.authorization } : {},
    });

  it('answers only with the token: loopback alone is not enough', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', METRICS_TOKEN: TOKEN }, webhooks: { background: false } });
    try {
      const local = await get(t);
      expect(local.statusCode).toBe(404);
      expect(local.json().error.code).toBe('not_found');
      expect((await get(t, { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(404);
      const withToken = await get(t, { authorization: `Bearer ${TOKEN}` });
      expect(withToken.statusCode).toBe(200);
      expect(withToken.body).toContain('# TYPE brieflane_http_requests_total counter');
      expect((await get(t, { remoteAddress: '203.0.113.9', authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers nobody on the app\'s port without a token', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production' }, webhooks: { background: false } });
    try {
      expect((await get(t)).statusCode).toBe(404);
      expect((await get(t, { authorization: 'Bearer ' })).statusCode).toBe(404);
      // No METRICS_PORT: no second listener.
      expect(await t.app.metrics.listen()).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('answers on METRICS_PORT, a listener of its own on 127.0.0.1, and closes it with the app', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production', METRICS_PORT: '0' }, webhooks: { background: false } });
    let metricsUrl: string | undefined;
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const address = await t.app.metrics.listen();
      expect(address?.address).toBe('127.0.0.1');
      metricsUrl = `http://127.0.0.1:${address!.port}`;

      const scraped = await fetch(`${metricsUrl}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await scraped.text()).toContain('# TYPE brieflane_http_requests_total counter');
      // The same registry as the app's: a request on the app's port is counted there.
      expect((await fetch(`${appUrl}/api/health/live`)).status).toBe(200);
      expect(await (await fetch(`${metricsUrl}/metrics`)).text()).toMatch(/brieflane_http_requests_total\{method="GET",route="\/api\/health\/live",status_code="200"\} 1/);
      // Only /metrics, and not for a proxy pointed at it.
      expect((await fetch(`${metricsUrl}/api/health/live`)).status).toBe(404);
      expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(`${metricsUrl}/metrics`, { headers: { 'x-real-ip': '203.0.113.9' } })).status).toBe(404);
      // The app's own port still wants the token.
      expect((await fetch(`${appUrl}/metrics`)).status).toBe(404);
    } finally {
      await t.close();
    }
    expect(metricsUrl).toBeDefined();
    await expect(fetch(`${metricsUrl}/metrics`)).rejects.toThrow();
  });
});

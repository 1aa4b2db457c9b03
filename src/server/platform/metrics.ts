// What the server is doing, for Prometheus (issue 35 item 6): `GET /metrics` in the text format,
// made by prom-client (the Prometheus client for Node), with a registry per app so tests that
// build many apps never share counters. Requests by route and status with latency histograms,
// the event loop's delay and the process's memory (prom-client's defaults), the database pool or
// the embedded database's queue, the email outbox and webhook deliveries waiting, job runs and
// failures, live sockets. Who may read it (issue 46 point 3):
// - with `Authorization: Bearer METRICS_TOKEN`, always;
// - in development and test, also from loopback, unless a proxy relayed the request (nginx in
//   front on this machine connects from 127.0.0.1 for every client, docs/deploy.md);
// - in production, loopback alone is not enough: a proxy that adds no header (socat, stunnel, a
//   hand-written nginx site) would make every outside client loopback. There the token, or
//   METRICS_PORT: a second listener bound to 127.0.0.1 that serves only /metrics.
// Anyone else gets a 404, as for a route that is not there.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import { errorBody } from './errors';
import { jobStats } from './jobs';
import { isLoopbackAddress, isLoopbackRequest, isRelayed } from './loopback';
import type { Platform } from './platform';

export type Metrics = {
  registry: Registry;
  /** A value read when /metrics is asked (a live-socket count, a queue depth). */
  gauge: (name: string, help: string, read: () => number) => void;
  /**
   * Starts METRICS_PORT's listener on 127.0.0.1 (main.ts, before the app listens, so a port in
   * use stops the start); the app's close closes it. Its address, or undefined when unset.
   */
  listen: () => Promise<AddressInfo | undefined>;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const METRICS_ROUTE = '/metrics';

function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function mayRead(request: FastifyRequest, config: Pick<Config, 'env' | 'metricsToken'>): boolean {
  if (hasToken(request, config.metricsToken)) return true;
  if (config.env === 'production') return false;
  return isLoopbackRequest(request) && !isRelayed(request.headers);
}

const notFound = (method: string) => errorBody('not_found', `No route for ${method} ${METRICS_ROUTE}`);

/** METRICS_PORT's handler: GET /metrics from a loopback peer no proxy relayed, a 404 for the rest. */
function serveMetricsPort(registry: Registry) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const pathname = (request.url ?? '').split('?')[0];
    const method = request.method ?? 'GET';
    if ((method !== 'GET' && method !== 'HEAD') || pathname !== METRICS_ROUTE || !isLoopbackAddress(request.socket.remoteAddress) || isRelayed(request.headers)) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(notFound(method)));
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(method === 'HEAD' ? undefined : text),
      (error: unknown) => response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(errorBody('metrics_failed', (error as Error).message))),
    );
  };
}

/** Rows waiting in a table's queue; one indexed count each (both have a partial or status index). */
async function waiting(platform: Platform, table: 'email_outbox' | 'webhook_deliveries'): Promise<number> {
  const result = (await platform.db.execute(sql.raw(`select count(*)::int as n from ${table} where status = 'pending'`))) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

export function registerMetrics(app: FastifyInstance, platform: Platform): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let portListener: Server | undefined;
  const metrics: Metrics = {
    registry,
    gauge: (name, help, read) => {
      new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
    },
    listen: async () => {
      const port = platform.config.metricsPort;
      if (port === undefined) return undefined;
      const server = createServer(serveMetricsPort(registry));
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        // Loopback only, whatever HOST says: this port asks no token.
        server.listen({ host: '127.0.0.1', port }, () => {
          server.off('error', reject);
          resolve();
        });
      });
      portListener = server;
      return server.address() as AddressInfo;
    },
  };
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => {
    const server = portListener;
    if (!server) return;
    portListener = undefined;
    // A scraper keeps its connection open between scrapes: close it too, or close() waits for it.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'brieflane_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'brieflane_http_request_duration_seconds',
    help: 'Time to answer, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL (ids would make a series per row); 404s share one.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === METRICS_ROUTE) return;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'brieflane_outbox_pending',
    help: 'Rows waiting to be sent, by queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.set({ queue: 'email' }, await waiting(platform, 'email_outbox'));
      this.set({ queue: 'webhook' }, await waiting(platform, 'webhook_deliveries'));
    },
  });
  new Counter({
    name: 'brieflane_job_runs_total',
    help: 'Background job runs, by job and outcome',
    labelNames: ['job', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, stats] of jobStats) {
        this.inc({ job, outcome: 'ok' }, stats.runs - stats.failures);
        this.inc({ job, outcome: 'failed' }, stats.failures);
      }
    },
  });
  const pool = platform.database.pool;
  if (pool) {
    metrics.gauge('brieflane_db_pool_connections', 'PostgreSQL pool connections open', () => pool.totalCount);
    metrics.gauge('brieflane_db_pool_idle', 'PostgreSQL pool connections idle', () => pool.idleCount);
    metrics.gauge('brieflane_db_pool_waiting', 'Queries waiting for a PostgreSQL pool connection', () => pool.waitingCount);
  }

  app.get(METRICS_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, platform.config)) return reply.status(404).send(notFound('GET'));
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return metrics;
}

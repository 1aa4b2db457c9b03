// What the server is doing, for Prometheus (issue 35 item 6): `GET /metrics` in the text format,
// made by prom-client (the Prometheus client for Node), with a registry per app so tests that
// build many apps never share counters. Requests by route and status with latency histograms,
// the event loop's delay and the process's memory (prom-client's defaults), the database pool or
// the embedded database's queue, the email outbox and webhook deliveries waiting, job runs and
// failures, live sockets. Reachable from loopback, or with `Authorization: Bearer METRICS_TOKEN`;
// anyone else gets a 404, as for a route that is not there. A request a proxy relayed is not
// loopback, even from a proxy on this machine (nginx in front, docs/deploy.md), whichever header
// says so (loopback.ts `isRelayed`, issue 46 point 3).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import { errorBody } from './errors';
import { jobStats } from './jobs';
import { isLoopbackRequest, isRelayed } from './loopback';
import type { Platform } from './platform';

export type Metrics = {
  registry: Registry;
  /** A value read when /metrics is asked (a live-socket count, a queue depth). */
  gauge: (name: string, help: string, read: () => number) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const METRICS_ROUTE = '/metrics';

function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  // A reverse proxy on the same machine connects from 127.0.0.1 for every client it relays; the
  // header it adds says the request came from elsewhere (the deploy recipe's nginx sets it always).
  if (isLoopbackRequest(request) && !isRelayed(request.headers)) return true;
  if (!token) return false;
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Rows waiting in a table's queue; one indexed count each (both have a partial or status index). */
async function waiting(platform: Platform, table: 'email_outbox' | 'webhook_deliveries'): Promise<number> {
  const result = (await platform.db.execute(sql.raw(`select count(*)::int as n from ${table} where status = 'pending'`))) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

export function registerMetrics(app: FastifyInstance, platform: Platform): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    registry,
    gauge: (name, help, read) => {
      new Gauge({ name, help, registers: [registry], collect() { this.set(read()); } });
    },
  };
  app.decorate('metrics', metrics);

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
    if (!mayRead(request, platform.config.metricsToken)) return reply.status(404).send(errorBody('not_found', `No route for GET ${METRICS_ROUTE}`));
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return metrics;
}

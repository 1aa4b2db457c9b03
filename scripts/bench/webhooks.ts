// The `webhooks` benchmark (issue 30 item 2): what outgoing webhooks cost a write, and how fast
// the worker delivers. A real server (the demo organization, on the embedded database) takes task creations from 4 connections, alternately with no hook and with 3 hooks
// asking for tasks, each posting to a receiver on loopback; reported: the creation's p50/p99 both
// ways, and the deliveries' rate and lag (the change's time to its arrival at the receiver).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { signIn } from '../../src/server/proof/crash-harness';
import { startServer, stopServer } from '../../src/server/proof/server-process';

export type WebhookRound = { createP50: number; createP99: number; deliveriesPerSecond: number; lagP50: number; lagP99: number };
export type WebhookBench = { withoutHooks: WebhookRound[]; withHooks: WebhookRound[] };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
};

export async function measureWebhooks(options: { rounds: number; tasksPerRound: number }): Promise<WebhookBench> {
  const arrivals: { at: number; created: number }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrivals.push({ at: Date.now(), created: Date.parse((JSON.parse(Buffer.concat(chunks).toString()) as { created: string }).created) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-bench-webhooks-'));
  const server = await startServer({ SEED_DEMO: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', DATA_DIR: dataDir });
  try {
    const cookie = await signIn(server.base);
    const call = async (method: string, url: string, body?: object) => {
      const res = await fetch(`${server.base}${url}`, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? null : res.json();
    };
    const projectId = ((await call('GET', '/api/projects')) as { items: { id: string }[] }).items[0]!.id;
    const createTasks = async () => {
      const latencies: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < options.tasksPerRound) {
            next += 1;
            const started = performance.now();
            await call('POST', `/api/projects/${projectId}/tasks`, { title: `Bench task ${next}` });
            latencies.push(performance.now() - started);
          }
        }),
      );
      return latencies;
    };
    const result: WebhookBench = { withoutHooks: [], withHooks: [] };
    await createTasks(); // warm-up
    for (let round = 0; round < options.rounds; round++) {
      const bare = await createTasks();
      result.withoutHooks.push({ createP50: percentile(bare, 50), createP99: percentile(bare, 99), deliveriesPerSecond: 0, lagP50: 0, lagP99: 0 });
      const hooks = [];
      for (let h = 0; h < 3; h++) hooks.push((await call('POST', '/api/webhooks', { url: hookUrl, events: ['task'] })) as { id: string });
      arrivals.length = 0;
      const started = Date.now();
      const hooked = await createTasks();
      const expected = 3 * options.tasksPerRound;
      const deadline = Date.now() + 120_000;
      while (arrivals.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (arrivals.length < expected) throw new Error(`${arrivals.length} of ${expected} deliveries arrived within 120 s`);
      const lags = arrivals.map((a) => a.at - a.created);
      result.withHooks.push({
        createP50: percentile(hooked, 50),
        createP99: percentile(hooked, 99),
        deliveriesPerSecond: expected / ((Math.max(...arrivals.map((a) => a.at)) - started) / 1000),
        lagP50: percentile(lags, 50),
        lagP99: percentile(lags, 99),
      });
      for (const hook of hooks) await call('DELETE', `/api/webhooks/${hook.id}`);
    }
    return result;
  } finally {
    await stopServer(server, 'SIGTERM');
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

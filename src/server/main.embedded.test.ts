// The server process as an operator runs it: SIGTERM lets an in-flight request finish, tells
// live sockets the server is going away (1001), closes the database and exits 0. In production
// /metrics answers on METRICS_PORT's own loopback listener, which closes with the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFiles } from './platform/app-files';

type WsClient = {
  on(event: 'open', listener: () => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
};
// `ws` comes with @fastify/websocket and has no type declarations here.
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('the server process on SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-signal-'));
  let server: ChildProcess;
  let output = '';
  let base = '';
  let shareToken = '';
  let metricsPort = 0;

  beforeAll(async () => {
    metricsPort = await freePort();
    server = spawn(path.join(appFiles.root, 'node_modules', '.bin', 'tsx'), ['src/server/main.ts'], {
      cwd: appFiles.root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        SEED_DEMO: 'true',
        HOST: '127.0.0.1',
        PORT: '0',
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'info',
      },
    });
    const collect = (chunk: Buffer) => (output += chunk.toString());
    server.stdout!.on('data', collect);
    server.stderr!.on('data', collect);
    const started = Date.now();
    // The demo seed prints a share link; Fastify logs the address it listens on.
    while (!base || !shareToken) {
      if (Date.now() - started > 90_000 || server.exitCode !== null) throw new Error(`The server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      base = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
      shareToken = /project-access\/([\w-]+)/.exec(output)?.[1] ?? '';
    }
  }, 100_000);

  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /metrics on METRICS_PORT, and not on its own port without the token', async () => {
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE brieflane_http_requests_total counter');
    expect(output).toContain(`Metrics at http://127.0.0.1:${metricsPort}/metrics`);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });

  it('finishes the request in flight, closes live sockets with 1001 and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/project-access/${shareToken}/live`);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    const closeCode = new Promise<number>((resolve) => socket.on('close', resolve));

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'owner@brieflane.demo', password: 'demo-password' });
    const response = new Promise<number>((resolve, reject) => {
      const req = request(
        `${base}/api/auth/sign-in`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 300);
    });

    expect(await response).toBe(200);
    expect(await closeCode).toBe(1001);
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    expect(output).toContain('"msg":"stopped"');
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 30_000);
});

// `npm run bench [-- NAME... --runs=N --option=value]`: Brieflane's benchmarks. Each benchmark starts what it
// measures itself, on loopback only (ports 3300-3399), bounded in count and time, and returns
// rows for the table; all rows also go to bench-results/<time>.json. Add a benchmark by adding
// an entry to `benchmarks` below.
import { spawn, execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPostgres, runClosedLoop, runLoad, TIMEOUT_MS, type ClosedLoopResult } from './bench/load';
import { findNginx } from './deploy/cluster';
import { formatReport, percentile as percentileOf, runProof } from './deploy/proof';
import { measureLiveFanout } from './bench/live-fanout';
import { measureSharedPage } from './bench/shared-page';
import { measureTimeline } from './bench/timeline';
import { measureWebWeight } from './bench/web-weight';
import { measureWebhooks } from './bench/webhooks';
import { demoOwnerCookie } from './bench/demo-owner';
import { makeLargeJpeg, measureThumbnail } from './bench/thumbnails';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Row = {
  benchmark: string;
  case: string;
  metric: string;
  unit: string;
  /** The median where there were several runs. */
  value: number;
  runs: number[];
};

type BenchContext = {
  runs: number;
  /** The other `--name=value` arguments (`--name` alone is 'true'), for the benchmarks that take them. */
  options: Record<string, string>;
};

type Benchmark = {
  name: string;
  description: string;
  run: (ctx: BenchContext) => Promise<Row[]>;
};

// ---------------------------------------------------------------------------------------------
// A server under test: `node scripts/start.mjs`, what `npm start` runs (the built server in the
// same process), on the embedded database in a fresh DATA_DIR. buildOnce() builds beforehand, so
// no run includes the build.

type RunningServer = {
  baseUrl: string;
  /** The Node process running the server (start.mjs imports dist/server/main.js). */
  serverPid: number;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  startMs: number;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  for (let port = 3300; port <= 3399; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('No free port in 3300-3399');
}

let built = false;
function buildOnce() {
  if (built) return;
  console.log('Building once (npm run build), so that no run includes it...');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  built = true;
}

/** A fresh DATA_DIR unless one is given (a restart); a given one is left in place on stop. */
async function startServer(options: { seedDemo: boolean; dataDir?: string; timeoutMs?: number }): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  buildOnce();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    detached: true, // its own process group, so stop() ends the server and any child it started
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      SEED_DEMO: String(options.seedDemo),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // Already gone.
      }
      const killed = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) process.kill(-child.pid!, 'SIGKILL');
      await exit;
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline && !exited) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status === 200) {
        const startMs = performance.now() - started;
        return { baseUrl, serverPid: child.pid!, startMs, stop };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  await stop();
  throw new Error(`The server did not answer /api/health with 200${exited ? ' (it exited)' : ' in time'}. Its last output:\n${output}`);
}

/** Resident memory of a process in MiB, from /proc/<pid>/status (VmRSS, or VmHWM for the peak). */
function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`No ${field} in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

// ---------------------------------------------------------------------------------------------
// The benchmarks.

const benchmarks: Benchmark[] = [
  {
    name: 'load',
    description:
      '200 simulated staff users for 60 s, ~1 s think time: project lists (and searches), opening projects, task toggles, notes and 4 KB uploads on 200 projects; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set. Errors must be 0. With --closed: --connections=N (200) each sending its next request as soon as the last answered, for --seconds=S (60), over a staff member\'s mix on the demo data (project list, a search, a project, its tasks and notes, My Work, a task toggle, a new note): p50, p99, max, 503s and timeouts (over 20 s)',
    async run({ options, runs }) {
      const rows: Row[] = [];
      const targets: { label: string; databaseUrl?: string }[] = [{ label: 'pglite' }];
      if (process.env.BENCH_DATABASE_URL) targets.push({ label: 'postgres', databaseUrl: process.env.BENCH_DATABASE_URL });
      if (options.closed === 'true') {
        const connections = wholeNumberOption(options, 'connections', 200);
        const seconds = wholeNumberOption(options, 'seconds', 60);
        for (const target of targets) {
          // --runs=N rounds, each on a fresh server: the table shows the median and the range.
          const results: ClosedLoopResult[] = [];
          for (let round = 0; round < runs; round++) results.push(await runClosedLoop({ connections, seconds, databaseUrl: target.databaseUrl }));
          const each = (pick: (result: ClosedLoopResult) => number) => results.map(pick);
          const label = `${target.label}, closed loop, ${connections} connections, ${seconds} s`;
          const perSecond = Math.round(results.reduce((sum, result) => sum + result.requestsPerSecond, 0) / runs);
          rows.push(row('load', label, `requests (${perSecond}/s)`, 'requests', each((r) => r.requests)));
          rows.push(row('load', label, 'p50', 'ms', each((r) => r.p50)));
          rows.push(row('load', label, 'p99', 'ms', each((r) => r.p99)));
          rows.push(row('load', label, 'max', 'ms', each((r) => r.max)));
          rows.push(row('load', label, '503 answers', 'requests', each((r) => r.busy)));
          rows.push(row('load', label, `timeouts (over ${TIMEOUT_MS / 1000} s)`, 'requests', each((r) => r.timeouts)));
          rows.push(row('load', label, 'other errors', 'requests', each((r) => r.errors)));
          // Per route: the last round's figures.
          for (const route of results.at(-1)!.routes) {
            rows.push(row('load', `${target.label}, ${route.route}`, `p50 (n=${route.count})`, 'ms', [route.p50]));
            rows.push(row('load', `${target.label}, ${route.route}`, 'p99', 'ms', [route.p99]));
            rows.push(row('load', `${target.label}, ${route.route}`, 'max', 'ms', [route.max]));
          }
        }
        return rows;
      }
      for (const target of targets) {
        const result = await runLoad({ users: 200, seconds: 60, thinkMs: 1000, projects: 200, databaseUrl: target.databaseUrl });
        rows.push(row('load', target.label, 'requests/s', 'req/s', [result.requestsPerSecond]));
        rows.push(row('load', target.label, 'errors', 'requests', [result.errors]));
        rows.push(row('load', target.label, 'server RSS before', 'MiB', [result.rssBeforeMiB]));
        rows.push(row('load', target.label, 'server RSS after', 'MiB', [result.rssAfterMiB]));
        for (const route of result.routes) {
          rows.push(row('load', `${target.label}, ${route.route}`, `p50 (n=${route.count}, errors ${route.errors})`, 'ms', [route.p50]));
          rows.push(row('load', `${target.label}, ${route.route}`, 'p99', 'ms', [route.p99]));
        }
      }
      return rows;
    },
  },
  {
    name: 'failover',
    description:
      "The deployment recipe (deploy/) under load, as CI's npm run deploy-check at full size: nginx on deploy/nginx/brieflane.conf in front of three app servers started from the systemd unit, one PostgreSQL database (BENCH_DATABASE_URL or TEST_DATABASE_URL: a role that may create one) and a loopback S3 server; --users=300 simulated users (the load bench's) for --seconds=60 with kill -9 of one server at --kill-at=20 and its start at --start-at=40; then deploy/rolling-restart.sh under the same load; then --compare-seconds=30 of the same load on three servers and on one. Requests, failed requests and where, acknowledged writes checked, live pages' reconnect p50/p99; one run whatever --runs says",
    async run({ options }) {
      const adminDatabaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
      if (!adminDatabaseUrl || !findNginx()) {
        console.log(`  (skipped: failover needs ${adminDatabaseUrl ? 'nginx (apt-get install -y nginx)' : 'BENCH_DATABASE_URL=postgres://... of a role that may create a database'})`);
        return [];
      }
      const users = wholeNumberOption(options, 'users', 300);
      const settings = {
        adminDatabaseUrl,
        users,
        seconds: wholeNumberOption(options, 'seconds', 60),
        killAt: wholeNumberOption(options, 'kill-at', 20),
        startAt: wholeNumberOption(options, 'start-at', 40),
        thinkMs: 1000,
        projects: Math.max(40, Math.ceil((users * 2) / 3)),
        livePages: wholeNumberOption(options, 'live-pages', 30),
        rolling: true,
        compareSeconds: options['compare-seconds'] === '0' ? 0 : wholeNumberOption(options, 'compare-seconds', 30),
        log: (line: string) => console.log(`  ${line}`),
      };
      const report = await runProof(settings);
      console.log(formatReport(report, settings));
      if (report.problems.length) process.exitCode = 1;
      const f = report.failover;
      const label = `${settings.users} users, kill -9 at ${settings.killAt} s, start at ${settings.startAt} s`;
      const rows = [
        row('failover', label, `requests (${Math.round(f.perSecond)}/s)`, 'requests', [f.requests]),
        row('failover', label, 'p50', 'ms', [f.p50]),
        row('failover', label, 'p99', 'ms', [f.p99]),
        row('failover', label, 'failed requests (all in flight on the killed server)', 'requests', [f.failed]),
        row('failover', label, 'GETs in flight there, retried by nginx', 'requests', [f.retriedByNginx]),
        row('failover', label, 'sent to the dead server, refused, moved', 'requests', [f.movedAfterKill]),
        row('failover', label, `live pages reconnected (of ${f.livePages})`, 'pages', [f.livePagesOnKilled]),
        row('failover', label, 'reconnect p50', 'ms', [percentileOf(f.reconnectMs, 50)]),
        row('failover', label, 'reconnect p99', 'ms', [percentileOf(f.reconnectMs, 99)]),
      ];
      if (report.rolling) {
        const r = report.rolling;
        const rolling = `rolling restart, ${settings.users} users`;
        rows.push(row('failover', rolling, `requests (${Math.round(r.perSecond)}/s)`, 'requests', [r.requests]));
        rows.push(row('failover', rolling, 'failed requests', 'requests', [r.failed]));
        rows.push(row('failover', rolling, 'resent after a reload closed an idle connection', 'requests', [r.resent]));
        rows.push(row('failover', rolling, 'p99', 'ms', [r.p99]));
        rows.push(row('failover', rolling, 'three servers restarted in', 's', [r.restartSeconds]));
      }
      if (report.compare) {
        for (const [servers, figures] of [['three servers', report.compare.three], ['one server', report.compare.one]] as const) {
          rows.push(row('failover', `${servers}, ${settings.users} users`, 'requests/s', 'req/s', [figures.perSecond]));
          rows.push(row('failover', `${servers}, ${settings.users} users`, 'p50', 'ms', [figures.p50]));
          rows.push(row('failover', `${servers}, ${settings.users} users`, 'p99', 'ms', [figures.p99]));
        }
        rows.push(row('failover', 'three / one servers', 'throughput ratio', 'x', [report.compare.three.perSecond / report.compare.one.perSecond]));
      }
      rows.push(row('failover', 'all phases', 'acknowledged writes checked', 'writes', [report.writes.notes + report.writes.files + report.writes.tasks]));
      rows.push(row('failover', 'all phases', 'acknowledged writes missing', 'writes', [report.writes.missing.length]));
      return rows;
    },
  },
  {
    name: 'first-start',
    description:
      'Spawn of `node scripts/start.mjs` (the built server, as `npm start` runs it) to its first 200 from /api/health on a fresh DATA_DIR: database creation, migrations and the demo seed included',
    async run({ runs }) {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const server = await startServer({ seedDemo: true });
        times.push(server.startMs);
        await server.stop();
      }
      return [row('first-start', 'fresh DATA_DIR, demo seed', 'time to first 200', 'ms', times)];
    },
  },
  {
    name: 'restart',
    description: 'Spawn of `node scripts/start.mjs` to its first 200 from /api/health on an existing DATA_DIR (the demo seeded by a first start before)',
    async run({ runs }) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-'));
      try {
        await (await startServer({ seedDemo: true, dataDir })).stop();
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const server = await startServer({ seedDemo: true, dataDir });
          times.push(server.startMs);
          await server.stop();
        }
        return [row('restart', 'existing DATA_DIR', 'time to first 200', 'ms', times)];
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'idle-memory',
    description: 'RSS of the server process (`node scripts/start.mjs`) after a 5 s idle: after a first start (demo seed) and after a restart on that data',
    async run({ runs }) {
      const first = { rss: [] as number[], peak: [] as number[] };
      const restart = { rss: [] as number[], peak: [] as number[] };
      const measure = async (server: RunningServer, into: typeof first) => {
        try {
          await sleep(5_000);
          into.rss.push(Math.round(memoryMiB(server.serverPid, 'VmRSS')));
          into.peak.push(Math.round(memoryMiB(server.serverPid, 'VmHWM')));
        } finally {
          await server.stop();
        }
      };
      for (let i = 0; i < runs; i++) {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-'));
        try {
          await measure(await startServer({ seedDemo: true, dataDir }), first);
          await measure(await startServer({ seedDemo: true, dataDir }), restart);
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
      return [
        row('idle-memory', 'after a first start', 'RSS at idle', 'MiB', first.rss),
        row('idle-memory', 'after a first start', 'peak RSS (VmHWM)', 'MiB', first.peak),
        row('idle-memory', 'after a restart', 'RSS at idle', 'MiB', restart.rss),
        row('idle-memory', 'after a restart', 'peak RSS (VmHWM)', 'MiB', restart.peak),
      ];
    },
  },
  {
    name: 'project-list',
    description:
      'First page of GET /api/projects (plain, and searching "brand") for an admin of an organization with 10,000 projects and 1,000 clients, 32 connections for 10 s each, alternating with a bare Fastify route running the same SQL through the same driver (--runs rounds, ratios per round); PGlite, and PostgreSQL when BENCH_DATABASE_URL is set',
    async run({ runs }) {
      const rows: Row[] = [];
      const targets: { label: string; databaseUrl?: string }[] = [{ label: 'pglite' }];
      if (process.env.BENCH_DATABASE_URL) targets.push({ label: 'postgres', databaseUrl: process.env.BENCH_DATABASE_URL });
      else console.log('  (set BENCH_DATABASE_URL=postgres://... to measure PostgreSQL too)');
      for (const target of targets) {
        const server = await startListServer(target.databaseUrl);
        try {
          for (const [caseName, query] of [
            ['plain', ''],
            ['search', '?search=brand'],
          ] as const) {
            // Warmed up first (JIT, prepared statements, caches), unmeasured: otherwise the first
            // round's app p99 is its cold start, the bare route's far shorter one.
            await loadTest(`${server.appUrl}/api/projects${query}`, server.cookie, 32, 3);
            await loadTest(`${server.bareUrl}/bare/projects${query}`, undefined, 32, 3);
            // App and bare alternate, so a busy spell of the machine hits both alike.
            const apps: LoadResult[] = [];
            const bares: LoadResult[] = [];
            for (let i = 0; i < runs; i++) {
              apps.push(await loadTest(`${server.appUrl}/api/projects${query}`, server.cookie));
              bares.push(await loadTest(`${server.bareUrl}/bare/projects${query}`));
            }
            const label = `${target.label}, ${caseName}`;
            for (const [who, results] of [
              ['app', apps],
              ['bare SQL', bares],
            ] as const) {
              rows.push(row('project-list', `${label}, ${who}`, 'requests/s', 'req/s', results.map((r) => r.rps)));
              rows.push(row('project-list', `${label}, ${who}`, 'p50 latency', 'ms', results.map((r) => r.p50)));
              rows.push(row('project-list', `${label}, ${who}`, 'p99 latency', 'ms', results.map((r) => r.p99)));
            }
            rows.push(row('project-list', `${label}, app / bare`, 'throughput ratio', 'x', apps.map((r, i) => r.rps / bares[i]!.rps)));
            rows.push(row('project-list', `${label}, app / bare`, 'p99 ratio', 'x', apps.map((r, i) => r.p99 / bares[i]!.p99)));
            const failed = [...apps, ...bares].reduce((n, r) => n + r.failed, 0);
            if (failed) rows.push(row('project-list', label, 'errors or timeouts', 'requests', [failed]));
          }
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'token-call',
    description:
      "First page of GET /api/projects for the project-list organization's admin, signed in with the session cookie and with a personal API token, alternating, 32 connections for 10 s per round; the token/cookie ratios per round (issue 30: within 5 %); PGlite, and PostgreSQL when BENCH_DATABASE_URL is set",
    async run({ runs }) {
      const rows: Row[] = [];
      for (const target of benchTargets()) {
        const server = await startListServer(target.databaseUrl);
        try {
          const url = `${server.appUrl}/api/projects`;
          await loadTest(url, server.cookie, 32, 3);
          await loadTest(url, bearer(server.token!), 32, 3);
          const cookies: LoadResult[] = [];
          const tokens: LoadResult[] = [];
          for (let i = 0; i < runs; i++) {
            cookies.push(await loadTest(url, server.cookie));
            tokens.push(await loadTest(url, bearer(server.token!)));
          }
          for (const [who, results] of [
            ['cookie', cookies],
            ['token', tokens],
          ] as const) {
            rows.push(row('token-call', `${target.label}, ${who}`, 'requests/s', 'req/s', results.map((r) => r.rps)));
            rows.push(row('token-call', `${target.label}, ${who}`, 'p50 latency', 'ms', results.map((r) => r.p50)));
            rows.push(row('token-call', `${target.label}, ${who}`, 'p99 latency', 'ms', results.map((r) => r.p99)));
          }
          rows.push(row('token-call', `${target.label}, token / cookie`, 'throughput ratio', 'x', tokens.map((r, i) => r.rps / cookies[i]!.rps)));
          rows.push(row('token-call', `${target.label}, token / cookie`, 'p50 ratio', 'x', tokens.map((r, i) => r.p50 / cookies[i]!.p50)));
          const failed = [...cookies, ...tokens].reduce((n, r) => n + r.failed, 0);
          if (failed) rows.push(row('token-call', target.label, 'errors or timeouts', 'requests', [failed]));
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'webhooks',
    description:
      'Task creations (200 a round, 4 connections) on the embedded database with no webhook and with 3 hooks asking for tasks, alternating; the creation p50/p99 both ways and their ratio, and the deliveries to a loopback receiver: per second and lag from change to arrival (issue 30)',
    async run({ runs }) {
      const { withoutHooks, withHooks } = await measureWebhooks({ rounds: runs, tasksPerRound: 200 });
      return [
        row('webhooks', 'no hook', 'task create p50', 'ms', withoutHooks.map((r) => r.createP50)),
        row('webhooks', 'no hook', 'task create p99', 'ms', withoutHooks.map((r) => r.createP99)),
        row('webhooks', '3 hooks', 'task create p50', 'ms', withHooks.map((r) => r.createP50)),
        row('webhooks', '3 hooks', 'task create p99', 'ms', withHooks.map((r) => r.createP99)),
        row('webhooks', '3 hooks / no hook', 'p50 ratio', 'x', withHooks.map((r, i) => r.createP50 / withoutHooks[i]!.createP50)),
        row('webhooks', '3 hooks', 'deliveries', 'per s', withHooks.map((r) => r.deliveriesPerSecond)),
        row('webhooks', '3 hooks', 'lag p50', 'ms', withHooks.map((r) => r.lagP50)),
        row('webhooks', '3 hooks', 'lag p99', 'ms', withHooks.map((r) => r.lagP99)),
      ];
    },
  },
  {
    name: 'project-list-growth',
    description:
      'First page of GET /api/projects (plain) for an admin of organizations with 1,000, 10,000 and 100,000 projects, 8 connections for 10 s per round; p50 and p99 per size and the 100k/1k p50 ratio; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set',
    async run({ runs }) {
      const rows: Row[] = [];
      for (const target of benchTargets()) {
        const p50s = new Map<number, number[]>();
        for (const projects of [1_000, 10_000, 100_000]) {
          const server = await startListServer(target.databaseUrl, { projects });
          try {
            const results: LoadResult[] = [];
            for (let i = 0; i < runs; i++) results.push(await loadTest(`${server.appUrl}/api/projects`, server.cookie, 8));
            const label = `${target.label}, ${projects.toLocaleString('en')} projects`;
            rows.push(row('project-list-growth', label, 'p50 latency', 'ms', results.map((r) => r.p50)));
            rows.push(row('project-list-growth', label, 'p99 latency', 'ms', results.map((r) => r.p99)));
            rows.push(row('project-list-growth', label, 'requests/s', 'req/s', results.map((r) => r.rps)));
            p50s.set(projects, results.map((r) => r.p50));
          } finally {
            await server.stop();
          }
        }
        const small = p50s.get(1_000)!;
        rows.push(row('project-list-growth', `${target.label}, 100,000 / 1,000`, 'p50 ratio', 'x', p50s.get(100_000)!.map((v, i) => v / Math.max(small[i]!, 1))));
      }
      return rows;
    },
  },
  {
    name: 'reports',
    description:
      'GET /api/reports (All Time, and Last 30 Days, whose start falls among the tasks) for an admin of an organization with 10,000 projects and 100,000 tasks (one a minute over 69 days), 8 connections for 10 s per round; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set',
    async run({ runs }) {
      const rows: Row[] = [];
      for (const target of benchTargets()) {
        const server = await startListServer(target.databaseUrl, { projects: 10_000, tasks: 100_000 });
        try {
          for (const [range, query] of [
            ['all time', ''],
            ['30 days', '?range=30d'],
          ] as const) {
            const results: LoadResult[] = [];
            for (let i = 0; i < runs; i++) results.push(await loadTest(`${server.appUrl}/api/reports${query}`, server.cookie, 8));
            const label = `${target.label}, ${range}`;
            rows.push(row('reports', label, 'requests/s', 'req/s', results.map((r) => r.rps)));
            rows.push(row('reports', label, 'p50 latency', 'ms', results.map((r) => r.p50)));
            rows.push(row('reports', label, 'p99 latency', 'ms', results.map((r) => r.p99)));
          }
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'time-report',
    description:
      "GET /api/reports/time for a year by client (and by member), for an admin of an organization with 50 members logging 8 entries every weekday of 2025 (~104,000 entries), each on 6 of the 1,000 projects a month, beside the bare route running the service's own statement (whole months from the monthly totals) and the same report read from every entry; 8 connections for 10 s per round; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set (issue 32: p99 <= 250 ms on PGlite, <= 100 ms on PostgreSQL)",
    async run({ runs }) {
      const rows: Row[] = [];
      for (const target of benchTargets()) {
        const server = await startListServer(target.databaseUrl, { projects: 1_000, timeMembers: 50 });
        try {
          for (const groupBy of ['client', 'member'] as const) {
            const query = `from=2025-01-01&to=2025-12-31&groupBy=${groupBy}`;
            const apps: LoadResult[] = [];
            const bares: LoadResult[] = [];
            const fromEntries: LoadResult[] = [];
            for (let i = 0; i < runs; i++) {
              apps.push(await loadTest(`${server.appUrl}/api/reports/time?${query}`, server.cookie, 8));
              bares.push(await loadTest(`${server.bareUrl}/bare/reports/time?${query}`, undefined, 8));
              fromEntries.push(await loadTest(`${server.bareUrl}/bare/reports/time?${query}&entries=1`, undefined, 8));
            }
            for (const [who, results] of [['app', apps], ['bare', bares], ['bare, every entry read', fromEntries]] as const) {
              const label = `${target.label}, by ${groupBy}, ${who}`;
              rows.push(row('time-report', label, 'requests/s', 'req/s', results.map((r) => r.rps)));
              rows.push(row('time-report', label, 'p50 latency', 'ms', results.map((r) => r.p50)));
              rows.push(row('time-report', label, 'p99 latency', 'ms', results.map((r) => r.p99)));
            }
            rows.push(row('time-report', `${target.label}, by ${groupBy}, app / bare`, 'p99 ratio', 'x', apps.map((r, i) => r.p99 / bares[i]!.p99)));
          }
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'neighbours',
    description:
      'First page of GET /api/projects (plain) at 32 connections for 10 s, alone and with a neighbour at the same time: 2 connections on the reports (All Time, and Last 30 Days) or on searches; the list\'s p50 and p99 and the neighbour\'s requests/s, for an organization with 10,000 projects and 100,000 tasks. On the embedded database every statement waits its turn on one connection, so this is how much one slow kind of request stalls the rest; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set',
    async run({ runs }) {
      const rows: Row[] = [];
      for (const target of benchTargets()) {
        const server = await startListServer(target.databaseUrl, { projects: 10_000, tasks: 100_000 });
        try {
          for (const [neighbour, path] of [
            ['alone', undefined],
            ['reports, all time', '/api/reports'],
            ['reports, 30 days', '/api/reports?range=30d'],
            ['search', '/api/projects?search=brand'],
          ] as const) {
            const lists: LoadResult[] = [];
            const others: LoadResult[] = [];
            for (let i = 0; i < runs; i++) {
              const [list, other] = await Promise.all([
                loadTestAsync(`${server.appUrl}/api/projects`, server.cookie, 32),
                path ? loadTestAsync(`${server.appUrl}${path}`, server.cookie, 2) : undefined,
              ]);
              lists.push(list);
              if (other) others.push(other);
            }
            const label = `${target.label}, list ${neighbour === 'alone' ? 'alone' : `beside ${neighbour}`}`;
            rows.push(row('neighbours', label, 'list requests/s', 'req/s', lists.map((r) => r.rps)));
            rows.push(row('neighbours', label, 'list p50 latency', 'ms', lists.map((r) => r.p50)));
            rows.push(row('neighbours', label, 'list p99 latency', 'ms', lists.map((r) => r.p99)));
            if (others.length) {
              rows.push(row('neighbours', label, 'neighbour requests/s', 'req/s', others.map((r) => r.rps)));
              rows.push(row('neighbours', label, 'neighbour p99 latency', 'ms', others.map((r) => r.p99)));
            }
          }
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'my-work',
    description:
      "GET /api/my-work (first page) for a developer with 5,000 open tasks over the 500 projects they are assigned to (of 1,000; 30,000 tasks in all), 8 connections for 10 s per round, alternating with a bare route running the same SQL; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set",
    async run({ runs }) {
      const rows: Row[] = [];
      for (const target of benchTargets()) {
        const server = await startListServer(target.databaseUrl, {}, 'scripts/bench/my-work-server.ts');
        try {
          const apps: LoadResult[] = [];
          const bares: LoadResult[] = [];
          for (let i = 0; i < runs; i++) {
            apps.push(await loadTest(`${server.appUrl}/api/my-work`, server.cookie, 8));
            bares.push(await loadTest(`${server.bareUrl}/bare/my-work`, undefined, 8));
          }
          for (const [who, results] of [
            ['app', apps],
            ['bare SQL', bares],
          ] as const) {
            rows.push(row('my-work', `${target.label}, ${who}`, 'requests/s', 'req/s', results.map((r) => r.rps)));
            rows.push(row('my-work', `${target.label}, ${who}`, 'p50 latency', 'ms', results.map((r) => r.p50)));
            rows.push(row('my-work', `${target.label}, ${who}`, 'p99 latency', 'ms', results.map((r) => r.p99)));
          }
          rows.push(row('my-work', `${target.label}, app / bare`, 'throughput ratio', 'x', apps.map((r, i) => r.rps / bares[i]!.rps)));
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'timesheet',
    description:
      "GET /api/time/timesheet (one member's week) with 50 members × a year of time (100,400 entries over 100 projects of 10 tasks), one connection for 10 s per round (a member's wait, not a queue), alternating with a bare route running the same grouped SQL; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set",
    async run({ runs }) {
      const rows: Row[] = [];
      for (const target of benchTargets()) {
        const server = await startListServer(target.databaseUrl, {}, 'scripts/bench/timesheet-server.ts');
        try {
          console.log(`timesheet: ${server.entries} entries seeded (${target.label}); week of ${server.week}`);
          const apps: LoadResult[] = [];
          const bares: LoadResult[] = [];
          for (let i = 0; i < runs; i++) {
            apps.push(await loadTest(`${server.appUrl}/api/time/timesheet?week=${server.week}`, server.cookie, 1));
            bares.push(await loadTest(`${server.bareUrl}/bare/timesheet`, undefined, 1));
          }
          for (const [who, results] of [
            ['app', apps],
            ['bare SQL', bares],
          ] as const) {
            rows.push(row('timesheet', `${target.label}, ${who}`, 'requests/s', 'req/s', results.map((r) => r.rps)));
            rows.push(row('timesheet', `${target.label}, ${who}`, 'p50 latency', 'ms', results.map((r) => r.p50)));
            rows.push(row('timesheet', `${target.label}, ${who}`, 'p99 latency', 'ms', results.map((r) => r.p99)));
          }
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'comments',
    description:
      "GET a task's first page of comments (50 of 2,000, with the total) as its project's admin, 8 connections for 10 s per round, alternating with a bare route running the same SQL; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set (issue 29: p99 <= 60 ms on PGlite, <= 30 ms on PostgreSQL)",
    async run({ runs }) {
      const rows: Row[] = [];
      for (const target of benchTargets()) {
        const server = await startListServer(target.databaseUrl, {}, 'scripts/bench/comments-server.ts');
        try {
          // Warmed up first, unmeasured (JIT, prepared statements, caches).
          await loadTest(`${server.appUrl}${server.appPath}`, server.cookie, 8, 3);
          await loadTest(`${server.bareUrl}/bare/comments`, undefined, 8, 3);
          const apps: LoadResult[] = [];
          const bares: LoadResult[] = [];
          for (let i = 0; i < runs; i++) {
            apps.push(await loadTest(`${server.appUrl}${server.appPath}`, server.cookie, 8));
            bares.push(await loadTest(`${server.bareUrl}/bare/comments`, undefined, 8));
          }
          for (const [who, results] of [
            ['app', apps],
            ['bare SQL', bares],
          ] as const) {
            rows.push(row('comments', `${target.label}, ${who}`, 'requests/s', 'req/s', results.map((r) => r.rps)));
            rows.push(row('comments', `${target.label}, ${who}`, 'p50 latency', 'ms', results.map((r) => r.p50)));
            rows.push(row('comments', `${target.label}, ${who}`, 'p99 latency', 'ms', results.map((r) => r.p99)));
          }
          rows.push(row('comments', `${target.label}, app / bare`, 'throughput ratio', 'x', apps.map((r, i) => r.rps / bares[i]!.rps)));
          const failed = [...apps, ...bares].reduce((n, r) => n + r.failed, 0);
          if (failed) rows.push(row('comments', target.label, 'errors or timeouts', 'requests', [failed]));
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'search',
    description:
      'GET /api/search?q= as an admin of an organization of 10,000 projects, 100,000 tasks and 50,000 notes (another organization present): a rare word, a common word, two words and a typo, 8 connections for 10 s each per round, alternating with a bare route running the same statement; the seed time; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set (issue 34: p99 <= 150 ms on PGlite, <= 50 ms on PostgreSQL)',
    async run({ runs, options }) {
      const rows: Row[] = [];
      // `--target=postgres` (or pglite) measures one database only.
      for (const target of benchTargets().filter((t) => !options.target || t.label === options.target)) {
        const server = (await startListServer(target.databaseUrl, {}, 'scripts/bench/search-server.ts')) as ListServer & { seedMs?: number; queries?: Record<string, string> };
        try {
          rows.push(row('search', target.label, 'seed 160,000 rows (two organizations: 192,000)', 'ms', [server.seedMs ?? 0]));
          for (const [label, q] of Object.entries(server.queries ?? {})) {
            const appUrl = `${server.appUrl}/api/search?q=${encodeURIComponent(q)}`;
            const bareUrl = `${server.bareUrl}/bare/search?q=${encodeURIComponent(q)}`;
            // Warmed up first, unmeasured (JIT, caches).
            await loadTest(appUrl, server.cookie, 8, 3);
            await loadTest(bareUrl, undefined, 8, 3);
            const apps: LoadResult[] = [];
            const bares: LoadResult[] = [];
            for (let i = 0; i < runs; i++) {
              apps.push(await loadTest(appUrl, server.cookie, 8));
              bares.push(await loadTest(bareUrl, undefined, 8));
            }
            for (const [who, results] of [
              ['app', apps],
              ['bare SQL', bares],
            ] as const) {
              const name = `${target.label}, ${label} ("${q}"), ${who}`;
              rows.push(row('search', name, 'requests/s', 'req/s', results.map((r) => r.rps)));
              rows.push(row('search', name, 'p50 latency', 'ms', results.map((r) => r.p50)));
              rows.push(row('search', name, 'p99 latency', 'ms', results.map((r) => r.p99)));
            }
            const failed = [...apps, ...bares].reduce((n, r) => n + r.failed, 0);
            if (failed) rows.push(row('search', `${target.label}, ${label}`, 'errors or timeouts', 'requests', [failed]));
          }
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'export',
    description:
      'GET /api/projects/export (CSV, every page) for an admin of the project-list organization (10,000 projects): time, rows, and the server process RSS before and at its peak during the download (sampled every 20 ms); PGlite, and PostgreSQL when BENCH_DATABASE_URL is set',
    async run({ runs }) {
      const rows: Row[] = [];
      const targets: { label: string; databaseUrl?: string }[] = [{ label: 'pglite' }];
      if (process.env.BENCH_DATABASE_URL) targets.push({ label: 'postgres', databaseUrl: process.env.BENCH_DATABASE_URL });
      for (const target of targets) {
        const server = await startListServer(target.databaseUrl);
        try {
          const times: number[] = [];
          const growth: number[] = [];
          let before = 0;
          let lines = 0;
          for (let i = 0; i < runs; i++) {
            before = memoryMiB(server.pid, 'VmRSS');
            let peak = before;
            const sampler = setInterval(() => (peak = Math.max(peak, memoryMiB(server.pid, 'VmRSS'))), 20);
            const started = performance.now();
            const res = await fetch(`${server.appUrl}/api/projects/export`, { headers: { cookie: server.cookie } });
            if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`);
            lines = 0;
            for await (const chunk of res.body!) lines += (chunk as Uint8Array).reduce((n, byte) => n + (byte === 10 ? 1 : 0), 0);
            times.push(performance.now() - started);
            clearInterval(sampler);
            growth.push(peak - before);
          }
          rows.push(row('export', target.label, `time (${lines - 1} rows)`, 'ms', times));
          rows.push(row('export', target.label, 'server RSS before', 'MiB', [before]));
          rows.push(row('export', target.label, 'server RSS growth at peak', 'MiB', growth));
        } finally {
          await server.stop();
        }
      }
      return rows;
    },
  },
  {
    name: 'backup',
    description:
      'npm run backup and restore on the embedded database: the demo organization alone, and with 10,000 more projects over 1,000 clients; archive size, time to write it, time to restore it into an empty migrated database',
    async run({ runs }) {
      const rows: Row[] = [];
      for (const [label, projects] of [
        ['demo organization', 0],
        ['demo + 10,000 projects', 10_000],
      ] as const) {
        const result = await runBackupCase(projects, runs);
        rows.push(row('backup', label, 'archive size', 'KiB', [result.bytes / 1024]));
        rows.push(row('backup', label, 'rows', 'rows', [result.rows]));
        rows.push(row('backup', label, 'backup time', 'ms', result.backupMs));
        rows.push(row('backup', label, 'restore time', 'ms', result.restoreMs));
      }
      return rows;
    },
  },
  {
    name: 'web-weight',
    description:
      "A first visit's JavaScript per route (sign-in, a share link, the signed-in projects page): from the build's manifest raw, gzip and brotli (once: the byte counts do not vary); as Debian's Chromium receives it from the built server, with LCP and CLS; and Lighthouse's mobile performance and accessibility scores when the lighthouse package is installed (--runs times each: Lighthouse's scores move with the machine's load)",
    async run({ runs }) {
      const server = await startServer({ seedDemo: true });
      try {
        const rows = await measureWebWeight(root, server.baseUrl, runs);
        return rows.map((r) => row('web-weight', r.route, r.metric, r.unit, r.values));
      } finally {
        await server.stop();
      }
    },
  },
  {
    name: 'live-fanout',
    description:
      "What a change costs the server when many pages listen: 50 live sockets of the demo owner (each its own session) on the built server, 40 task status changes through the API one at a time, each until every socket heard it; the time and the server's CPU time per round (issue 28 item 3)",
    async run({ runs }) {
      const server = await startServer({ seedDemo: true });
      try {
        const rows = await measureLiveFanout(server.baseUrl, server.serverPid, runs);
        return rows.map((r) => row('live-fanout', r.case, r.metric, r.unit, r.values));
      } finally {
        await server.stop();
      }
    },
  },
  {
    name: 'thumbnails',
    description:
      'A 20 MB JPEG uploaded to the built server on the embedded database (demo organization): the upload with its server-made thumbnail (target under 2 s), the slowest /api/health answer while it ran (asked every 10 ms: the event loop stays free), and the growth of the server RSS (target under 100 MiB) (issue 33)',
    async run({ runs }) {
      const jpeg = await makeLargeJpeg(20 * 1024 * 1024);
      const server = await startServer({ seedDemo: true });
      try {
        const cookie = await demoOwnerCookie(server.baseUrl);
        const projects = (await (await fetch(`${server.baseUrl}/api/projects?limit=1`, { headers: { cookie } })).json()) as { items: { id: string }[] };
        const projectId = projects.items[0]!.id;
        const results = [];
        for (let i = 0; i < runs; i++) results.push(await measureThumbnail(server.baseUrl, cookie, projectId, jpeg, () => memoryMiB(server.serverPid, 'VmRSS')));
        if (results.some((r) => !r.hasThumbnail)) throw new Error('an upload made no thumbnail');
        return [
          row('thumbnails', `${(jpeg.length / 1024 / 1024).toFixed(1)} MiB JPEG`, 'upload with thumbnail', 'ms', results.map((r) => r.uploadMs)),
          row('thumbnails', 'health during upload', 'slowest answer', 'ms', results.map((r) => r.healthMaxMs)),
          row('thumbnails', 'health during upload', 'p50', 'ms', results.map((r) => r.healthP50Ms)),
          row('thumbnails', 'health during upload', 'answers', 'count', results.map((r) => r.healthAnswers)),
          row('thumbnails', 'server', 'RSS growth (peak)', 'MiB', results.map((r) => r.rssGrowthMiB)),
        ];
      } finally {
        await server.stop();
      }
    },
  },
  {
    name: 'shared-page',
    description:
      "A signed-out client's wait for a shared page, in Debian's Chromium against the built server, fresh context each run: navigation start to the first task title (share link) or the form ready to answer (intake link); target under 500 ms on loopback (issue 27 item 20)",
    async run({ runs }) {
      const server = await startServer({ seedDemo: true });
      try {
        const rows = await measureSharedPage(server.baseUrl, Math.max(runs, 5));
        return rows.map((r) => row('shared-page', r.route, r.metric, r.unit, r.values));
      } finally {
        await server.stop();
      }
    },
  },
  {
    name: 'timeline',
    description:
      "A project's timeline of 1,000 scheduled tasks in Debian's Chromium against the built server, as the demo owner: choosing Timeline until the 1,000 bars are drawn, and the longest task while drawing and while scrolling; target no long task over 200 ms (issue 51)",
    async run({ runs }) {
      const server = await startServer({ seedDemo: true });
      try {
        const rows = await measureTimeline(server.baseUrl, Math.max(runs, 3));
        return rows.map((r) => row('timeline', '1,000 tasks', r.metric, r.unit, r.values));
      } finally {
        await server.stop();
      }
    },
  },
];

/** scripts/bench/backup-case.ts in its own process; its one JSON line. */
function runBackupCase(projects: number, runs: number): Promise<{ backupMs: number[]; restoreMs: number[]; bytes: number; rows: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/backup-case.ts'], {
      cwd: root,
      env: { ...process.env, BENCH_PROJECTS: String(projects), BENCH_RUNS: String(runs) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line));
      else reject(new Error(`backup-case exited with ${code}: ${out}`));
    });
  });
}

/** PGlite always; PostgreSQL too when BENCH_DATABASE_URL names a database the bench may fill. */
function benchTargets(): { label: string; databaseUrl?: string }[] {
  const targets: { label: string; databaseUrl?: string }[] = [{ label: 'pglite' }];
  if (process.env.BENCH_DATABASE_URL) targets.push({ label: 'postgres', databaseUrl: process.env.BENCH_DATABASE_URL });
  else console.log('  (set BENCH_DATABASE_URL=postgres://... to measure PostgreSQL too)');
  return targets;
}

type ListServer = { pid: number; appUrl: string; bareUrl: string; cookie: string; token?: string; appPath?: string; week?: string; entries?: number; stop: () => Promise<void> };

/**
 * scripts/bench/project-list-server.ts in its own process, seeded, listening on two ports. On
 * PostgreSQL it seeds a new database on the server `databaseUrl` names, dropped when it stops:
 * an earlier run's rows left in the same database slowed the search bench's common word 4x.
 */
async function startListServer(
  baseDatabaseUrl: string | undefined,
  sizes: { projects?: number; tasks?: number; timeMembers?: number } = {},
  script = 'scripts/bench/project-list-server.ts',
): Promise<ListServer> {
  const port = await freePort();
  const database = baseDatabaseUrl ? await freshPostgres(baseDatabaseUrl) : undefined;
  const databaseUrl = database?.url;
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [script], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      BENCH_PORT: String(port),
      BENCH_DATABASE_URL: databaseUrl ?? '',
      BENCH_PROJECTS: String(sizes.projects ?? ''),
      BENCH_TASKS: String(sizes.tasks ?? ''),
      BENCH_TIME_MEMBERS: String(sizes.timeMembers ?? ''),
    },
  });
  let output = '';
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(10_000)]);
    await database?.drop();
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`The project-list server did not get ready in 5 minutes:\n${output}`));
    }, 300_000);
    child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      const line = output.split('\n').find((l) => l.startsWith('{') && l.includes('"ready"'));
      if (!line) return;
      clearTimeout(timer);
      const ready = JSON.parse(line) as { pid: number; appUrl: string; bareUrl: string; cookie: string; token?: string; appPath?: string; seedMs?: number; queries?: Record<string, string>; week?: string; entries?: number };
      resolve({ ...ready, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      void database?.drop();
      reject(new Error(`The project-list server exited (${code}):\n${output}`));
    });
  });
}

/** autocannon as its own process: 32 connections for 10 s by default (30 s request timeout); only 200s count. */
type LoadResult = { rps: number; p50: number; p99: number; failed: number };

/** A personal API token as loadTest's credential (issue 30), instead of a session cookie. */
function bearer(token: string): string {
  return `authorization=Bearer ${token}`;
}

function autocannonArgs(url: string, cookie: string | undefined, connections: number, seconds = 10): string[] {
  const header = cookie?.startsWith('authorization=') ? cookie : cookie ? `cookie=${cookie}` : undefined;
  return ['-c', String(connections), '-d', String(seconds), '-t', '30', '-j', ...(header ? ['-H', header] : []), url];
}

async function loadTest(url: string, cookie?: string, connections = 32, seconds = 10): Promise<LoadResult> {
  const output = execFileSync(path.join(root, 'node_modules', '.bin', 'autocannon'), autocannonArgs(url, cookie, connections, seconds), {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 90_000,
  });
  return loadResult(url, output);
}

/** The same, without blocking: two loads at once. */
function loadTestAsync(url: string, cookie: string | undefined, connections: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'autocannon'),
      autocannonArgs(url, cookie, connections),
      { cwd: root, encoding: 'utf8', timeout: 90_000 },
      (error, output) => {
        if (error) reject(error);
        else {
          try {
            resolve(loadResult(url, output));
          } catch (parseError) {
            reject(parseError as Error);
          }
        }
      },
    );
  });
}

function loadResult(url: string, output: string): LoadResult {
  const result = JSON.parse(output) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers under load`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.errors + result.timeouts };
}

// ---------------------------------------------------------------------------------------------

function row(benchmark: string, caseName: string, metric: string, unit: string, runs: number[]): Row {
  const rounded = runs.map((v) => Math.round(v * 10) / 10);
  return { benchmark, case: caseName, metric, unit, value: median(rounded), runs: rounded };
}

/** `--name=N`, a whole number of at least 1, or `fallback`; anything else stops the run. */
function wholeNumberOption(options: Record<string, string>, name: string, fallback: number): number {
  if (options[name] === undefined) return fallback;
  const value = Number(options[name]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1, not ${options[name]}`);
  return value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 10) / 10;
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function printTable(rows: Row[]) {
  const header = ['benchmark', 'case', 'metric', 'median', 'min–max', 'runs'];
  const lines = rows.map((r) => [
    r.benchmark,
    r.case,
    r.metric,
    `${r.value} ${r.unit}`,
    `${Math.min(...r.runs)}–${Math.max(...r.runs)}`,
    r.runs.join(', '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

async function main() {
  const args = process.argv.slice(2);
  const runsArg = args.find((a) => a.startsWith('--runs='));
  const runs = Math.min(Math.max(Number(runsArg?.split('=')[1] ?? 5) || 5, 1), 10);
  const names = args.filter((a) => !a.startsWith('--'));
  const options = Object.fromEntries(
    args
      .filter((a) => a.startsWith('--') && !a.startsWith('--runs='))
      .map((a) => {
        const [name, ...value] = a.slice(2).split('=');
        return [name!, value.length ? value.join('=') : 'true'];
      }),
  );
  const unknown = names.filter((n) => !benchmarks.some((b) => b.name === n));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.name).join(', ')}`);
    process.exit(2);
  }
  const selected = names.length ? benchmarks.filter((b) => names.includes(b.name)) : benchmarks;
  const loadBefore = os.loadavg()[0]!;
  if (loadBefore > os.cpus().length / 2) {
    console.warn(`Warning: the machine is busy (load average ${loadBefore.toFixed(1)} on ${os.cpus().length} cores); timings will be slower than on an idle machine.`);
  }

  const rows: Row[] = [];
  for (const benchmark of selected) {
    console.log(`Running ${benchmark.name} (${runs} run${runs > 1 ? 's' : ''} per case): ${benchmark.description}`);
    rows.push(...(await benchmark.run({ runs, options })));
  }
  printTable(rows);

  const when = new Date();
  const result = {
    when: when.toISOString(),
    commit: gitCommit(),
    machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg()[0] },
    runsPerCase: runs,
    options,
    benchmarks: selected.map((b) => ({ name: b.name, description: b.description })),
    rows,
  };
  const dir = path.join(root, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${when.toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nResults written to ${path.relative(root, file)}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// `npm run bench [-- NAME... --runs=N]`: Brieflane's benchmarks. Each benchmark starts what it
// measures itself, on loopback only (ports 3300-3399), bounded in count and time, and returns
// rows for the table; all rows also go to bench-results/<time>.json. Add a benchmark by adding
// an entry to `benchmarks` below.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

type BenchContext = { runs: number };

type Benchmark = {
  name: string;
  description: string;
  run: (ctx: BenchContext) => Promise<Row[]>;
};

// ---------------------------------------------------------------------------------------------
// A server under test: `tsx src/server/main.ts` on the embedded database in a fresh DATA_DIR.

type RunningServer = {
  baseUrl: string;
  /** The Node process running main.ts (tsx starts it as its child). */
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

function childPid(pid: number): number | undefined {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.length ? Number(children[0]) : undefined;
  } catch {
    return undefined;
  }
}

/** A fresh DATA_DIR unless one is given (a restart); a given one is left in place on stop. */
async function startServer(options: { seedDemo: boolean; dataDir?: string; timeoutMs?: number }): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['src/server/main.ts'], {
    cwd: root,
    detached: true, // its own process group, so stop() ends tsx and the server together
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
        return { baseUrl, serverPid: childPid(child.pid!) ?? child.pid!, startMs, stop };
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
    name: 'cold-start',
    description:
      'Spawn to the first 200 from /api/health on the embedded database: fresh DATA_DIR (database creation and migrations included), and a restart on existing data',
    async run({ runs }) {
      const rows: Row[] = [];
      for (const seedDemo of [false, true]) {
        const times: number[] = [];
        for (let i = 0; i < runs; i++) {
          const server = await startServer({ seedDemo });
          times.push(server.startMs);
          await server.stop();
        }
        rows.push(row('cold-start', seedDemo ? 'demo seed on' : 'SEED_DEMO=false', 'time to first 200', 'ms', times));
      }
      // Only the first start creates the database (initdb, migrations, seed); a restart opens it.
      const restarts: number[] = [];
      for (let i = 0; i < runs; i++) {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-'));
        try {
          await (await startServer({ seedDemo: true, dataDir })).stop();
          const server = await startServer({ seedDemo: true, dataDir });
          restarts.push(server.startMs);
          await server.stop();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
      rows.push(row('cold-start', 'restart on existing data', 'time to first 200', 'ms', restarts));
      return rows;
    },
  },
  {
    name: 'idle-memory',
    description: 'RSS of the server process (main.ts under tsx) after start and a 5 s idle, SEED_DEMO=false',
    async run({ runs }) {
      const rss: number[] = [];
      const peak: number[] = [];
      for (let i = 0; i < runs; i++) {
        const server = await startServer({ seedDemo: false });
        try {
          await sleep(5_000);
          rss.push(memoryMiB(server.serverPid, 'VmRSS'));
          peak.push(memoryMiB(server.serverPid, 'VmHWM'));
        } finally {
          await server.stop();
        }
      }
      return [
        row('idle-memory', 'SEED_DEMO=false', 'RSS at idle', 'MiB', rss),
        row('idle-memory', 'SEED_DEMO=false', 'peak RSS (VmHWM)', 'MiB', peak),
      ];
    },
  },
  {
    name: 'project-list',
    description:
      'First page of GET /api/projects (plain, and searching "brand") for an admin of an organization with 10,000 projects and 1,000 clients, 32 connections for 10 s each, beside a bare Fastify route running the same SQL through the same driver; PGlite, and PostgreSQL when BENCH_DATABASE_URL is set',
    async run() {
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
            const app = await loadTest(`${server.appUrl}/api/projects${query}`, server.cookie);
            const bare = await loadTest(`${server.bareUrl}/bare/projects${query}`);
            const label = `${target.label}, ${caseName}`;
            rows.push(row('project-list', `${label}, app`, 'requests/s', 'req/s', [app.rps]));
            rows.push(row('project-list', `${label}, app`, 'p99 latency', 'ms', [app.p99]));
            rows.push(row('project-list', `${label}, bare SQL`, 'requests/s', 'req/s', [bare.rps]));
            rows.push(row('project-list', `${label}, bare SQL`, 'p99 latency', 'ms', [bare.p99]));
            rows.push(row('project-list', `${label}, app / bare`, 'throughput ratio', 'x', [app.rps / bare.rps]));
            if (app.failed || bare.failed) {
              rows.push(row('project-list', `${label}`, 'errors or timeouts (app, bare)', 'requests', [app.failed, bare.failed]));
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

type ListServer = { appUrl: string; bareUrl: string; cookie: string; stop: () => Promise<void> };

/** scripts/bench/project-list-server.ts in its own process, seeded, listening on two ports. */
async function startListServer(databaseUrl: string | undefined): Promise<ListServer> {
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/bench/project-list-server.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BENCH_PORT: String(port), BENCH_DATABASE_URL: databaseUrl ?? '' },
  });
  let output = '';
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(10_000)]);
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
      const ready = JSON.parse(line) as { appUrl: string; bareUrl: string; cookie: string };
      resolve({ ...ready, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The project-list server exited (${code}):\n${output}`));
    });
  });
}

/** autocannon as its own process: 32 connections for 10 s (30 s request timeout); only 200s count. */
async function loadTest(url: string, cookie?: string): Promise<{ rps: number; p99: number; failed: number }> {
  const args = ['-c', '32', '-d', '10', '-t', '30', '-j', ...(cookie ? ['-H', `cookie=${cookie}`] : []), url];
  const output = execFileSync(path.join(root, 'node_modules', '.bin', 'autocannon'), args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 90_000,
  });
  const result = JSON.parse(output) as {
    requests: { average: number };
    latency: { p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers under load`);
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.errors + result.timeouts };
}

// ---------------------------------------------------------------------------------------------

function row(benchmark: string, caseName: string, metric: string, unit: string, runs: number[]): Row {
  const rounded = runs.map((v) => Math.round(v * 10) / 10);
  return { benchmark, case: caseName, metric, unit, value: median(rounded), runs: rounded };
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
  const header = ['benchmark', 'case', 'metric', 'median', 'runs'];
  const lines = rows.map((r) => [r.benchmark, r.case, r.metric, `${r.value} ${r.unit}`, r.runs.join(', ')]);
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
  const runs = Math.min(Math.max(Number(runsArg?.split('=')[1] ?? 3) || 3, 1), 10);
  const names = args.filter((a) => !a.startsWith('--'));
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
    rows.push(...(await benchmark.run({ runs })));
  }
  printTable(rows);

  const when = new Date();
  const result = {
    when: when.toISOString(),
    commit: gitCommit(),
    machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), loadAverageBefore: loadBefore, loadAverageAfter: os.loadavg()[0] },
    runsPerCase: runs,
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

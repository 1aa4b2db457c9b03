// `npx tsx scripts/bench/cpu-profile.ts [--search] [--bare] [--log=info] [--seconds=10]`: a CPU
// profile of the project-list server (decision 014) under the project-list load (32 connections,
// first page; --bare: the bare route beside the app instead), summarised by
// scripts/bench/profile-top.ts over the load window only. BENCH_DATABASE_URL
// as for `npm run bench` (unset: PGlite). The .cpuprofile stays in bench-results/ for
// Chrome DevTools or speedscope.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const search = args.includes('--search');
const bare = args.includes('--bare');
const log = args.find((a) => a.startsWith('--log='))?.split('=')[1];
const seconds = Number(args.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 10);
const dir = path.join(root, 'bench-results', `cpu-profile-${new Date().toISOString().replace(/[:.]/g, '-')}`);
mkdirSync(dir, { recursive: true });

const started = performance.now();
const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', 'scripts/bench/project-list-server.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, BENCH_PORT: process.env.BENCH_PORT ?? '3390', BENCH_LOG: log ?? '' },
});
const ready = await new Promise<{ appUrl: string; bareUrl: string; cookie: string }>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const line = out.split('\n').find((l) => l.startsWith('{') && l.includes('"ready"'));
    if (line) resolve(JSON.parse(line) as { appUrl: string; bareUrl: string; cookie: string });
  });
  server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
});
// A short warm-up (JIT, prepared statements, caches), then the measured window.
const url = `${bare ? `${ready.bareUrl}/bare/projects` : `${ready.appUrl}/api/projects`}${search ? '?search=brand' : ''}`;
const autocannon = path.join(root, 'node_modules', '.bin', 'autocannon');
execFileSync(autocannon, ['-c', '32', '-d', '3', '-H', `cookie=${ready.cookie}`, url], { stdio: 'ignore' });
const from = performance.now() - started;
const result = JSON.parse(
  execFileSync(autocannon, ['-c', '32', '-d', String(seconds), '-j', '-H', `cookie=${ready.cookie}`, url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
) as { requests: { total: number; average: number }; latency: { p50: number; p99: number } };
const to = performance.now() - started;
server.kill('SIGINT');
await new Promise((resolve) => server.once('exit', resolve));

const file = path.join(dir, readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!);
console.log(`${url}${log ? ` (logging at ${log})` : ''}: ${result.requests.total} requests, ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
console.log(`profile: ${path.relative(root, file)} (window ${from.toFixed(0)}-${to.toFixed(0)} ms after spawn)\n`);
// The profile's clock starts a little after spawn; the window is taken a little wide of the load.
execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bench/profile-top.ts', file, `--from=${(from - 300).toFixed(0)}`, `--to=${to.toFixed(0)}`], {
  cwd: root,
  stdio: 'inherit',
});

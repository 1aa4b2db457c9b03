// CI's proof of the deployment recipe (issue 35 items 2-4), `npx tsx scripts/deploy-check.ts`:
// nginx on deploy/nginx/brieflane.conf, three app servers from deploy/systemd/brieflane@.service
// with deploy/brieflane.env.example, one PostgreSQL database (created and dropped on the server
// TEST_DATABASE_URL names) and one S3-protocol server; a kill -9 of one server under load and a
// rolling restart (deploy/rolling-restart.sh) under load. Exits 1 when a pass condition fails.
// `npm run bench -- failover` runs the same at full size (300 users, 60 s).
//
//   --users=100 --seconds=30 --kill-at=10 --start-at=20 --live-pages=24 --no-rolling --keep
import { formatReport, runProof } from './deploy/proof';

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const value = Number(arg.slice(name.length + 3));
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number, not ${arg}`);
  return value;
}

const adminDatabaseUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
if (!adminDatabaseUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL role that may create databases (postgres://postgres:PASSWORD@127.0.0.1:5432/postgres).');
  process.exit(2);
}
const users = option('users', 100);
const options = {
  adminDatabaseUrl,
  users,
  seconds: option('seconds', 30),
  killAt: option('kill-at', 10),
  startAt: option('start-at', 20),
  thinkMs: option('think-ms', 1000),
  projects: option('projects', Math.max(40, Math.ceil((users * 2) / 3))),
  livePages: option('live-pages', 24),
  rolling: !process.argv.includes('--no-rolling'),
  compareSeconds: option('compare-seconds', 0),
  keepDir: process.argv.includes('--keep'),
  log: (line: string) => console.log(line),
};
const started = Date.now();
const report = await runProof(options);
console.log(formatReport(report, options));
console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
process.exit(report.problems.length ? 1 : 0);

// `npm run sqlmap`: sqlmap (Debian's package) over every query-string route of a real server on
// loopback, signed in as the demo organization's owner. Fails when sqlmap finds an injection
// point or a request answers 5xx, or when sqlmap is missing with CI=true (elsewhere it says how to install it and skips).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signIn } from '../src/server/proof/crash-harness';
import { startServer, stopServer } from '../src/server/proof/server-process';

const TARGETS = [
  { path: '/api/projects?search=brand&status=all&limit=10', params: 'search,status,limit' },
  { path: '/api/clients?search=acme&limit=10', params: 'search,limit' },
  { path: '/api/templates?search=web&limit=10', params: 'search,limit' },
  { path: '/api/team?search=dev&tag=design&limit=10', params: 'search,tag,limit' },
  { path: '/api/activities?search=client&action=all&limit=10', params: 'search,action,limit' },
  { path: '/api/reports?range=30d', params: 'range' },
  { path: '/api/dev/mailbox?to=owner%40brieflane.demo', params: 'to' },
];

if (spawnSync('sqlmap', ['--version']).error) {
  const message = 'sqlmap is not installed (sudo apt-get install -y sqlmap).';
  if (process.env.CI === 'true') {
    console.error(message);
    process.exit(1);
  }
  console.warn(`${message} Skipping the injection run.`);
  process.exit(0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-sqlmap-'));
const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true', AUTH_SECRET: 'sqlmap-run-secret-sqlmap-run-secret-0123' });
let injectable = 0;
try {
  const cookie = await signIn(server.base);
  for (const target of TARGETS) {
    const run = spawnSync(
      'sqlmap',
      ['-u', `${server.base}${target.path}`, `--cookie=${cookie}`, '-p', target.params, '--batch', '--level=3', '--risk=2', '--dbms=PostgreSQL',
        '--threads=4', '--flush-session', `--output-dir=${path.join(dataDir, 'sqlmap')}`, '--disable-coloring'],
      { encoding: 'utf8', timeout: 600_000 },
    );
    const output = `${run.stdout}${run.stderr}`;
    const found = /identified the following injection point|is vulnerable/i.test(output);
    // sqlmap's own count of the answers that were not 200; a 5xx is a defect as much as an injection.
    const statuses = [...output.matchAll(/^(\d{3}) \([^)]+\) - (\d+) times/gm)].map((m) => `${m[1]} × ${m[2]}`);
    const failed = found || statuses.some((s) => s.startsWith('5'));
    console.log(`${failed ? 'FAILED' : 'clean '}  ${target.path}  (${target.params})  non-200 answers: ${statuses.join(', ') || 'none'}`);
    if (failed) {
      injectable += 1;
      console.log(output);
    }
  }
} finally {
  await stopServer(server, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(injectable ? `\n${injectable} injectable target(s).` : `\nNo injection point in ${TARGETS.length} targets.`);
process.exit(injectable ? 1 : 0);

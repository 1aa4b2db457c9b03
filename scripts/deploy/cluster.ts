// The deployment recipe running for real on loopback (issue 35 items 2-4): nginx on the site
// from deploy/ (rendered with only its ports and paths changed, `nginx -t` first), three app
// servers started with the systemd unit's ExecStart, WorkingDirectory and environment (the
// example environment file over the unit's own lines), one PostgreSQL database of its own on
// the server TEST_DATABASE_URL names, and one S3-protocol server. systemd does not run here:
// this harness plays its part (start, SIGTERM with TimeoutStopSec, kill), and a small control
// endpoint lets deploy/rolling-restart.sh restart a server as `systemctl restart` would.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/server/proof/server-process';
import { startTestS3Server, type TestS3Server } from '../../src/server/test/s3-server';
import {
  RECIPE,
  mainConfig,
  parseAccessLogLine,
  parseEnvironmentFile,
  parseUnitFile,
  renderSite,
  root,
  serviceCommand,
  serviceEnvironment,
  systemdSeconds,
  unitValue,
  upstreamServers,
  uploadLimitProblem,
  type AccessLogLine,
} from './recipe';

/** What the recipe's example names and the harness points at this run's services instead. */
const SITE_SETTINGS = ['PUBLIC_URL', 'AUTH_SECRET', 'METRICS_TOKEN', 'DATABASE_URL', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
/** The recipe's paths and the files this run uses in their place. */
const UNIT_NODE = '/usr/bin/node';
const UNIT_WORKING_DIRECTORY = '/opt/brieflane/current';
const UNIT_ENVIRONMENT_FILE = '/etc/brieflane/brieflane.env';
const UNIT_STATE_ROOT = '/var/lib/brieflane/';
const SITE_CERTIFICATES = '/etc/letsencrypt/live/brieflane.example.com/';
const SITE_LOGS = '/var/log/nginx/';
const SITE_WEBROOT = '/var/www/html';

export type AppServer = {
  /** The instance: the port in the site's upstream (3001), and the port it listens on in this run. */
  instance: number;
  port: number;
  process: ChildProcess | undefined;
  /** The process's stdout and stderr. */
  logFile: string;
};

export type Cluster = {
  /** https://127.0.0.1:<port>: the site's TLS server, PUBLIC_URL of the app servers. */
  url: string;
  /** http://127.0.0.1:<port>: the site's plain-HTTP server (redirects). */
  httpUrl: string;
  /** The self-signed certificate nginx serves (clients trust it as their CA). */
  ca: Buffer;
  servers: AppServer[];
  dir: string;
  accessLog: string;
  /** `nginx -p <prefix> -c <conf> -e <log>`: the command deploy/rolling-restart.sh calls. */
  nginxCommand: string[];
  siteFile: string;
  /** How long systemd would wait after SIGTERM before SIGKILL (the unit's TimeoutStopSec). */
  stopTimeoutMs: number;
  /** The environment the unit and the example file give the instance (with this run's services). */
  environmentOf: (server: AppServer) => Record<string, string>;
  start: (server: AppServer) => Promise<void>;
  waitReady: (server: AppServer, timeoutMs?: number) => Promise<void>;
  /** SIGTERM and wait for the exit (SIGKILL after stopTimeoutMs, as systemd); returns the exit code. */
  stop: (server: AppServer) => Promise<number | null>;
  /**
   * kill -9: no warning, no drain. When the signal went and when the process was gone (its
   * sockets closed): until then the kernel still takes connections for it.
   */
  kill: (server: AppServer) => Promise<{ signalledAt: number; goneAt: number }>;
  /** deploy/rolling-restart.sh against this run's nginx and servers; its output lines. */
  rollingRestart: (ports?: number[]) => Promise<{ code: number; lines: string[] }>;
  /** `down` on every upstream server but `keep`, nginx reloaded: one server behind the site. */
  onlyServer: (keep: AppServer) => Promise<void>;
  readAccessLog: () => AccessLogLine[];
  /** The site's error log counted by kind of message (no ids, addresses or requests). */
  errorLogSummary: () => string[];
  close: () => Promise<void>;
};

export type ClusterOptions = {
  /** A PostgreSQL role that may create databases: postgres://postgres:pw@127.0.0.1:5432/postgres. */
  adminDatabaseUrl: string;
  log?: (line: string) => void;
  /** Keep the run's folder (logs, rendered files) when it closes. */
  keepDir?: boolean;
};

function which(command: string, fallbacks: string[]): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  return fallbacks.find((candidate) => existsSync(candidate));
}

export function findNginx(): string | undefined {
  return which('nginx', ['/usr/sbin/nginx']);
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install -y nginx)');
  const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-deploy-'));
  // nginx's workers run as another user when it starts as root: they read and write in here.
  chmodSync(dir, 0o755);
  const cleanups: (() => Promise<void> | void)[] = [];
  const children = new Set<ChildProcess>();
  // Whatever happens to this process, nothing it started keeps running.
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  cleanups.push(() => void process.off('exit', killAll));

  let s3: TestS3Server | undefined;
  let databaseName: string | undefined;
  try {
    // ---- the recipe's files
    const unit = parseUnitFile(readFileSync(path.join(root, RECIPE.unit), 'utf8'));
    const site = readFileSync(path.join(root, RECIPE.site), 'utf8');
    const exampleText = readFileSync(path.join(root, RECIPE.environment), 'utf8');
    const example = parseEnvironmentFile(exampleText);
    const uploadProblem = uploadLimitProblem(site, example);
    if (uploadProblem) throw new Error(`deploy/: ${uploadProblem}`);
    const stopTimeoutMs = systemdSeconds(unitValue(unit, 'Service', 'TimeoutStopSec')) * 1000;
    if (unitValue(unit, 'Service', 'KillSignal') !== 'SIGTERM') throw new Error('The unit must stop the server with KillSignal=SIGTERM');

    // ---- TLS: a certificate for 127.0.0.1, where the site's Let's Encrypt one would be
    const tls = path.join(dir, 'tls');
    mkdirSync(tls);
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', path.join(tls, 'privkey.pem'), '-out', path.join(tls, 'fullchain.pem'),
    ], { stdio: 'ignore' });
    const ca = readFileSync(path.join(tls, 'fullchain.pem'));

    // ---- ports: the site's two listen ports and its three app servers, each a free one here
    const instances = upstreamServers(site).map((server) => server.port);
    const httpPort = await freePort();
    const httpsPort = await freePort();
    const url = `https://127.0.0.1:${httpsPort}`;
    const servers: AppServer[] = [];
    for (const instance of instances) servers.push({ instance, port: await freePort(), process: undefined, logFile: path.join(dir, `server-${instance}.log`) });

    // ---- PostgreSQL and S3
    s3 = await startTestS3Server('brieflane-deploy');
    cleanups.push(() => s3?.close());
    databaseName = `brieflane_deploy_${process.pid}_${Date.now()}`;
    await adminQuery(options.adminDatabaseUrl, `create database ${databaseName}`);
    const databaseUrl = new URL(options.adminDatabaseUrl);
    databaseUrl.pathname = `/${databaseName}`;
    log(`PostgreSQL database ${databaseName}, S3 bucket ${s3.bucket} at ${s3.endpoint}`);

    // ---- the environment file: the example with this run's addresses and secret
    const siteValues: Record<(typeof SITE_SETTINGS)[number], string> = {
      PUBLIC_URL: url,
      AUTH_SECRET: `deploy-check-${process.pid}-0123456789abcdefghijklmnopqrstuvwxyz`,
      METRICS_TOKEN: `deploy-check-metrics-${process.pid}-0123456789`,
      DATABASE_URL: databaseUrl.toString(),
      S3_ENDPOINT: s3.env.S3_ENDPOINT!,
      S3_BUCKET: s3.env.S3_BUCKET!,
      S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID!,
      S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY!,
    };
    const environment = new Map(example);
    for (const key of SITE_SETTINGS) {
      if (!environment.has(key)) throw new Error(`${RECIPE.environment} does not set ${key}`);
      environment.set(key, siteValues[key]);
    }
    const environmentFile = path.join(dir, 'brieflane.env');
    writeFileSync(environmentFile, [...environment].map(([k, v]) => `${k}=${v}`).join('\n') + '\n', { mode: 0o600 });

    const environmentOf = (server: AppServer): Record<string, string> => {
      const service = serviceCommand(unit, String(server.instance));
      const env = serviceEnvironment(service, service.environmentFiles.map((file) => {
        if (file !== UNIT_ENVIRONMENT_FILE) throw new Error(`The unit reads ${file}; the harness knows ${UNIT_ENVIRONMENT_FILE}`);
        return environment;
      }));
      // Only the instance's port and the state directory's root differ from what systemd would give.
      if (env.PORT !== String(server.instance)) throw new Error(`The unit gives instance ${server.instance} PORT=${env.PORT}`);
      env.PORT = String(server.port);
      if (!env.DATA_DIR?.startsWith(UNIT_STATE_ROOT)) throw new Error(`The unit's DATA_DIR (${env.DATA_DIR}) is not under ${UNIT_STATE_ROOT}`);
      env.DATA_DIR = path.join(dir, 'state', env.DATA_DIR.slice(UNIT_STATE_ROOT.length));
      return env;
    };
    const commandOf = (server: AppServer) => {
      const service = serviceCommand(unit, String(server.instance));
      if (service.command !== UNIT_NODE) throw new Error(`The unit runs ${service.command}; the harness knows ${UNIT_NODE}`);
      if (service.cwd !== UNIT_WORKING_DIRECTORY) throw new Error(`The unit works in ${service.cwd}; the harness knows ${UNIT_WORKING_DIRECTORY}`);
      return { command: process.execPath, args: service.args, cwd: root };
    };

    // systemd gives a service a small environment of its own, not its caller's.
    const baseEnvironment: Record<string, string> = { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8' };

    // ---- the unit itself, as systemd-analyze sees it (when installed; systemd need not run)
    const analyze = which('systemd-analyze', []);
    if (analyze) {
      const unitDir = path.join(dir, 'systemd');
      mkdirSync(unitDir);
      const rendered = readFileSync(path.join(root, RECIPE.unit), 'utf8')
        .replace(`ExecStart=${UNIT_NODE} `, `ExecStart=${process.execPath} `)
        .replace(`WorkingDirectory=${UNIT_WORKING_DIRECTORY}`, `WorkingDirectory=${root}`)
        .replace(`EnvironmentFile=${UNIT_ENVIRONMENT_FILE}`, `EnvironmentFile=${environmentFile}`);
      const unitFile = path.join(unitDir, `brieflane@${instances[0]}.service`);
      writeFileSync(unitFile, rendered);
      const verify = spawnSync(analyze, ['verify', '--man=no', unitFile], { encoding: 'utf8' });
      const complaints = `${verify.stdout}${verify.stderr}`.split('\n').filter((line) => line.includes(path.basename(unitFile)) || /brieflane@/.test(line));
      if (verify.status !== 0 || complaints.length > 0) throw new Error(`systemd-analyze verify refused the unit (exit ${verify.status}):\n${verify.stdout}${verify.stderr}`);
      log('systemd-analyze verify: the unit is valid');
    } else {
      log('systemd-analyze is not installed: the unit is read, not verified');
    }

    // ---- the app servers
    const start = async (server: AppServer) => {
      const { command, args, cwd } = commandOf(server);
      const env = { ...baseEnvironment, ...environmentOf(server) };
      // systemd makes StateDirectory= with StateDirectoryMode=0700.
      mkdirSync(env.DATA_DIR!, { recursive: true, mode: 0o700 });
      const out = createWriteStream(server.logFile, { flags: 'a' });
      const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      children.add(child);
      child.stdout!.pipe(out, { end: false });
      child.stderr!.pipe(out, { end: false });
      child.once('exit', () => {
        children.delete(child);
        setTimeout(() => out.end(), 100);
      });
      server.process = child;
    };
    const waitReady = async (server: AppServer, timeoutMs = 90_000) => {
      const deadline = Date.now() + timeoutMs;
      const child = server.process;
      while (Date.now() < deadline) {
        if (!child || child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`The app server ${server.instance} exited before it was ready:\n${tail(server.logFile)}`);
        }
        try {
          if ((await fetch(`http://127.0.0.1:${server.port}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).status === 200) return;
        } catch {
          // Not listening yet.
        }
        await sleep(100);
      }
      throw new Error(`The app server ${server.instance} was not ready in ${timeoutMs / 1000} s:\n${tail(server.logFile)}`);
    };
    const exited = (child: ChildProcess) =>
      child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const stop = async (server: AppServer): Promise<number | null> => {
      const child = server.process;
      if (!child) return null;
      const done = exited(child);
      child.kill('SIGTERM');
      const late = await Promise.race([done.then(() => false), sleep(stopTimeoutMs).then(() => true)]);
      if (late) {
        child.kill('SIGKILL');
        await done;
        throw new Error(`The app server ${server.instance} was still running ${stopTimeoutMs} ms after SIGTERM:\n${tail(server.logFile)}`);
      }
      return child.exitCode;
    };
    const kill = async (server: AppServer) => {
      const child = server.process;
      if (!child) throw new Error(`The app server ${server.instance} is not running`);
      const done = exited(child);
      const signalledAt = Date.now();
      child.kill('SIGKILL');
      await done;
      return { signalledAt, goneAt: Date.now() };
    };
    cleanups.push(async () => {
      await Promise.all(servers.map((server) => stop(server).catch(() => undefined)));
    });

    // The three start at once on the new database, as `systemctl enable --now brieflane@3001
    // brieflane@3002 brieflane@3003` starts them: they take turns at the migrations. Built first
    // when dist/ is stale (scripts/start.mjs would build in each of the three at once).
    buildIfStale(log);
    await Promise.all(servers.map(start));
    await Promise.all(servers.map((server) => waitReady(server)));
    log(`App servers ready: ${servers.map((s) => `${s.instance} on ${s.port}`).join(', ')}`);
    // The demo organization's staff are the simulated users: `npm run seed`, with the same settings.
    const seeded = spawnSync(process.execPath, ['scripts/start.mjs', 'seed'], { cwd: root, env: { ...baseEnvironment, ...environmentOf(servers[0]!) }, encoding: 'utf8', timeout: 120_000 });
    if (seeded.status !== 0) throw new Error(`npm run seed failed:\n${seeded.stdout}${seeded.stderr}`);
    log('Seeded the demo organization (node scripts/start.mjs seed)');

    // ---- nginx on the rendered site
    const prefix = path.join(dir, 'nginx');
    const logs = path.join(prefix, 'logs');
    const webroot = path.join(dir, 'www');
    mkdirSync(path.join(prefix, 'sites-available'), { recursive: true });
    mkdirSync(logs);
    mkdirSync(webroot);
    const siteFile = path.join(prefix, 'sites-available', 'brieflane');
    writeFileSync(
      siteFile,
      renderSite(site, {
        listen: { 80: httpPort, 443: httpsPort },
        upstreams: Object.fromEntries(servers.map((s) => [s.instance, s.port])),
        paths: { [SITE_CERTIFICATES]: `${tls}/`, [SITE_LOGS]: `${logs}/`, [SITE_WEBROOT]: webroot },
      }),
    );
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(conf, mainConfig({ prefix, site: siteFile, mimeTypes: existsSync('/etc/nginx/mime.types') ? '/etc/nginx/mime.types' : undefined }));
    const nginxCommand = [nginx, '-p', prefix, '-c', conf, '-e', path.join(prefix, 'error.log')];
    const test = spawnSync(nginxCommand[0]!, [...nginxCommand.slice(1), '-t'], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t refused the rendered site:\n${test.stderr}`);
    log(`nginx -t: ${test.stderr.trim().split('\n').at(-1)}`);
    const nginxProcess = spawn(nginxCommand[0]!, [...nginxCommand.slice(1), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    children.add(nginxProcess);
    let nginxErrors = '';
    nginxProcess.stderr!.on('data', (chunk: Buffer) => (nginxErrors = (nginxErrors + chunk.toString()).slice(-4000)));
    cleanups.push(async () => {
      if (nginxProcess.exitCode !== null || nginxProcess.signalCode !== null) return;
      const done = new Promise((resolve) => nginxProcess.once('exit', resolve));
      nginxProcess.kill('SIGQUIT');
      if (await Promise.race([done.then(() => false), sleep(10_000).then(() => true)])) nginxProcess.kill('SIGKILL');
      await done;
      children.delete(nginxProcess);
    });
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (nginxProcess.exitCode !== null) throw new Error(`nginx exited (${nginxProcess.exitCode}):\n${nginxErrors}`);
      try {
        if ((await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' })).status === 301) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s:\n${nginxErrors}`);
      await sleep(50);
    }
    log(`nginx ${url} in front of the app servers (${siteFile})`);

    // ---- what `systemctl restart brieflane@PORT` does, for deploy/rolling-restart.sh
    const control: Server = createServer((request, response) => {
      const match = /^\/restart\/(\d+)$/.exec(request.url ?? '');
      const server = servers.find((s) => s.port === Number(match?.[1]));
      if (request.method !== 'POST' || !server) {
        response.writeHead(404).end();
        return;
      }
      // systemd: stop (SIGTERM, wait for the exit, SIGKILL after TimeoutStopSec), start;
      // Type=simple, so the restart returns once the process runs, not once it is ready.
      stop(server)
        .then(() => start(server))
        .then(() => response.writeHead(200).end('restarted\n'))
        .catch((error: unknown) => response.writeHead(500).end(String(error)));
    });
    await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => control.close(() => resolve())));
    const controlPort = (control.address() as { port: number }).port;

    const rollingRestart = (ports?: number[]) =>
      new Promise<{ code: number; lines: string[] }>((resolve, reject) => {
        const child = spawn('bash', [path.join(root, RECIPE.rollingRestart), ...(ports ?? []).map(String)], {
          cwd: root,
          env: {
            ...process.env,
            BRIEFLANE_NGINX_SITE: siteFile,
            BRIEFLANE_NGINX: nginxCommand.join(' '),
            BRIEFLANE_RESTART: `curl -fsS -X POST -o /dev/null http://127.0.0.1:${controlPort}/restart/%s`,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.add(child);
        let output = '';
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.once('error', reject);
        child.once('exit', (code) => {
          children.delete(child);
          resolve({ code: code ?? 1, lines: output.split('\n').filter(Boolean) });
        });
      });

    const reload = () => {
      const tested = spawnSync(nginxCommand[0]!, [...nginxCommand.slice(1), '-t', '-q'], { encoding: 'utf8' });
      if (tested.status !== 0) throw new Error(`nginx -t: ${tested.stderr}`);
      execFileSync(nginxCommand[0]!, [...nginxCommand.slice(1), '-s', 'reload']);
    };
    const onlyServer = async (keep: AppServer) => {
      let text = readFileSync(siteFile, 'utf8');
      for (const server of servers) {
        if (server === keep) continue;
        text = text.replace(new RegExp(`^(\\s*server\\s+127\\.0\\.0\\.1:${server.port}\\b[^;]*?)( down)?;`, 'm'), '$1 down;');
      }
      writeFileSync(siteFile, text);
      reload();
      await sleep(2000);
    };

    const accessLog = path.join(logs, 'brieflane.access.log');
    const readAccessLog = () =>
      existsSync(accessLog)
        ? readFileSync(accessLog, 'utf8')
            .split('\n')
            .map(parseAccessLogLine)
            .filter((line): line is AccessLogLine => line !== undefined)
        : [];

    const errorLogSummary = () => {
      const file = path.join(logs, 'brieflane.error.log');
      if (!existsSync(file)) return [];
      const counts = new Map<string, number>();
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const match = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: .*)?$/.exec(line);
        if (!match || match[1] === 'info' || match[1] === 'notice') continue;
        const kind = `[${match[1]}] ${match[2]!.replace(/\d+/g, 'N')}`;
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
      return [...counts].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${n} × ${kind}`);
    };

    const close = async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      cleanups.length = 0;
      if (databaseName) await adminQuery(options.adminDatabaseUrl, `drop database if exists ${databaseName} with (force)`).catch(() => undefined);
      if (!options.keepDir) rmSync(dir, { recursive: true, force: true });
    };

    return {
      url,
      httpUrl: `http://127.0.0.1:${httpPort}`,
      ca,
      servers,
      dir,
      accessLog,
      nginxCommand,
      siteFile,
      stopTimeoutMs,
      environmentOf,
      start,
      waitReady,
      stop,
      kill,
      rollingRestart,
      onlyServer,
      readAccessLog,
      errorLogSummary,
      close,
    };
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    killAll();
    if (databaseName) await adminQuery(options.adminDatabaseUrl, `drop database if exists ${databaseName} with (force)`).catch(() => undefined);
    if (!options.keepDir) rmSync(dir, { recursive: true, force: true });
    else log(`Kept ${dir}`);
    throw error;
  }
}

/** What scripts/start.mjs compares with dist/.build-stamp (its SOURCES). */
const BUILD_SOURCES = ['src', 'db/migrations', 'scripts/build.mjs', 'vite.config.ts', 'tsconfig.json'];

function newestChange(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(file).map((name) => newestChange(path.join(file, name))));
}

/** npm run build when dist/ is missing or older than the sources, as scripts/start.mjs decides. */
function buildIfStale(log: (line: string) => void): void {
  const stamp = path.join(root, 'dist', '.build-stamp');
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= Math.max(...BUILD_SOURCES.map((source) => newestChange(path.join(root, source))))) return;
  log('Building first (dist/ is missing or stale)');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
}

/** The last lines of a server's log, for a failure message. */
export function tail(file: string, bytes = 3000): string {
  if (!existsSync(file)) return '(no output)';
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}
